import type { AdminStats } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { errorMessage, httpClient } from '../lib/http';
import { addDays, osloToday } from '../lib/format';
import { formatKr } from '../lib/money';
import { LeadsPerDayChart, MoneyPerWeekChart } from './charts';
import { FunnelCard } from './FunnelCard';
import { PaymentReviewsCard } from './PaymentReviews';
import { LatestLeads, LatestOrders } from './Latest';
import { RemindersCard, VipFiguresCard } from './RetentionCards';
import { useWorkQueue, WORK_QUEUE_ITEMS, workQueueHref } from '../lib/workQueue';
import { overviewLabels as L } from '../i18n/overview-nb';
import './dashboard.css';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="lt-card lt-stat">
      <p className="lt-secondary">{label}</p>
      <p className="lt-stat-value">{value}</p>
    </div>
  );
}

const PRESETS = [7, 30, 90, 365] as const;

/** «Arbeidskø»: what waits for the mentor now, each count a link to its list. */
function WorkQueueCard() {
  const queue = useWorkQueue();
  // Payments marked handled here leave the count at once (the queue itself is read every minute).
  const [reviewsLeft, setReviewsLeft] = useState<number | null>(null);
  if (!queue) return null;
  const count = (key: keyof typeof queue) => (key === 'paymentsToReview' && reviewsLeft !== null ? reviewsLeft : queue[key]);
  return (
    <>
      <section className="lt-card" aria-labelledby="work-queue">
        <h2 id="work-queue">Arbeidskø</h2>
        <ul className="lt-stats" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {WORK_QUEUE_ITEMS.map((item) => (
            <li key={item.key} className="lt-stat">
              <a href={workQueueHref(item)}>
                <span className="lt-secondary">{item.label}</span>{' '}
                <span className="lt-stat-value" data-testid={`work-queue-${item.key}`}>
                  {count(item.key)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <PaymentReviewsCard count={queue.paymentsToReview} onChange={setReviewsLeft} />
    </>
  );
}

function getStats(from: string, to: string): Promise<AdminStats> {
  return httpClient(`/api/admin/stats?${new URLSearchParams({ from, to })}`).then(({ json }) => json as AdminStats);
}

/**
 * The funnel at a glance: leads per variant, conversion, money per week, the newest leads and
 * orders. Plain React and SVG: it is the panel's first page, so it loads without react-admin.
 */
export function Dashboard() {
  const today = osloToday();
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(addDays(today, -29));
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    document.title = 'Oversikt – Administrasjon';
  }, []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getStats(from, to)
      .then((s) => {
        if (!live) return;
        setStats(s);
        setError(null);
      })
      .catch((e: unknown) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [from, to]);

  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const preset = to === today && (PRESETS as readonly number[]).includes(days) ? days : null;

  return (
    <div className="lt lt-dashboard">
      <div className="lt-toolbar">
        <div role="group" aria-label="Periode" className="lt-toggle">
          {PRESETS.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={preset === d}
              onClick={() => {
                setTo(today);
                setFrom(addDays(today, -(d - 1)));
              }}
            >
              {d === 365 ? 'Siste år' : `Siste ${d} dager`}
            </button>
          ))}
        </div>
        <label className="lt-date">
          <span>Fra</span>
          <input type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </label>
        <label className="lt-date">
          <span>Til</span>
          <input type="date" value={to} min={from} max={today} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </label>
      </div>
      {loading ? <div className="lt-loading" role="progressbar" aria-label="Laster statistikk" /> : null}
      {error ? (
        <p className="lt-alert" role="alert">
          {error}
        </p>
      ) : null}
      <WorkQueueCard />
      {stats ? (
        <>
          <div className="lt-stats">
            <Stat label={L.leadsUnikeEPoster} value={stats.totals.leads} />
            <Stat label={L.medKonto} value={stats.totals.accounts} />
            <Stat label={L.harKjopt} value={stats.totals.buyers} />
            <Stat label={L.omsetning} value={formatKr(stats.totals.revenueOre)} />
            <Stat label={L.refundert} value={formatKr(stats.totals.refundsOre)} />
          </div>
          <VipFiguresCard vip={stats.vip} />
          <RemindersCard reminders={stats.reminders} from={stats.from} to={stats.to} />
          <section className="lt-card">
            <h2>Leads per dag og variant</h2>
            <div className="lt-card-body">
              <LeadsPerDayChart data={stats.leadsPerDay} />
            </div>
          </section>
          <FunnelCard funnel={stats.funnel} />
          <section className="lt-card">
            <h2>Omsetning og refusjoner per uke</h2>
            <div className="lt-card-body">
              <MoneyPerWeekChart data={stats.revenuePerWeek} />
            </div>
          </section>
          <div className="lt-two">
            <LatestLeads leads={stats.latestLeads} />
            <LatestOrders orders={stats.latestOrders} />
          </div>
        </>
      ) : null}
    </div>
  );
}
