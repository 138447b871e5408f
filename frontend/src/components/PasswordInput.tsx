import { MIN_PASSWORD_LENGTH, MSG } from '@academy/contracts';
import { useState, type InputHTMLAttributes } from 'react';
import { ApiError } from '../lib/api';
import { Field, Input } from './Form';
import './PasswordInput.css';

/** The shortest password the server accepts (one constant for server and forms). */
export { MIN_PASSWORD_LENGTH };

const BARE = new Set<string>([
  'PASSWORD_RULE',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_UNCHANGED',
  'VALIDATION_FAILED',
  'CLAIM_REQUIRED',
]);

/**
 * What to show when the server refused a new password: its own Norwegian message for the password
 * rules (too short, too common) and the claim rule, `prefix` + the message for anything else.
 */
export function passwordErrorText(err: unknown, prefix = ''): string {
  if (!(err instanceof ApiError)) return prefix ? `${prefix}${err instanceof Error ? err.message : String(err)}` : MSG.internal;
  if (BARE.has(err.code)) return err.message;
  return `${prefix}${err.message}`;
}

/** What is wrong with a new password and its confirmation before they are sent (null: nothing). */
export function newPasswordProblem(newPassword: string, confirmPassword: string, mismatch: string): string | null {
  if (newPassword.length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  if (newPassword !== confirmPassword) return mismatch;
  return null;
}

/** A password field with its own show/hide toggle. */
export function PasswordInput({
  id,
  label,
  hint,
  ...rest
}: { id: string; label: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} hint={hint}>
      <div className="password-input">
        <Input id={id} type={visible ? 'text' : 'password'} {...rest} />
        <button
          type="button"
          className="password-input__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? `Skjul ${label.toLowerCase()}` : `Vis ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Skjul' : 'Vis'}
        </button>
      </div>
    </Field>
  );
}

/** A new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({
  idPrefix,
  confirmLabel = 'Bekreft passord',
  newPassword,
  confirmPassword,
  onNew,
  onConfirm,
}: {
  idPrefix: string;
  confirmLabel?: string;
  newPassword: string;
  confirmPassword: string;
  onNew: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <PasswordInput
        id={`${idPrefix}new-password`}
        label="Nytt passord"
        hint={`Minst ${MIN_PASSWORD_LENGTH} tegn.`}
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(e) => onNew(e.target.value)}
      />
      <PasswordInput
        id={`${idPrefix}confirm-password`}
        label={confirmLabel}
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
