import { MSG } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Layout';
import { paths } from '../../../config/paths';
import { Seo } from '../../../lib/head';
import { setSession, useSession } from '../../../lib/session';
import { login } from '../api/auth';
import { MemberLoading, MemberPage } from '../components/MemberShell';
import { PasswordInput } from '../components/PasswordInput';
import { safeNext } from '../lib/next';

/** `/login`: e-mail and password. Back to the page asked for (`?next=`), else the dashboard. */
export default function LoginPage() {
  const { me, loading } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const next = safeNext(params.get('next')) ?? paths.dashboard.href();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (loading) return <MemberLoading />;
  if (me && !done) return <Navigate to={next} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const res = await login(email.trim(), password);
      setDone(true);
      setSession(qc, res.user);
      navigate(next, { replace: true });
    } catch (err) {
      console.error('Innlogging feilet', err);
      setError(MSG.invalidCredentials);
      setBusy(false);
    }
  };

  return (
    <MemberPage>
      <Seo title="Logg inn" description="Logg inn for å se kursene dine." noindex />
      <div className="auth-page">
        <Card className="auth-card">
          <h1>Logg inn</h1>
          <p className="auth-card__lead">Logg inn for å fortsette med kursene dine.</p>
          <form className="form-stack" onSubmit={onSubmit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor="login-email">
                E-post
              </label>
              <input
                id="login-email"
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'login-error' : undefined}
              />
            </div>
            <PasswordInput
              id="login-password"
              label="Passord"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'login-error' : undefined}
            />
            {error && (
              <p id="login-error" className="form-message form-message--error" role="alert">
                {error}
              </p>
            )}
            <Button type="submit" size="lg" block busy={busy} disabled={busy}>
              {busy ? 'Logger inn...' : 'Logg inn'}
            </Button>
          </form>
          <div className="auth-links">
            <Link to={paths.forgotPassword.href()}>Glemt passord?</Link>
            <Link to={paths.home.href()}>Kjøp et kurs</Link>
          </div>
          <div className="auth-links">
            <Link to={paths.home.href()}>← Tilbake til forsiden</Link>
          </div>
        </Card>
      </div>
    </MemberPage>
  );
}
