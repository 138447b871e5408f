import type { MeResponse } from '@academy/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from './Button';
import { StatusMessage, type FormStatus } from './Form';
import { NewPasswordFields, newPasswordProblem } from './PasswordInput';

export interface NewPasswordResult {
  user: MeResponse;
  /** What the form says on success. */
  text: string;
}

/**
 * The form that sets a new password (the first one of an account, or one from a reset link): the new
 * password twice, checked before it is sent; on success the server's user goes to `onDone` 2 s after the
 * message, so it can be read.
 */
export function NewPasswordForm({
  idPrefix,
  statusId,
  submitLabel,
  mismatch,
  save,
  errorText,
  onDone,
  requireBoth = false,
}: {
  idPrefix: string;
  statusId: string;
  submitLabel: string;
  /** The message when the two passwords differ. */
  mismatch: string;
  save: (body: { newPassword: string; confirmPassword: string }) => Promise<NewPasswordResult>;
  /** The message for a refused request (it is logged before). */
  errorText: (err: unknown) => string;
  onDone: (user: MeResponse) => void;
  /** Keep the button disabled until both fields are filled. */
  requireBoth?: boolean;
}) {
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [doneUser, setDoneUser] = useState<MeResponse | null>(null);

  useEffect(() => {
    if (!doneUser) return;
    const timer = setTimeout(() => onDone(doneUser), 2000);
    return () => clearTimeout(timer);
  }, [doneUser, onDone]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || doneUser) return;
    const problem = newPasswordProblem(newPassword, confirmPassword, mismatch);
    if (problem) return setStatus({ kind: 'error', text: problem });
    setStatus(null);
    setBusy(true);
    try {
      const res = await save({ newPassword, confirmPassword });
      setStatus({ kind: 'success', text: res.text });
      setDoneUser(res.user);
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const empty = requireBoth && (newPassword === '' || confirmPassword === '');
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-describedby={status ? statusId : undefined}>
      <NewPasswordFields
        idPrefix={idPrefix}
        newPassword={newPassword}
        confirmPassword={confirmPassword}
        onNew={setNew}
        onConfirm={setConfirm}
      />
      <StatusMessage status={status} id={statusId} />
      <Button type="submit" size="lg" block busy={busy} disabled={busy || !!doneUser || empty}>
        {busy ? 'Setter passord...' : submitLabel}
      </Button>
    </form>
  );
}
