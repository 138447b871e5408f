import type { WeekMoney } from '@contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatKr } from '../lib/format';

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
