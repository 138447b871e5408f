import { looksLikeEmail, MSG } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard, BackToLogin, EmailField } from '../components/AuthCard';

/** `/glemt-passord`: asks for the e-mail and sends a one-time link for a new password. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!value) return setError(MSG.emailRequired);
    if (!looksLikeEmail(value)) return setError(MSG.invalidEmail);
    setError(null);
    setBusy(true);
    try {
      const res = await requestPasswordReset(value);
      setSent(res.message);
    } catch (err) {
      console.error('Glemt passord feilet', err);
      setError(err instanceof ApiError ? err.message : MSG.internal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard>
      <Seo title="Glemt passord" description="Få en lenke for å lage nytt passord." noindex />
      <h1>Glemt passord?</h1>
      {sent ? (
        <>
          <FormMessage kind="success">{sent}</FormMessage>
          <p className="auth-card__lead" style={{ marginTop: 'var(--space-4)' }}>
            Finner du ikke e-posten? Sjekk søppelposten, eller prøv igjen om noen minutter.
          </p>
        </>
      ) : (
        <>
          <p className="auth-card__lead">
            Skriv inn e-postadressen du bruker hos oss, så sender vi deg en lenke for å lage nytt passord.
          </p>
          <form className="form-stack" onSubmit={onSubmit} noValidate>
            <EmailField id="forgot-email" value={email} onChange={setEmail} errorId={error ? 'forgot-error' : undefined} />
            {error && (
              <FormMessage kind="error" id="forgot-error">
                {error}
              </FormMessage>
            )}
            <Button type="submit" size="lg" block busy={busy} disabled={busy || email.trim() === ''}>
              {busy ? 'Sender...' : 'Send lenke'}
            </Button>
          </form>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
