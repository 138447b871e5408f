import Typography from '@mui/material/Typography';
import { GUARANTEE_DAYS, type AdminOrderDetail, type AdminRefund } from '@academy/contracts';
import {
  FunctionField,
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  WithRecord,
} from 'react-admin';
import { DetailTable, type DetailColumn } from '../lib/DetailTable';
import { CourseField, DateTimeField, KrField, OrderStatusChip, VariantField } from '../lib/fields';
import { formatDateTime } from '../lib/format';
import { guaranteeText } from '../lib/guarantee';
import { formatKr } from '../lib/money';
import { label, PAYMENT_METHOD_LABELS, PROVIDER_LABELS } from '../lib/labels';
import { BackToListActions, FieldRow } from '../lib/ShowParts';
import { RefundButton } from './RefundButton';
import { fullRecord } from '../lib/fullRecord';

const REFUND_STATUS: Record<string, string> = { succeeded: 'Fullført', pending: 'Behandles' };

const REFUND_COLUMNS: DetailColumn<AdminRefund>[] = [
  { header: 'Tidspunkt', cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Beløp', cell: (r) => formatKr(r.amountOre) },
  { header: 'Begrunnelse', cell: (r) => r.reason },
  { header: 'Status', cell: (r) => REFUND_STATUS[r.status] ?? r.status },
  { header: 'Stripe-id', cell: (r) => r.stripeRefundId ?? '–' },
];

function Guarantee() {
  const o = useRecordContext<AdminOrderDetail>();
  if (!o) return null;
  return (
    <Typography
      component="span"
      data-testid="guarantee"
      color={o.withinGuarantee && o.status !== 'refunded' ? 'success.main' : 'text.primary'}
    >
      {guaranteeText(o)}
    </Typography>
  );
}

export function OrderShow() {
  return (
    <Show
      queryOptions={fullRecord}
      actions={
        <BackToListActions label="Tilbake til listen">
          <RefundButton />
        </BackToListActions>
      }
    >
      <SimpleShowLayout>
        <FieldRow>
          <FunctionField<AdminOrderDetail> source="status" render={(r) => <OrderStatusChip status={r.status} />} />
          <CourseField source="courseId" />
          <KrField source="amountOre" />
          <KrField source="refundedOre" />
        </FieldRow>
        <Labeled label={`${GUARANTEE_DAYS}-dagersgaranti`}>
          <Guarantee />
        </Labeled>
        <FunctionField<AdminOrderDetail> label="Kjøper" render={(r) => `${r.firstName} ${r.lastName} <${r.email}>`} />
        <ReferenceField source="userId" reference="users" link="show" emptyText="Ingen konto (slettet)">
          <TextField source="email" />
        </ReferenceField>
        <DateTimeField source="createdAt" />
        <DateTimeField source="paidAt" emptyText="Ikke betalt" />
        <FunctionField<AdminOrderDetail> source="paymentMethod" render={(r) => label(PAYMENT_METHOD_LABELS, r.paymentMethod)} />
        <FunctionField<AdminOrderDetail> source="provider" render={(r) => label(PROVIDER_LABELS, r.provider)} />
        <TextField source="stripeSessionId" emptyText="–" />
        <TextField source="stripePaymentIntentId" emptyText="–" />
        <DateTimeField source="termsAcceptedAt" />
        <DateTimeField source="riskAcceptedAt" emptyText="–" />
        <TextField source="riskTextVersion" emptyText="–" />
        <VariantField source="trafficSource" />
        <Labeled source="refunds" fullWidth>
          <WithRecord<AdminOrderDetail>
            render={(o) => (
              <DetailTable
                label="Refusjoner"
                rows={o.refunds}
                rowKey={(r) => r.id}
                columns={REFUND_COLUMNS}
                empty="Ingen refusjoner"
              />
            )}
          />
        </Labeled>
        <FunctionField<AdminOrderDetail> label="Beløp igjen" render={(r) => formatKr(r.refundableOre)} />
      </SimpleShowLayout>
    </Show>
  );
}
