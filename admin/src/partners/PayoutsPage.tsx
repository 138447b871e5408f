import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminPayoutDue } from '@academy/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import { API } from '../dataProvider';
import { osloToday } from '../lib/format';
import { errorMessage, httpClient, postJson } from '../lib/http';
import { formatKr } from '../lib/money';
import { payoutCsv } from './format';

/** «Utbetalinger»: approved commission per partner, «Marker som utbetalt» with the bank's date and reference, and the CSV for the bank. */
export function PayoutsPage() {
  const [rows, setRows] = useState<AdminPayoutDue[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const { json } = await httpClient(`${API}/partner-payouts`);
      setRows(json as AdminPayoutDue[]);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const csvHref = rows?.length ? `data:text/csv;charset=utf-8,${encodeURIComponent('\ufeff' + payoutCsv(rows))}` : null;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="Utbetalinger" />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Utbetalinger
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Godkjent provisjon per partner (kjøperens 30 dagers garanti er over). Betal i banken, og marker så som utbetalt med dato
        og referanse: partneren får en oppgjørs-e-post.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {csvHref && (
        <Button variant="outlined" href={csvHref} download={`utbetalinger-${osloToday()}.csv`} sx={{ mb: 2 }}>
          Last ned CSV for banken
        </Button>
      )}
      {rows?.length === 0 && <Typography>Ingen godkjent provisjon å utbetale nå.</Typography>}
      {rows?.map((r) => (
        <PayoutCard key={r.id} due={r} onPaid={() => void load()} />
      ))}
    </Box>
  );
}

function PayoutCard({ due, onPaid }: { due: AdminPayoutDue; onPaid: () => void }) {
  const notify = useNotify();
  const [paidAt, setPaidAt] = useState(osloToday());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `payout-${due.id}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await postJson(`${API}/partners/${due.id}/payouts`, { paidAt, reference });
      notify('Markert som utbetalt. Partneren får oppgjøret på e-post.', { type: 'success' });
      onPaid();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(e: FormEvent) => void submit(e)}
      aria-labelledby={id}
      sx={{ p: 2, mb: 2 }}
      data-testid="payout-due"
    >
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {due.name ?? `Partner ${due.id}`}: {formatKr(due.approvedOre)}
      </Typography>
      <Table size="small" aria-label={`Godkjent provisjon for ${due.name ?? due.id}`} sx={{ mb: 1, maxWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>E-post</TableCell>
            <TableCell align="right">Ordrer</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell sx={{ wordBreak: 'break-all' }}>{due.email ?? '–'}</TableCell>
            <TableCell align="right">{due.commissions}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Utbetalt dato"
          type="date"
          value={paidAt}
          onChange={(e) => setPaidAt(e.target.value)}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField label="Referanse" value={reference} onChange={(e) => setReference(e.target.value)} required size="small" />
        <Button type="submit" variant="contained" disabled={busy}>
          Marker som utbetalt
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
