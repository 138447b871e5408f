import type { AdminStats, AdminVipMethodFigures, ReminderListFilter, VipListFilter } from '@academy/contracts';
import { formatKr } from '../lib/money';

/** The order list filtered to the rows behind a figure. */
const ordersHref = (filter: Record<string, string>) => `/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const pct = (n: number) => `${n.toLocaleString('nb-NO', { maximumFractionDigits: 1 })} %`;

const VIP_ROWS: ReadonlyArray<[string, string, VipListFilter, (f: AdminVipMethodFigures) => string]> = [
  ['renewing', 'Fornyer automatisk', 'renewing', (f) => String(f.renewing)],
  ['mrr', 'Månedlig gjentakende inntekt (MRR)', 'renewing', (f) => formatKr(f.mrrOre)],
  ['due30', 'Fornyes neste 30 dager', 'due30', (f) => `${f.dueIn30Days} · ${formatKr(f.dueIn30DaysOre)}`],
  ['grace', 'Feilet fornyelse, i frist', 'grace', (f) => String(f.inGrace)],
  ['churn30', 'Frafall siste 30 dager', 'ended30', (f) => `${pct(f.churn30Percent)} (${f.ended30Days})`],
  ['churn365', 'Frafall siste 365 dager', 'ended365', (f) => `${pct(f.churn365Percent)} (${f.ended365Days})`],
];

/**
 * VIP that renews by itself, now (docs/decisions.md "VIP figures"): in all and per method (card,
 * Vipps), each figure a link to the orders of the memberships behind it.
 */
export function VipFiguresCard({ vip }: { vip: AdminStats['vip'] }) {
  const columns = [
    ['Alle', vip, {}],
    ['Kort', vip.byMethod.card, { vipMethod: 'card' }],
    ['Vipps', vip.byMethod.vipps, { vipMethod: 'vipps' }],
  ] as const;
  return (
    <section className="lt-card" aria-labelledby="vip-figures">
      <h2 id="vip-figures">VIP-tall nå</h2>
      <div className="lt-scroll" role="region" aria-label="Tabell: VIP-tall i alt og per betalingsmåte" tabIndex={0}>
        <table className="lt-table">
          <thead>
            <tr>
              <th scope="col">Tall</th>
              {columns.map(([label]) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {VIP_ROWS.map(([key, label, filter, value]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {columns.map(([col, figures, method]) => (
                  <td key={col}>
                    <a
                      href={ordersHref({ vip: filter, ...method })}
                      data-testid={`vip-${key}-${col.toLowerCase()}`}
                      aria-label={`${label}, ${col.toLowerCase()}: ${value(figures)}`}
                    >
                      {value(figures)}
                    </a>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Checkout reminders of checkouts started in the period (docs/decisions.md "Checkout reminders"). */
export function RemindersCard({ reminders, from, to }: { reminders: AdminStats['reminders']; from: string; to: string }) {
  const period = { createdFrom: from, createdTo: to };
  const items: ReadonlyArray<[string, ReminderListFilter, string]> = [
    ['Påbegynte bestillinger', 'started', String(reminders.started)],
    ['Påminnet', 'reminded', String(reminders.reminded)],
    ['Fullført etter påminnelse', 'recovered', String(reminders.recovered)],
    ['Omsetning fra påminnelser', 'recovered', formatKr(reminders.recoveredOre)],
  ];
  return (
    <section className="lt-card" aria-labelledby="checkout-reminders">
      <h2 id="checkout-reminders">Påminnelser om bestilling</h2>
      <ul className="lt-stats" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map(([label, filter, value]) => (
          <li key={label} className="lt-stat">
            <a href={ordersHref({ reminder: filter, ...period })}>
              <span className="lt-secondary">{label}</span>{' '}
              <span
                className="lt-stat-value"
                data-testid={`reminders-${label === 'Omsetning fra påminnelser' ? 'revenue' : filter}`}
              >
                {value}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
