import { STATS_VARIANTS, variantLabel, type FunnelRow, type LeadsPerDay, type WeekMoney } from '@academy/contracts';
import { formatDay } from '../lib/format';
import { formatKr } from '../lib/money';
import { overviewLabels as L } from '../i18n/overview-nb';
import { VARIANT_COLORS } from './colors';

/**
 * The overview's bar charts, drawn as plain SVG (no chart library: the overview is part of the
 * panel's light first load). Each bar has a tooltip (`<title>`), and the legend names the colours.
 */

interface Series {
  key: string;
  label: string;
  color: string;
  values: number[];
}

/** A "nice" top for the axis (1, 2, 2.5, 5 × 10ⁿ) and its four steps. */
function axis(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

const W = 900;
const PAD = { top: 8, right: 8, bottom: 28 };

function Bars({
  categories,
  series,
  stacked,
  height,
  yWidth,
  formatY,
  formatCategory = (c) => c,
  label,
}: {
  categories: string[];
  series: Series[];
  stacked: boolean;
  height: number;
  yWidth: number;
  formatY: (v: number) => string;
  formatCategory?: (c: string) => string;
  label: string;
}) {
  const totals = categories.map((_, i) =>
    stacked ? series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0) : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const ticks = axis(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1] || 1;
  const plotH = height - PAD.top - PAD.bottom;
  const plotW = W - yWidth - PAD.right;
  const band = plotW / Math.max(1, categories.length);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const barW = stacked ? band * 0.7 : (band * 0.8) / Math.max(1, series.length);
  const labelEvery = Math.max(1, Math.ceil(categories.length / 12));
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${height}`} width="100%" role="img" aria-label={label} style={{ display: 'block' }}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={yWidth} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e0e0e0" strokeDasharray="3 3" />
            <text x={yWidth - 6} y={y(t) + 4} textAnchor="end" fontSize="12" fill="#5f6b7a">
              {formatY(t)}
            </text>
          </g>
        ))}
        {categories.map((c, i) => {
          const x0 = yWidth + i * band;
          let acc = 0;
          return (
            <g key={c}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const x = stacked ? x0 + (band - barW) / 2 : x0 + band * 0.1 + k * barW;
                const y1 = stacked ? y(acc + v) : y(v);
                const h = stacked ? y(acc) - y(acc + v) : y(0) - y(v);
                acc += stacked ? v : 0;
                return (
                  <rect key={s.key} x={x} y={y1} width={Math.max(1, barW - 1)} height={h} fill={s.color}>
                    <title>{`${formatCategory(c)} · ${s.label}: ${formatY(v)}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 && (
                <text x={x0 + band / 2} y={height - 8} textAnchor="middle" fontSize="12" fill="#5f6b7a">
                  {formatCategory(c)}
                </text>
              )}
            </g>
          );
        })}
        <line x1={yWidth} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#9e9e9e" />
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, flexWrap: 'wrap', justifyContent: 'center', fontSize: 13, marginTop: 4 }}>
        {series.map((s) => (
          <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span
              aria-hidden="true"
              style={{ width: 12, height: 12, background: s.color, display: 'inline-block', borderRadius: 2 }}
            />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

const count = (v: number) => String(Math.round(v * 100) / 100);

export function LeadsPerDayChart({ data }: { data: LeadsPerDay[] }) {
  return (
    <Bars
      label={L.stolpediagramLeadsPerDagFordelt}
      categories={data.map((d) => d.date)}
      formatCategory={formatDay}
      series={STATS_VARIANTS.map((v) => ({
        key: v,
        label: variantLabel(v),
        color: VARIANT_COLORS[v],
        values: data.map((d) => d[v]),
      }))}
      stacked
      height={300}
      yWidth={40}
      formatY={count}
    />
  );
}

export function MoneyPerWeekChart({ data }: { data: WeekMoney[] }) {
  return (
    <Bars
      label={L.stolpediagramOmsetningOgRefusjonerPer}
      categories={data.map((w) => `Uke ${Number(w.week.split('-U')[1])}`)}
      series={[
        { key: 'revenue', label: 'Omsetning', color: '#2e7d32', values: data.map((w) => w.revenueOre) },
        { key: 'refunds', label: 'Refusjoner', color: '#c62828', values: data.map((w) => w.refundsOre) },
      ]}
      stacked={false}
      height={280}
      yWidth={90}
      formatY={(v) => formatKr(v)}
    />
  );
}

export function FunnelChart({ rows }: { rows: Array<FunnelRow & { name: string }> }) {
  return (
    <Bars
      label={L.stolpediagramLeadsKontoerOgKjopere}
      categories={rows.map((r) => r.name)}
      series={[
        { key: 'leads', label: 'Leads', color: '#90caf9', values: rows.map((r) => r.leads) },
        { key: 'accounts', label: 'Konto', color: '#1565c0', values: rows.map((r) => r.accounts) },
        { key: 'buyers', label: 'Kjøp', color: '#2e7d32', values: rows.map((r) => r.buyers) },
      ]}
      stacked={false}
      height={260}
      yWidth={40}
      formatY={count}
    />
  );
}
