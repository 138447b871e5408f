import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { FunnelRow } from '@academy/contracts';
import { lazy, Suspense } from 'react';
import { formatKr } from '../lib/format';
import { VARIANT_LABELS } from '../lib/labels';

const FunnelChart = lazy(() => import('./charts').then((m) => ({ default: m.FunnelChart })));

const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10} %` : '–');

/** Lead → konto → kjøp per variant, as a chart and a table with conversion rates. */
export function FunnelCard({ funnel }: { funnel: FunnelRow[] }) {
  const rows = funnel.map((f) => ({ ...f, name: VARIANT_LABELS[f.variant] ?? f.variant }));
  return (
    <Card>
      <CardHeader
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        title="Konvertering per variant"
        subheader="Lead → konto → kjøp (unike e-poster med lead i perioden)"
      />
      <CardContent>
        <Suspense fallback={<div style={{ height: 260 }} />}>
          <FunnelChart rows={rows} />
        </Suspense>
        <Table size="small" aria-label="Konvertering per variant">
          <TableHead>
            <TableRow>
              <TableCell>Variant</TableCell>
              <TableCell align="right">Leads</TableCell>
              <TableCell align="right">Konto</TableCell>
              <TableCell align="right">Kjøp</TableCell>
              <TableCell align="right">Lead → konto</TableCell>
              <TableCell align="right">Lead → kjøp</TableCell>
              <TableCell align="right">Omsetning</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.variant}>
                <TableCell>{r.name}</TableCell>
                <TableCell align="right">{r.leads}</TableCell>
                <TableCell align="right">{r.accounts}</TableCell>
                <TableCell align="right">{r.buyers}</TableCell>
                <TableCell align="right">{pct(r.accounts, r.leads)}</TableCell>
                <TableCell align="right">{pct(r.buyers, r.leads)}</TableCell>
                <TableCell align="right">{formatKr(r.revenueOre)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
