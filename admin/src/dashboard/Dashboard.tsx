import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@academy/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { errorMessage } from '../lib/http';
import { addDays, formatKr, osloToday } from '../lib/format';
import { useAdminData } from '../dataProvider';
import { FunnelCard } from './FunnelCard';
import { LatestLeads, LatestOrders } from './Latest';

const LeadsPerDayChart = lazy(() => import('./charts').then((m) => ({ default: m.LeadsPerDayChart })));
const MoneyPerWeekChart = lazy(() => import('./charts').then((m) => ({ default: m.MoneyPerWeekChart })));

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

const PRESETS = [7, 30, 90, 365] as const;

/** The funnel at a glance: leads per variant, conversion, money per week, the newest leads and orders. */
export function Dashboard() {
  const dp = useAdminData();
  const today = osloToday();
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(addDays(today, -29));
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    dp.getStats(from, to)
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
  }, [dp, from, to]);

  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const preset = to === today && (PRESETS as readonly number[]).includes(days) ? days : null;

  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Oversikt" />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset}
          onChange={(_, v: number | null) => {
            if (!v) return;
            setTo(today);
            setFrom(addDays(today, -(v - 1)));
          }}
          aria-label="Periode"
        >
          {PRESETS.map((d) => (
            <ToggleButton key={d} value={d}>
              {d === 365 ? 'Siste år' : `Siste ${d} dager`}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="date"
          label="Fra"
          value={from}
          onChange={(e) => e.target.value && setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
        />
        <TextField
          size="small"
          type="date"
          label="Til"
          value={to}
          onChange={(e) => e.target.value && setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from, max: today } }}
        />
      </Box>
      {loading ? <LinearProgress aria-label="Laster statistikk" /> : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {stats ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Stat label="Leads (unike e-poster)" value={stats.totals.leads} />
            <Stat label="Med konto" value={stats.totals.accounts} />
            <Stat label="Har kjøpt" value={stats.totals.buyers} />
            <Stat label="Omsetning" value={formatKr(stats.totals.revenueOre)} />
            <Stat label="Refundert" value={formatKr(stats.totals.refundsOre)} />
          </Box>
          <Card>
            <CardHeader slotProps={{ title: { component: 'h2', variant: 'h6' } }} title="Leads per dag og variant" />
            <CardContent>
              <Suspense fallback={<div style={{ height: 300 }} />}>
                <LeadsPerDayChart data={stats.leadsPerDay} />
              </Suspense>
            </CardContent>
          </Card>
          <FunnelCard funnel={stats.funnel} />
          <Card>
            <CardHeader slotProps={{ title: { component: 'h2', variant: 'h6' } }} title="Omsetning og refusjoner per uke" />
            <CardContent>
              <Suspense fallback={<div style={{ height: 280 }} />}>
                <MoneyPerWeekChart data={stats.revenuePerWeek} />
              </Suspense>
            </CardContent>
          </Card>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <LatestLeads leads={stats.latestLeads} />
            <LatestOrders orders={stats.latestOrders} />
          </Box>
        </>
      ) : null}
    </Box>
  );
}
