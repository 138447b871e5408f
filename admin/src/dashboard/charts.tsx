import { STATS_VARIANTS, type FunnelRow, type LeadsPerDay, type WeekMoney } from '@academy/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatKr } from '../lib/format';
import { VARIANT_LABELS } from '../lib/labels';
import { VARIANT_COLORS } from './colors';

/** The dashboard's charts (recharts), loaded in their own chunk. */

export function LeadsPerDayChart({ data }: { data: LeadsPerDay[] }) {
  return (
    <div style={{ width: '100%', height: 300 }} role="img" aria-label="Stolpediagram: leads per dag, fordelt på variant">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip labelFormatter={(d) => formatDay(String(d))} />
          <Legend />
          {STATS_VARIANTS.map((v) => (
            <Bar key={v} dataKey={v} name={VARIANT_LABELS[v]} stackId="leads" fill={VARIANT_COLORS[v]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function MoneyPerWeekChart({ data }: { data: WeekMoney[] }) {
  const rows = data.map((w) => ({
    ...w,
    label: `Uke ${Number(w.week.split('-U')[1])}`,
    revenue: w.revenueOre,
    refunds: w.refundsOre,
  }));
  return (
    <div style={{ width: '100%', height: 280 }} role="img" aria-label="Stolpediagram: omsetning og refusjoner per uke">
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={(v: number) => formatKr(v)} width={90} />
          <Tooltip formatter={(v) => formatKr(Number(v))} />
          <Legend />
          <Bar dataKey="revenue" name="Omsetning" fill="#2e7d32" />
          <Bar dataKey="refunds" name="Refusjoner" fill="#c62828" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function FunnelChart({ rows }: { rows: Array<FunnelRow & { name: string }> }) {
  return (
    <div style={{ width: '100%', height: 260 }} role="img" aria-label="Stolpediagram: leads, kontoer og kjøpere per variant">
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend />
          <Bar dataKey="leads" name="Leads" fill="#90caf9" />
          <Bar dataKey="accounts" name="Konto" fill="#1565c0" />
          <Bar dataKey="buyers" name="Kjøp" fill="#2e7d32" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
