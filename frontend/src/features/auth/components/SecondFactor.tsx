import { MSG } from '@academy/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, FormMessage, Input } from '../../../components/Form';
import { ApiError } from '../../../lib/api';

/** The server asks for the account's second factor (or refused the one sent). */
export const asksForSecondFactor = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.code === 'TOTP_REQUIRED' || err.code === 'TOTP_INVALID' || err.code === 'TOTP_LOCKED');

/** «Engangskode»: 6 digits from the app, or a recovery code (the sign-in form's field, and the links' step). */
export function SecondFactorField({
  id,
  value,
  onChange,
  errorId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The message the field is marked invalid by, when there is one. */
  errorId?: string;
}) {
  return (
    <Field
      id={id}
      label="Engangskode"
      hint="6 sifre fra autentiseringsappen, eller en av gjenopprettingskodene dine."
      hintId={`${id}-hint`}
    >
      <Input
        id={id}
        type="text"
        name="totp"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        required
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ? `${id}-hint ${errorId}` : `${id}-hint`}
      />
    </Field>
  );
}

/**
 * The second-factor step after a mailed link (sign-in or new password): the account has two-factor
 * sign-in, so the link alone opens nothing (docs/decisions.md "Two-factor sign-in"). `submit` sends the
 * code with what the link carried; a wrong code is shown here and can be typed again.
 */
export function SecondFactorStep({
  lead,
  submitLabel,
  submit,
  initialError,
}: {
  lead: string;
  submitLabel: string;
  submit: (code: string) => Promise<void>;
  initialError?: string | null;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (!typed) return setError(MSG.totpRequired);
    setBusy(true);
    setError(null);
    try {
      await submit(typed);
    } catch (err) {
      setBusy(false);
      setCode('');
      setError(err instanceof ApiError ? err.message : MSG.internal);
    }
  };
  const errorId = `${id}-error`;
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate data-testid="second-factor-step">
      <p className="auth-card__lead">{lead}</p>
      <SecondFactorField id={`${id}-totp`} value={code} onChange={setCode} errorId={error ? errorId : undefined} />
      {error && (
        <FormMessage kind="error" id={errorId}>
          {error}
        </FormMessage>
      )}
      <Button type="submit" size="lg" block busy={busy} disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
