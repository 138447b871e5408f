import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { GUARANTEE_DAYS, type AdminOrderDetail, type AdminOrderDocument, type AdminRefund } from '@academy/contracts';
import {
  FunctionField,
  Labeled,
  Link,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useCreatePath,
  useRecordContext,
  WithRecord,
} from 'react-admin';
import { DetailTable, type DetailColumn } from '../lib/DetailTable';
import { CourseField, DateTimeField, EmailText, KrField, OrderStatusChip, VariantField } from '../lib/fields';
import { formatDateTime } from '../lib/format';
import { guaranteeText } from '../lib/guarantee';
import { formatKr } from '../lib/money';
import { label, PAYMENT_METHOD_LABELS, PROVIDER_LABELS, REFUND_REFERENCE_LABELS } from '../lib/labels';
import { BackToListActions, FieldRow, ShowLink } from '../lib/ShowParts';
import { RefundButton } from './RefundButton';
import { fullRecord } from '../lib/fullRecord';

const REFUND_STATUS: Record<string, string> = { succeeded: 'Fullført', pending: 'Behandles' };

/** The refunds; the provider's reference is named after the provider (a Vipps refund has no Stripe id). */
const refundColumns = (provider: string): DetailColumn<AdminRefund>[] => [
  { header: 'Tidspunkt', cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Beløp', cell: (r) => formatKr(r.amountOre) },
  { header: 'Begrunnelse', cell: (r) => r.reason },
  { header: 'Status', cell: (r) => REFUND_STATUS[r.status] ?? r.status },
  { header: REFUND_REFERENCE_LABELS[provider] ?? 'Referanse', cell: (r) => r.stripeRefundId ?? '–' },
];

const DOCUMENT_COLUMNS: DetailColumn<AdminOrderDocument>[] = [
  {
    header: 'Dokument',
    cell: (d) => (
      <a href={d.pdfUrl} download>
        {d.kind === 'receipt' ? `Kvittering nr. ${d.number}` : `Kreditnota nr. ${d.number}`} (PDF)
      </a>
    ),
  },
  { header: 'Utstedt', cell: (d) => formatDateTime(d.issuedAt) },
  { header: 'Beløp', cell: (d) => formatKr(d.totalOre) },
];

const REFUSAL_REASON: Record<string, string> = {
  already_owned: 'kjøperen hadde kurset fra før',
  code_used_up: 'kampanjekoden var brukt opp',
  upgrade_credit_gone: 'oppgraderingsrabatten gjaldt ikke lenger (betalingen den kom fra var refundert)',
};

/**
 * A payment refused when it landed: why, and where its refund stands. It is refunded at once; should
 * the provider not answer then, it is tried again every 10 minutes until it goes through.
 */
function refusalText(o: Pick<AdminOrderDetail, 'refusal' | 'status' | 'refundedOre'>): string {
  const why = `Avvist: ${REFUSAL_REASON[o.refusal ?? ''] ?? o.refusal}`;
  if (o.status === 'paid')
    return `${why}. Pengene er ikke refundert ennå: det prøves på nytt hvert 10. minutt, eller refunder nå.`;
  return `${why}. Refundert ${formatKr(o.refundedOre)}.`;
}

/** Where the buyer came from: variant, landing page, referrer and UTM parameters. */
function utmText(o: AdminOrderDetail): string {
  const a = o.attribution;
  return (
    [
      a.landingPath && `side ${a.landingPath}`,
      a.referrer && `fra ${a.referrer}`,
      a.utmSource && `utm_source=${a.utmSource}`,
      a.utmMedium && `utm_medium=${a.utmMedium}`,
      a.utmCampaign && `utm_campaign=${a.utmCampaign}`,
      a.utmTerm && `utm_term=${a.utmTerm}`,
      a.utmContent && `utm_content=${a.utmContent}`,
    ]
      .filter(Boolean)
      .join(', ') || '–'
  );
}

/** A value under its label (Labeled shows a label only above a component, never above a bare element). */
function Part({ testId, children }: { testId?: string; children: ReactNode }) {
  return <span data-testid={testId}>{children}</span>;
}

/** The price's parts: the campaign code and its discount, and an upgrade's credit for the course it replaces. */
function PriceParts() {
  const o = useRecordContext<AdminOrderDetail>();
  // With the panel's base (/admin), as react-admin makes its paths.
  const codes = useCreatePath()({ resource: 'campaign-codes', type: 'list' });
  if (!o) return null;
  const credit = o.upgradeCreditOre ?? 0;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled label="panel.orders.kampanjekode">
          <Part testId="order-code">
            {o.campaignCode ? (
              <Link to={`${codes}?filter=${encodeURIComponent(JSON.stringify({ q: o.campaignCode }))}`}>{o.campaignCode}</Link>
            ) : (
              'Ingen'
            )}
          </Part>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled label="panel.common.rabatt">
          <Part testId="order-discount">{o.discountOre ? `– ${formatKr(o.discountOre)}` : '–'}</Part>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled label="panel.orders.oppgraderingskreditt">
          <Part testId="order-upgrade-credit">
            {credit ? (
              <>
                – {formatKr(credit)}
                {o.upgradeFromOrderId ? (
                  <>
                    {' '}
                    (fra{' '}
                    <ShowLink resource="orders" id={o.upgradeFromOrderId}>
                      ordre {o.upgradeFromOrderId}
                    </ShowLink>
                    )
                  </>
                ) : null}
              </>
            ) : (
              '–'
            )}
          </Part>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled label="panel.orders.kvitteringsside">
          <Part>
            {o.receiptPageUrl ? (
              <a href={o.receiptPageUrl} target="_blank" rel="noreferrer">
                Åpne kvitteringen
              </a>
            ) : (
              'Ingen kvittering (ikke betalt)'
            )}
          </Part>
        </Labeled>
      </Grid>
    </Grid>
  );
}

function closingText(closedAs: string): string {
  return (
    {
      aborted: 'Kjøperen avviste betalingen i Vipps',
      expired: 'Betalingen ble ikke godkjent i Vipps i tide (utløpt)',
      cancelled: 'Betalingen ble kansellert i Vipps',
      terminated: 'Vipps avsluttet betalingen',
    }[closedAs] ?? closedAs
  );
}

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
        <BackToListActions label="panel.common.tilbakeTilListen">
          <RefundButton />
        </BackToListActions>
      }
    >
      <SimpleShowLayout>
        <FieldRow>
          <FunctionField<AdminOrderDetail>
            source="status"
            render={(r) => <OrderStatusChip status={r.status} closedAs={r.closedAs} refusal={r.refusal} />}
          />
          <CourseField source="courseId" />
          <KrField source="amountOre" />
          <KrField source="refundedOre" />
        </FieldRow>
        <PriceParts />
        <FunctionField<AdminOrderDetail>
          label="panel.orders.utfall"
          render={(r) => (r.refusal ? refusalText(r) : r.closedAs ? closingText(r.closedAs) : '–')}
        />
        <Labeled label={`${GUARANTEE_DAYS}-dagersgaranti`}>
          <Guarantee />
        </Labeled>
        <FunctionField<AdminOrderDetail>
          label="panel.orders.kjoper"
          render={(r) => (
            <>
              {r.firstName} {r.lastName} &lt;
              <EmailText value={r.email} />
              &gt;
            </>
          )}
        />
        <ReferenceField source="userId" reference="users" link="show" emptyText="Ingen konto (slettet)">
          <FunctionField<{ email: string }> render={(u) => <EmailText value={u.email} />} />
        </ReferenceField>
        <DateTimeField source="createdAt" />
        <DateTimeField source="paidAt" emptyText="Ikke betalt" />
        <FunctionField<AdminOrderDetail> source="paymentMethod" render={(r) => label(PAYMENT_METHOD_LABELS, r.paymentMethod)} />
        <FunctionField<AdminOrderDetail> source="provider" render={(r) => label(PROVIDER_LABELS, r.provider)} />
        <FunctionField<AdminOrderDetail>
          label="panel.orders.referanseHosLeverandoren"
          render={(r) => [r.providerReference, r.stripePaymentIntentId].filter(Boolean).join(' · ') || '–'}
        />
        <DateTimeField source="termsAcceptedAt" />
        <DateTimeField source="riskAcceptedAt" emptyText="–" />
        <TextField source="riskTextVersion" emptyText="–" />
        <VariantField source="trafficSource" />
        <FunctionField<AdminOrderDetail> label="panel.orders.kildeOgUtm" render={utmText} />
        <Labeled label="panel.orders.kvitteringOgKreditnotaer" fullWidth>
          <WithRecord<AdminOrderDetail>
            render={(o) => (
              <DetailTable
                label="panel.orders.kvitteringOgKreditnotaer"
                rows={o.documents ?? []}
                rowKey={(d) => d.number}
                columns={DOCUMENT_COLUMNS}
                empty="Ingen kvittering ennå (ordren er ikke betalt)."
              />
            )}
          />
        </Labeled>
        <Labeled source="refunds" fullWidth>
          <WithRecord<AdminOrderDetail>
            render={(o) => (
              <DetailTable
                label="resources.orders.fields.refunds"
                rows={o.refunds}
                rowKey={(r) => r.id}
                columns={refundColumns(o.provider)}
                empty="Ingen refusjoner"
              />
            )}
          />
        </Labeled>
        <FunctionField<AdminOrderDetail> label="panel.orders.belopIgjen" render={(r) => formatKr(r.refundableOre)} />
      </SimpleShowLayout>
    </Show>
  );
}
