import { STATS_VARIANTS, type LeadsPerDay } from '@contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../lib/format';
import { VARIANT_LABELS } from '../lib/labels';
import { VARIANT_COLORS } from './colors';

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
