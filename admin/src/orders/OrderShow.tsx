import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminOrderDetail } from '@academy/contracts';
import {
  FunctionField,
  Labeled,
  ListButton,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import Grid from '@mui/material/Grid';
import { CourseField, DateTimeField, KrField, OrderStatusChip, VariantField } from '../lib/fields';
import { formatDateTime, formatKr } from '../lib/format';
import { label, PAYMENT_METHOD_LABELS, PROVIDER_LABELS } from '../lib/labels';
import { RefundButton } from './RefundButton';

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Tilbake til listen" />
      <RefundButton />
    </TopToolbar>
  );
}

function Guarantee() {
  const o = useRecordContext<AdminOrderDetail>();
  if (!o) return null;
  if (o.daysSincePurchase === null) return <span>Ikke betalt</span>;
  return (
    <Typography component="span" color={o.withinGuarantee ? 'success.main' : 'text.primary'}>
      {o.daysSincePurchase} dager siden kjøp –{' '}
      {o.withinGuarantee ? `innenfor garantien (til ${formatDateTime(o.guaranteeEndsAt)})` : 'utenfor 30-dagersgarantien'}
    </Typography>
  );
}

function Refunds() {
  const o = useRecordContext<AdminOrderDetail>();
  if (!o) return null;
  if (o.refunds.length === 0) return <span>Ingen refusjoner</span>;
  return (
    <Table size="small" aria-label="Refusjoner">
      <TableHead>
        <TableRow>
          <TableCell>Tidspunkt</TableCell>
          <TableCell>Beløp</TableCell>
          <TableCell>Begrunnelse</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Stripe-id</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {o.refunds.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{formatDateTime(r.createdAt)}</TableCell>
            <TableCell>{formatKr(r.amountOre)}</TableCell>
            <TableCell>{r.reason}</TableCell>
            <TableCell>{r.status === 'succeeded' ? 'Fullført' : r.status === 'pending' ? 'Behandles' : r.status}</TableCell>
            <TableCell>{r.stripeRefundId ?? '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function OrderShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="status">
              <FunctionField<AdminOrderDetail> render={(r) => <OrderStatusChip status={r.status} />} />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="courseId">
              <CourseField source="courseId" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="amountOre">
              <KrField source="amountOre" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="refundedOre">
              <KrField source="refundedOre" />
            </Labeled>
          </Grid>
        </Grid>
        <Labeled label="30-dagersgaranti">
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
        <VariantField source="trafficSource" />
        <Labeled source="refunds" fullWidth>
          <Refunds />
        </Labeled>
        <FunctionField<AdminOrderDetail> label="Beløp igjen" render={(r) => formatKr(r.refundableOre)} />
      </SimpleShowLayout>
    </Show>
  );
}
