import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminCreatedStudent } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { Title, Link, useNotify, useTranslate } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { formatDateTime } from '../lib/format';
import { useFormAction } from '../lib/useFormAction';
import { useAdminHref } from '../lib/useHref';

/**
 * 'Ny elev': an account without a password for an e-mail address, and a one-time sign-in link
 * (valid 7 days) the mentor copies and sends. The student sets a password after signing in.
 */
export function UserCreate() {
  const translate = useTranslate();
  const dp = useAdminData();
  const notify = useNotify();
  const href = useAdminHref();
  const [email, setEmail] = useState('');
  const { busy, error, run } = useFormAction();
  const [created, setCreated] = useState<AdminCreatedStudent | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => setCreated(await dp.createStudent(email.trim())));
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.loginUrl);
      notify('Lenken er kopiert', { type: 'success' });
    } catch {
      notify('Kunne ikke kopiere automatisk. Marker lenken og kopier den selv.', { type: 'warning' });
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="Ny elev" />
      <CardContent>
        {created ? (
          <Box>
            <Alert severity="success" sx={{ mb: 2 }}>
              Eleven {created.email} er opprettet.
            </Alert>
            <Typography gutterBottom>
              Send denne engangslenken til eleven. Den logger eleven inn én gang og gjelder til{' '}
              {formatDateTime(created.loginUrlExpiresAt)}. Etterpå setter eleven sitt eget passord.
            </Typography>
            <TextField
              fullWidth
              value={created.loginUrl}
              label={translate('panel.users.innloggingslenke')}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'login-url' } }}
              onFocus={(e) => e.target.select()}
              sx={{ my: 2 }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
                Kopier lenken
              </Button>
              <Button component={Link} to={href(`/users/${created.id}/show/tilganger`)}>
                Gi tilgang til kurs
              </Button>
              <Button
                onClick={() => {
                  setCreated(null);
                  setEmail('');
                }}
              >
                Opprett en til
              </Button>
            </Box>
          </Box>
        ) : (
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography>Oppretter en konto uten passord og gir deg en innloggingslenke du kan sende til eleven.</Typography>
            <TextField
              label={translate('resources.users.fields.email')}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
              error={!!error}
              helperText={error ?? ' '}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={busy || !email.trim()}>
                {busy ? 'Oppretter …' : 'Opprett elev'}
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
