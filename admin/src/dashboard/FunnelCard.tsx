import { variantLabel, type FunnelRow } from '@academy/contracts';
import { formatShare } from '../lib/format';
import { formatKr } from '../lib/money';

import { FunnelChart } from './charts';

const pct = formatShare;

/**
 * Lead → konto → kjøp per variant, as a chart and a table with conversion rates. The server counts each
 * person, their account and their orders under the person's one first touch (docs/decisions.md "Attribution").
 */
export function FunnelCard({ funnel }: { funnel: FunnelRow[] }) {
  const rows = funnel.map((f) => ({ ...f, name: variantLabel(f.variant) }));
  return (
    <section className="lt-card">
      <h2>Konvertering per variant</h2>
      <p className="lt-card-sub">
        Lead → konto → kjøp (unike e-poster med lead eller kjøp i perioden), hver person og omsetningen deres under personens
        første kontakt
      </p>
      <div className="lt-card-body">
        <FunnelChart rows={rows} />
        {/* On a phone the seven columns scroll inside the card (by keyboard too), never the page. */}
        <div className="lt-scroll" role="region" aria-label="Tabell: konvertering per variant" tabIndex={0}>
          <table className="lt-table" aria-label="Konvertering per variant">
            <thead>
              <tr>
                <th>Variant</th>
                <th className="num">Leads</th>
                <th className="num">Konto</th>
                <th className="num">Kjøp</th>
                <th className="num">Lead → konto</th>
                <th className="num">Lead → kjøp</th>
                <th className="num">Omsetning</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.variant}>
                  <td>{r.name}</td>
                  <td className="num">{r.leads}</td>
                  <td className="num">{r.accounts}</td>
                  <td className="num">{r.buyers}</td>
                  <td className="num">{pct(r.accounts, r.leads)}</td>
                  <td className="num">{pct(r.buyers, r.leads)}</td>
                  <td className="num">{formatKr(r.revenueOre)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
