import DownloadIcon from '@mui/icons-material/Download';
import type { AdminOrder } from '@academy/contracts';
import { Button, DataTable, useListContext } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { useNotifyingAction } from '../lib/useNotifyingAction';
import { CourseField, DateTimeField, EmailField, EmailText, KrField, OrderStatusChip } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter, yesNoFilters } from '../lib/filters';
import {
  CLOSING_LABELS,
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
  searchFilter('Ordre, kvittering, navn, e-post, kode'),
  choiceFilter('status', orderStatusChoices, { alwaysOn: true, multiple: true }),
  choiceFilter('courseId', catalogChoices),
  choiceFilter('provider', providerChoices),
  choiceFilter('paymentMethod', paymentMethodChoices),
  choiceFilter('trafficSource', variantChoices),
  ...yesNoFilters('withinGuarantee'),
  ...dayRangeFilters(),
];

/** 'Eksporter CSV': every order the filters match (all pages), written by the server for Excel. */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext();
  const dp = useAdminData();
  const { busy, run } = useNotifyingAction('Eksporten mislyktes');
  return (
    <Button
      label="panel.common.eksporterCsv"
      onClick={() => run(() => dp.exportCsv('orders', { filter: filterValues, sort }))}
      disabled={busy}
    >
      <DownloadIcon />
    </Button>
  );
}

export function OrderList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={<ExportCsvButton />}
      phone={{
        primary: (o: AdminOrder) => <EmailText value={o.email} />,
        secondary: (o) =>
          phoneLine(
            `nr. ${o.id}`,
            label(COURSE_LABELS, o.courseId),
            formatKr(o.amountOre),
            (o.closedAs && CLOSING_LABELS[o.closedAs]) || ORDER_STATUS_LABELS[o.status],
          ),
        tertiary: (o) => formatDateTime(o.createdAt),
      }}
    >
      <DataTable.Col source="id" />
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="courseId" field={CourseField} />
      <DataTable.Col source="amountOre" align="right" field={KrField} />
      <DataTable.Col source="status" render={(r: AdminOrder) => <OrderStatusChip status={r.status} closedAs={r.closedAs} />} />
      <DataTable.Col
        source="paymentMethod"
        disableSort
        render={(r: AdminOrder) => label(PAYMENT_METHOD_LABELS, r.paymentMethod)}
      />
      <DataTable.Col
        source="paidAt"
        label="resources.orders.fields.daysSincePurchase"
        render={(r: AdminOrder) => guaranteeText(r, 'short')}
      />
    </ResourceList>
  );
}
