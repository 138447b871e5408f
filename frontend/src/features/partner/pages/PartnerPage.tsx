import { COMMISSION_STATUS_LABELS, type MeResponse, type PartnerOverview } from '@academy/contracts';
import { LoadingStatus, MemberPage } from '../../../components/MemberShell';
import { Notice } from '../../../components/Notice';
import { RequireAuth } from '../../../components/RequireAuth';
import { ApiError } from '../../../lib/api';
import { formatKroner, formatPriceKr, formatShortDateOslo } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { usePartnerOverview } from '../api/overview';
import './PartnerPage.css';

const COURSE_NAMES: Record<string, string> = {
  foundation: 'Foundation',
  accelerator: 'Accelerator',
  vip: 'VIP',
  kryptovaluta: 'Kryptovaluta',
  microkurs: 'Microkurs',
  temakurs: 'Temakurs',
};

/** Commission is counted in øre: whole kroner as `225 kr`, otherwise with the øre (`224,63 kr`). */
function kr(ore: number): string {
  if (ore % 100 === 0) return formatPriceKr(ore);
  const whole = formatKroner(Math.trunc(ore / 100) * 100);
  return `${whole},${String(Math.abs(ore % 100)).padStart(2, '0')}\u00a0kr`;
}

function terms(o: PartnerOverview): string {
  const base =
    o.commissionPercent !== null
      ? `${String(o.commissionPercent).replace('.', ',')} % av det kjøperen betaler`
      : `${kr(o.commissionOre ?? 0)} per ordre`;
  return o.includeRenewals ? `${base}, også på VIP-fornyelser` : base;
}

function Overview({ o }: { o: PartnerOverview }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const clicks = o.clicksPerDay.reduce((s, d) => s + d.clicks, 0);
  return (
    <>
      <p className="partner__lead">
        Du får {terms(o)}. Provisjonen venter i 30 dager mens kjøperens garanti løper, og blir så godkjent for utbetaling.
      </p>
      <section aria-labelledby="partner-links" className="partner__card">
        <h2 id="partner-links">Lenkene dine</h2>
        <ul className="partner__links">
          {o.codes.map((c) => (
            <li key={c}>
              <code>{`${origin}/p/${c}`}</code>
            </li>
          ))}
        </ul>
        <p className="partner__muted">Koden følger med til betalingen. Klikk totalt: {clicks}</p>
      </section>
      <section aria-labelledby="partner-totals" className="partner__card">
        <h2 id="partner-totals">Provisjon</h2>
        <dl className="partner__totals">
          <div>
            <dt>Venter</dt>
            <dd>{kr(o.totals.pendingOre)}</dd>
          </div>
          <div>
            <dt>Godkjent</dt>
            <dd>{kr(o.totals.approvedOre)}</dd>
          </div>
          <div>
            <dt>Utbetalt</dt>
            <dd>{kr(o.totals.paidOre)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="partner-orders" className="partner__card">
        <h2 id="partner-orders">Ordrer med koden din</h2>
        {o.orders.length === 0 ? (
          <p>Ingen ordrer ennå.</p>
        ) : (
          <ul className="partner__list" data-testid="partner-orders">
            {o.orders.map((r) => (
              <li key={r.orderId} className="partner__row">
                <span className="partner__row-main">
                  Ordre {r.orderId} · {COURSE_NAMES[r.courseId] ?? r.courseId} · {formatShortDateOslo(r.date)}
                </span>
                <span>
                  {formatPriceKr(r.amountOre)} → provisjon <strong>{kr(r.commissionOre)}</strong> ·{' '}
                  {COMMISSION_STATUS_LABELS[r.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="partner__muted">Ordrene vises uten kjøpernes navn og e-post.</p>
      </section>
      <section aria-labelledby="partner-payouts" className="partner__card">
        <h2 id="partner-payouts">Utbetalinger</h2>
        {o.payouts.length === 0 ? (
          <p>Ingen utbetalinger ennå.</p>
        ) : (
          <ul className="partner__list">
            {o.payouts.map((p) => (
              <li key={p.id} className="partner__row">
                <span className="partner__row-main">{formatShortDateOslo(`${p.paidAt}T12:00:00Z`)}</span>
                <span>
                  {kr(p.totalOre)} · referanse {p.reference}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Page({ me }: { me: MeResponse }) {
  const q = usePartnerOverview();
  const notPartner = q.error instanceof ApiError && q.error.status === 403;
  return (
    <MemberPage header={<span className="member-header__email">{me.email}</span>}>
      <Seo title="Partner" noindex />
      <div className="container container--narrow partner">
        <h1 className="partner__title">{q.data ? `Partnersiden til ${q.data.name}` : 'Partner'}</h1>
        {q.isPending && <LoadingStatus text="Henter partnersiden..." />}
        {notPartner && <Notice icon="lock">{q.error?.message}</Notice>}
        {q.isError && !notPartner && <Notice icon="alert">Kunne ikke hente partnersiden. Last siden på nytt.</Notice>}
        {q.data && <Overview o={q.data} />}
      </div>
    </MemberPage>
  );
}

/** `/partner`: the signed-in partner's own page (their links, orders without buyers, commission, payouts). */
export default function PartnerPage() {
  return <RequireAuth>{(me) => <Page me={me} />}</RequireAuth>;
}
