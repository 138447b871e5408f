import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMISSION_STATUS_LABELS, type AdminPartner, type AdminPartnerDetail } from '@academy/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import { API } from '../dataProvider';
import { formatDateTime } from '../lib/format';
import { errorMessage, httpClient, postJson } from '../lib/http';
import { COURSE_LABELS, label } from '../lib/labels';
import { formatKr, parseKr } from '../lib/money';
import { termsText } from './format';

/** «Partnere»: the mentor's partners (affiliates), a form to add one, and a partner's commissions. */
export function PartnersPage() {
  const [rows, setRows] = useState<AdminPartner[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<AdminPartnerDetail | null>(null);

  const load = useCallback(async () => {
    try {
      const { json } = await httpClient(`${API}/partners?sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,99]`);
      setRows(json as AdminPartner[]);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const show = async (id: number) => {
    try {
      const { json } = await httpClient(`${API}/partners/${id}`);
      setOpen(json as AdminPartnerDetail);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="Partnere" />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Partnere
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        En partner får provisjon av kjøp gjort med sine kampanjekoder. Provisjonen venter i 30 dager (kjøperens garanti) og
        godkjennes deretter.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <NewPartnerForm onCreated={() => void load()} />
      <Paper variant="outlined" sx={{ mt: 2, overflowX: 'auto' }}>
        <Table size="small" aria-label="Partnere">
          <TableHead>
            <TableRow>
              <TableCell>Navn</TableCell>
              <TableCell>Koder</TableCell>
              <TableCell>Provisjon</TableCell>
              <TableCell align="right">Venter</TableCell>
              <TableCell align="right">Godkjent</TableCell>
              <TableCell align="right">Utbetalt</TableCell>
              <TableCell align="right">Klikk</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((p) => (
              <TableRow key={p.id} hover data-testid="partner-row">
                <TableCell>
                  <Button size="small" onClick={() => void show(p.id)} sx={{ textTransform: 'none', p: 0, minWidth: 0 }}>
                    {p.name ?? `Slettet partner ${p.id}`}
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                    {p.email ?? ''}
                  </Typography>
                </TableCell>
                <TableCell>{p.codes.join(', ') || '–'}</TableCell>
                <TableCell>{termsText(p)}</TableCell>
                <TableCell align="right">{formatKr(p.totals.pendingOre)}</TableCell>
                <TableCell align="right">{formatKr(p.totals.approvedOre)}</TableCell>
                <TableCell align="right">{formatKr(p.totals.paidOre)}</TableCell>
                <TableCell align="right">{p.clicks}</TableCell>
              </TableRow>
            ))}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>Ingen partnere ennå.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      {open && <PartnerDetail partner={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

function NewPartnerForm({ onCreated }: { onCreated: () => void }) {
  const notify = useNotify();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [amount, setAmount] = useState('');
  const [codes, setCodes] = useState('');
  const [renewals, setRenewals] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const value = kind === 'percent' ? Number(amount.replace(',', '.')) : parseKr(amount);
    if (value === null || !Number.isFinite(value) || value <= 0) {
      setError(kind === 'percent' ? 'Oppgi provisjonen i prosent' : 'Oppgi provisjonen i kroner');
      return;
    }
    setBusy(true);
    try {
      await postJson(`${API}/partners`, {
        name,
        email,
        ...(kind === 'percent' ? { commissionPercent: value } : { commissionOre: value }),
        codes: codes
          .split(/[\s,]+/)
          .map((c) => c.trim())
          .filter(Boolean),
        includeRenewals: renewals,
      });
      notify('Partneren er lagt til, og har fått e-post med innloggingslenke', { type: 'success' });
      setName('');
      setEmail('');
      setAmount('');
      setCodes('');
      setRenewals(false);
      onCreated();
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
      sx={{ p: 2 }}
      aria-labelledby="new-partner"
    >
      <Typography id="new-partner" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Ny partner
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField label="Navn" value={name} onChange={(e) => setName(e.target.value)} required size="small" />
        <TextField label="E-post" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required size="small" />
        <TextField
          select
          label="Provisjon"
          value={kind}
          onChange={(e) => setKind(e.target.value as 'percent' | 'fixed')}
          size="small"
        >
          <MenuItem value="percent">Prosent av det kjøperen betaler</MenuItem>
          <MenuItem value="fixed">Fast beløp per ordre</MenuItem>
        </TextField>
        <TextField
          label={kind === 'percent' ? 'Prosent' : 'Beløp (kr)'}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Kampanjekoder"
          helperText="Koder fra Kampanjekoder, skilt med komma"
          value={codes}
          onChange={(e) => setCodes(e.target.value)}
          required
          size="small"
        />
        <FormControlLabel
          control={<Checkbox checked={renewals} onChange={(e) => setRenewals(e.target.checked)} />}
          label="Også fornyelser (VIP etter første år)"
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
        Legg til partner
      </Button>
    </Paper>
  );
}

function PartnerDetail({ partner, onClose }: { partner: AdminPartnerDetail; onClose: () => void }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="partner-detail" sx={{ mt: 2, p: 2, overflowX: 'auto' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="partner-detail" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Provisjon for {partner.name ?? `slettet partner ${partner.id}`}
        </Typography>
        <Button size="small" onClick={onClose}>
          Lukk
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {termsText(partner)} · koder: {partner.codes.join(', ') || '–'}
      </Typography>
      <Table size="small" aria-label="Provisjon per ordre">
        <TableHead>
          <TableRow>
            <TableCell>Ordre</TableCell>
            <TableCell>Kurs</TableCell>
            <TableCell align="right">Betalt av kjøper</TableCell>
            <TableCell align="right">Provisjon</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Godkjennes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {partner.commissions.map((c) => (
            <TableRow key={c.id} data-testid="commission-row">
              <TableCell>{c.orderId}</TableCell>
              <TableCell>
                {label(COURSE_LABELS, c.courseId)}
                {c.kind === 'renewal' ? ' (fornyelse)' : ''}
              </TableCell>
              <TableCell align="right">{formatKr(c.baseOre)}</TableCell>
              <TableCell align="right">{formatKr(c.amountOre)}</TableCell>
              <TableCell>{COMMISSION_STATUS_LABELS[c.status]}</TableCell>
              <TableCell>{formatDateTime(c.approvesAt)}</TableCell>
            </TableRow>
          ))}
          {partner.commissions.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>Ingen ordrer med partnerens koder ennå.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
