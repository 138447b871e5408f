import type { AdminOrder } from '@academy/contracts';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { OrderStatusChip } from '../lib/fields';
import { formatDateTime, formatKr } from '../lib/format';
import {
  COURSE_LABELS,
  courseChoices,
  label,
  orderStatusChoices,
  paymentMethodChoices,
  PAYMENT_METHOD_LABELS,
  providerChoices,
  variantChoices,
} from '../lib/labels';

const filters = [
  <SearchInput key="q" source="q" placeholder="Søk på e-post, navn eller Stripe-id" alwaysOn />,
  <SelectArrayInput key="status" source="status" choices={orderStatusChoices} alwaysOn />,
  <SelectInput key="courseId" source="courseId" choices={courseChoices} />,
  <SelectInput key="provider" source="provider" choices={providerChoices} />,
  <SelectInput key="paymentMethod" source="paymentMethod" choices={paymentMethodChoices} />,
  <SelectInput key="trafficSource" source="trafficSource" choices={variantChoices} />,
  <NullableBooleanInput key="withinGuarantee" source="withinGuarantee" />,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

export function OrderList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="createdAt" render={(r: AdminOrder) => formatDateTime(r.createdAt)} />
        <DataTable.Col source="email" />
        <DataTable.Col source="courseId" render={(r: AdminOrder) => label(COURSE_LABELS, r.courseId)} />
        <DataTable.NumberCol source="amountOre" render={(r: AdminOrder) => formatKr(r.amountOre)} />
        <DataTable.Col source="status" render={(r: AdminOrder) => <OrderStatusChip status={r.status} />} />
        <DataTable.Col
          source="paymentMethod"
          disableSort
          render={(r: AdminOrder) => label(PAYMENT_METHOD_LABELS, r.paymentMethod)}
        />
        <DataTable.Col
          source="paidAt"
          label="Dager siden kjøp"
          render={(r: AdminOrder) =>
            r.daysSincePurchase === null ? '–' : `${r.daysSincePurchase}${r.withinGuarantee ? ' (garanti)' : ''}`
          }
        />
      </DataTable>
    </List>
  );
}
