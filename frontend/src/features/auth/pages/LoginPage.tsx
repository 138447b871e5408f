import { MSG } from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { MemberLoading } from '../../../components/MemberShell';
import { PasswordInput } from '../../../components/PasswordInput';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { safeNext } from '../../../lib/next';
import { completeSignIn, useSession } from '../../../lib/session';
import { login } from '../api/auth';
import { AuthCard, AuthLinks, EmailField } from '../components/AuthCard';
import { VippsSignIn } from '../components/VippsSignIn';
import { SecondFactorField } from '../components/SecondFactor';

/**
 * `/login`: e-mail and password, and for an account with a second factor then 'Engangskode' (the server
 * answers 401 TOTP_REQUIRED). Back to the page asked for (`?next=`), else the dashboard.
 */
export default function LoginPage() {
  const { me, loading } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const next = safeNext(params.get('next')) ?? paths.dashboard.href();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  /** Null until the server asks for a second factor. */
  const [totp, setTotp] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  // "Glemt passord?" is this page's other way on: its code is fetched now, so the link shows the next page at
  // once instead of leaving this form on screen at the new address while it loads.
  useEffect(() => {
    import('./ForgotPasswordPage').catch(() => {});
  }, []);

  if (loading) return <MemberLoading />;
  if (me && !done) return <Navigate to={next} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    const code = totp?.replace(/\s+/g, '');
    if (totp !== null && !code) {
      setError(MSG.totpRequired);
      setBusy(false);
      return;
    }
    try {
      const res = await login(email.trim(), password, code);
      setDone(true);
      await completeSignIn(qc, res.user);
      void navigate(next, { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && (err.code === 'TOTP_REQUIRED' || err.code === 'TOTP_INVALID')) {
        // The password was right; the account also wants its one-time code.
        if (totp === null) {
          setTotp('');
          return;
        }
        setError(err.message);
        return;
      }
      console.error('Innlogging feilet', err);
      setError(err instanceof ApiError && (err.status === 429 || err.code === 'NETWORK') ? err.message : MSG.invalidCredentials);
    }
  };

  const credentialsError = error && totp === null ? 'login-error' : undefined;
  return (
    <AuthCard>
      <Seo title="Logg inn" description="Logg inn for å se kursene dine." noindex />
      <h1>Logg inn</h1>
      <p className="auth-card__lead">Logg inn for å fortsette med kursene dine.</p>
      <VippsSignIn next={next} reason={params.get('vipps')} />
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        <EmailField
          id="login-email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setTotp(null);
          }}
          errorId={credentialsError}
        />
        <PasswordInput
          id="login-password"
          label="Passord"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={credentialsError ? true : undefined}
          aria-describedby={credentialsError}
        />
        {totp !== null && (
          <SecondFactorField id="login-totp" value={totp} onChange={setTotp} errorId={error ? 'login-error' : undefined} />
        )}
        {error && (
          <FormMessage kind="error" id="login-error">
            {error}
          </FormMessage>
        )}
        <Button type="submit" size="lg" block busy={busy} disabled={busy}>
          {busy ? 'Logger inn...' : 'Logg inn'}
        </Button>
      </form>
      <AuthLinks>
        <Link to={paths.forgotPassword.href()}>Glemt passord?</Link>
        <Link to={paths.home.href()}>Kjøp et kurs</Link>
      </AuthLinks>
      <AuthLinks>
        <Link to={paths.home.href()}>← Tilbake til forsiden</Link>
      </AuthLinks>
    </AuthCard>
  );
}
