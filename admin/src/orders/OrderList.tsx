import DownloadIcon from '@mui/icons-material/Download';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { orderStatusLabel, type AdminOrder } from '@academy/contracts';
import { Button, DataTable, useListContext } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { useNotifyingAction } from '../lib/useNotifyingAction';
import { CourseField, DateTimeField, EmailField, EmailText, KrField, OrderStatusChip } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter, yesNoFilters } from '../lib/filters';
import {
  CLOSING_LABELS,
  COURSE_LABELS,
  catalogChoices,
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
import { useWorkQueue } from '../lib/workQueue';

/** The payments refused when they landed (the API's `refusal` filter). */
const REFUSAL_CHOICES = [
  { id: 'awaiting_refund', name: 'Venter på refusjon' },
  { id: 'refused', name: 'Alle avviste' },
];

const filters = [
  searchFilter('Ordre, kvittering, navn, e-post, kode'),
  choiceFilter('status', orderStatusChoices, { alwaysOn: true, multiple: true }),
  choiceFilter('refusal', REFUSAL_CHOICES),
  choiceFilter('courseId', catalogChoices),
  choiceFilter('provider', providerChoices),
  choiceFilter('paymentMethod', paymentMethodChoices),
  choiceFilter('trafficSource', variantChoices),
  ...yesNoFilters('withinGuarantee'),
  ...dayRangeFilters(),
];

/**
 * The work queue's refused payments, one click away while some wait for their refund (the menu's
 * badge counts them): shows exactly those, as the overview's count does.
 */
function AwaitingRefundButton() {
  const queue = useWorkQueue();
  const { filterValues, setFilters } = useListContext();
  const waiting = queue?.refusalsAwaitingRefund ?? 0;
  if (waiting === 0 || filterValues.refusal === 'awaiting_refund') return null;
  return (
    <Button
      label={`Venter på refusjon (${waiting})`}
      color="error"
      data-testid="awaiting-refund"
      onClick={() => setFilters({ refusal: 'awaiting_refund' }, {})}
    >
      <WarningIcon />
    </Button>
  );
}

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
      actions={
        <>
          <AwaitingRefundButton />
          <ExportCsvButton />
        </>
      }
      phone={{
        primary: (o: AdminOrder) => <EmailText value={o.email} />,
        secondary: (o) =>
          phoneLine(
            `nr. ${o.id}`,
            label(COURSE_LABELS, o.courseId),
            formatKr(o.amountOre),
            (o.closedAs && CLOSING_LABELS[o.closedAs]) || orderStatusLabel(o.status, o.refusal),
          ),
        tertiary: (o) => formatDateTime(o.createdAt),
      }}
    >
      <DataTable.Col source="id" />
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="courseId" field={CourseField} />
      <DataTable.Col source="amountOre" align="right" field={KrField} />
      <DataTable.Col
        source="status"
        render={(r: AdminOrder) => <OrderStatusChip status={r.status} closedAs={r.closedAs} refusal={r.refusal} />}
      />
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
