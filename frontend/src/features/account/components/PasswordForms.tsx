import { MSG, type MeResponse } from '@academy/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { setPassword } from '../../auth/api/auth';
import { MIN_PASSWORD_LENGTH, NewPasswordFields, PasswordInput, passwordErrorText } from '../../auth/components/PasswordInput';

type Status = { kind: 'error' | 'success'; text: string } | null;

function StatusMessage({ status, id }: { status: Status; id: string }) {
  if (!status) return null;
  return (
    <p id={id} className={`form-message form-message--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
      {status.text}
    </p>
  );
}

/** 'Sett passord': the first password of a claimed account made without one (free sign-up, purchase). */
export function SetPasswordForm({ demo, onDone }: { demo: boolean; onDone: (me: MeResponse) => void }) {
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [doneUser, setDoneUser] = useState<MeResponse | null>(null);

  useEffect(() => {
    if (!doneUser) return;
    const t = setTimeout(() => onDone(doneUser), 2000);
    return () => clearTimeout(t);
  }, [doneUser, onDone]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || doneUser) return;
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setStatus({ kind: 'error', text: MSG.passwordTooShort });
    if (newPassword !== confirmPassword) return setStatus({ kind: 'error', text: MSG.setPasswordMismatch });
    setStatus(null);
    setBusy(true);
    try {
      const res = await setPassword({ newPassword, confirmPassword });
      setStatus({ kind: 'success', text: MSG.passwordSet + (demo ? ' (Demo modus)' : '') });
      setDoneUser(res.user);
    } catch (err) {
      console.error('Kunne ikke sette passord', err);
      setStatus({ kind: 'error', text: passwordErrorText(err, 'Feil ved setting av passord: ') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-describedby={status ? 'set-password-status' : undefined}>
      <NewPasswordFields
        idPrefix=""
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNew={setNew}
        onConfirm={setConfirm}
      />
      <StatusMessage status={status} id="set-password-status" />
      <Button type="submit" size="lg" block busy={busy} disabled={busy || !!doneUser}>
        {busy ? 'Setter passord...' : 'Sett passord'}
      </Button>
    </form>
  );
}

/** Change password: the current one is checked by the server; other sessions end. */
export function ChangePasswordForm({ demo }: { demo: boolean }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!currentPassword) return setStatus({ kind: 'error', text: MSG.currentPasswordRequired });
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setStatus({ kind: 'error', text: MSG.passwordTooShort });
    if (newPassword !== confirmPassword) return setStatus({ kind: 'error', text: MSG.changePasswordMismatch });
    setStatus(null);
    setBusy(true);
    try {
      await setPassword({ currentPassword, newPassword, confirmPassword });
      setStatus({ kind: 'success', text: MSG.passwordUpdated + (demo ? ' (Demo modus)' : '') });
      setCurrent('');
      setNew('');
      setConfirm('');
    } catch (err) {
      console.error('Kunne ikke oppdatere passord', err);
      setStatus({ kind: 'error', text: passwordErrorText(err, 'Feil ved oppdatering av passord: ') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate>
      <PasswordInput
        id="current-password"
        label="Nåværende passord"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <NewPasswordFields
        idPrefix="change-"
        confirmLabel="Bekreft nytt passord"
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNew={setNew}
        onConfirm={setConfirm}
      />
      <StatusMessage status={status} id="change-password-status" />
      <Button type="submit" busy={busy} disabled={busy}>
        {busy ? 'Oppdaterer...' : 'Oppdater passord'}
      </Button>
    </form>
  );
}
