import { MSG, type MeResponse } from '@academy/contracts';
import { useCallback, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { StatusMessage, type FormStatus } from '../../../components/Form';
import { NewPasswordForm } from '../../../components/NewPasswordForm';
import { NewPasswordFields, PasswordInput, newPasswordProblem, passwordErrorText } from '../../../components/PasswordInput';
import { setPassword } from '../api/set-password';

/** 'Sett passord': the first password of a claimed account made without one (free sign-up, purchase). */
export function SetPasswordForm({ onDone, onSaved }: { onDone: (me: MeResponse) => void; onSaved?: () => void }) {
  // The password is always saved on the server, demo payments or not: the message says just that.
  const save = useCallback(
    async (body: { newPassword: string; confirmPassword: string }) => {
      const res = await setPassword(body);
      onSaved?.();
      return { user: res.user, text: MSG.passwordSet };
    },
    [onSaved],
  );
  return (
    <NewPasswordForm
      idPrefix=""
      statusId="set-password-status"
      submitLabel="Sett passord"
      mismatch={MSG.setPasswordMismatch}
      save={save}
      errorText={setPasswordError}
      onDone={onDone}
    />
  );
}

function setPasswordError(err: unknown): string {
  console.error('Kunne ikke sette passord', err);
  return passwordErrorText(err, 'Feil ved setting av passord: ');
}

/** Change password: the current one is checked by the server; other sessions end. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = currentPassword
      ? newPasswordProblem(newPassword, confirmPassword, MSG.changePasswordMismatch)
      : MSG.currentPasswordRequired;
    if (problem) return setStatus({ kind: 'error', text: problem });
    setStatus(null);
    setBusy(true);
    try {
      await setPassword({ currentPassword, newPassword, confirmPassword });
      setStatus({ kind: 'success', text: MSG.passwordUpdated });
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
