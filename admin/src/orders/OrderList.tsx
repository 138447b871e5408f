import type { AdminOrder } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { CourseField, DateTimeField, EmailField, KrField, OrderStatusChip } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter, yesNoFilters } from '../lib/filters';
import {
  COURSE_LABELS,
  catalogChoices,
  ORDER_STATUS_LABELS,
  label,
  orderStatusChoices,
  paymentMethodChoices,
  PAYMENT_METHOD_LABELS,
  providerChoices,
  variantChoices,
} from '../lib/labels';
import { guaranteeText } from '../lib/guarantee';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { formatDateTime } from '../lib/format';
import { formatKr } from '../lib/money';

const filters = [
  searchFilter('Søk på ordre, kvittering, navn, e-post eller kode'),
  choiceFilter('status', orderStatusChoices, { alwaysOn: true, multiple: true }),
  choiceFilter('courseId', catalogChoices),
  choiceFilter('provider', providerChoices),
  choiceFilter('paymentMethod', paymentMethodChoices),
  choiceFilter('trafficSource', variantChoices),
  ...yesNoFilters('withinGuarantee'),
  ...dayRangeFilters(),
];

export function OrderList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      phone={{
        primary: (o: AdminOrder) => o.email,
        secondary: (o) =>
          phoneLine(`nr. ${o.id}`, label(COURSE_LABELS, o.courseId), formatKr(o.amountOre), ORDER_STATUS_LABELS[o.status]),
        tertiary: (o) => formatDateTime(o.createdAt),
      }}
    >
      <DataTable.Col source="id" />
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="courseId" field={CourseField} />
      <DataTable.Col source="amountOre" align="right" field={KrField} />
      <DataTable.Col source="status" render={(r: AdminOrder) => <OrderStatusChip status={r.status} />} />
      <DataTable.Col
        source="paymentMethod"
        disableSort
        render={(r: AdminOrder) => label(PAYMENT_METHOD_LABELS, r.paymentMethod)}
      />
      <DataTable.Col source="paidAt" label="Dager siden kjøp" render={(r: AdminOrder) => guaranteeText(r, 'short')} />
    </ResourceList>
  );
}
