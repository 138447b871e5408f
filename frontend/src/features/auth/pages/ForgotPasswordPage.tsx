import { MSG } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Layout';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { requestPasswordReset } from '../api/password-reset';
import { MemberPage } from '../components/MemberShell';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
    if (!EMAIL_RE.test(value)) return setError(MSG.invalidEmail);
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
    <MemberPage>
      <Seo title="Glemt passord" description="Få en lenke for å lage nytt passord." noindex />
      <div className="auth-page">
        <Card className="auth-card">
          <h1>Glemt passord?</h1>
          {sent ? (
            <>
              <p className="form-message form-message--success" role="status">
                {sent}
              </p>
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
                <div className="field">
                  <label className="field__label" htmlFor="forgot-email">
                    E-post
                  </label>
                  <input
                    id="forgot-email"
                    className="input"
                    type="email"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'forgot-error' : undefined}
                  />
                </div>
                {error && (
                  <p id="forgot-error" className="form-message form-message--error" role="alert">
                    {error}
                  </p>
                )}
                <Button type="submit" size="lg" block busy={busy} disabled={busy || email.trim() === ''}>
                  {busy ? 'Sender...' : 'Send lenke'}
                </Button>
              </form>
            </>
          )}
          <div className="auth-links">
            <Link to={paths.login.href()}>← Tilbake til innlogging</Link>
          </div>
        </Card>
      </div>
    </MemberPage>
  );
}
