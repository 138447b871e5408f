import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReauthRequest } from '@academy/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { FormError } from '../lib/FormError';
import { errorMessage } from '../lib/http';
import { refreshTwoFactorStatus, setReauthHandler } from '../lib/twoFactorState';
import { useFormAction } from '../lib/useFormAction';
import { CredentialFields, useCredentials } from './CredentialFields';

/** POST /api/auth/reauth, outside the intercepting HTTP client (it must not ask itself). */
async function reauth(password: string, totp: string): Promise<void> {
  const res = await fetch('/api/auth/reauth', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ password, ...(totp ? { totp } : {}) } satisfies ReauthRequest),
  });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new HttpError(body?.message ?? res.statusText, res.status, body);
}

/**
 * Asks for the password again (and the code when two-factor sign-in is on) when any request answers
 * REAUTH_REQUIRED (the server decides which actions need a recent sign-in); the HTTP client then
 * sends the request again by itself.
 */
export function ReauthDialog() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const credentials = useCredentials();
  const { clear: clearCredentials, clearCode } = credentials;
  const { busy, error, setError, run } = useFormAction();
  const settle = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          clearCredentials();
          setError(null);
          setNeedsCode(false);
          setOpen(true);
          refreshTwoFactorStatus()
            .then((s) => setNeedsCode(s.enabled))
            .catch(() => setNeedsCode(false));
        }),
    );
    return () => {
      setReauthHandler(null);
      settle.current?.(false);
    };
    // setError and clearCredentials are stable: the handler is set once.
  }, [setError, clearCredentials]);

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => {
        await reauth(credentials.password, credentials.code.trim());
        finish(true);
      },
      (err) => {
        const body = err instanceof HttpError ? (err.body as { code?: string } | null) : null;
        if (body?.code === 'TOTP_REQUIRED') setNeedsCode(true);
        setError(errorMessage(err));
        clearCode();
      },
    );
  };

  return (
    <Dialog open={open} onClose={() => !busy && finish(false)} aria-labelledby="reauth-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reauth-title">{translate('reauth.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(needsCode ? 'reauth.text_code' : 'reauth.text')}</DialogContentText>
          <FormError error={error} sx={{ mb: 1 }} />
          <CredentialFields
            credentials={credentials}
            password={{ name: 'reauth-password', label: translate('reauth.password'), autoFocus: true }}
            code={needsCode ? { name: 'reauth-totp', label: translate('reauth.code') } : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(false)} disabled={busy}>
            {translate('reauth.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || credentials.incomplete(needsCode)}>
            {translate('reauth.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
