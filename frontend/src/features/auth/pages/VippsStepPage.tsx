import { MSG, VIPPS_LOGIN_MSG, type VippsLoginPending } from '@academy/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Field, FormMessage, Input } from '../../../components/Form';
import { MemberLoading } from '../../../components/MemberShell';
import { PasswordInput } from '../../../components/PasswordInput';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { vippsCode, vippsConfirm, vippsMailLink, vippsPending } from '../api/vipps-login';
import { AuthCard, BackToLogin } from '../components/AuthCard';

/** The one-time code field, as the sign-in page asks it. */
function CodeField({ value, onChange, invalid }: { value: string; onChange: (v: string) => void; invalid: boolean }) {
  return (
    <Field
      id="vipps-totp"
      label="Engangskode"
      hint="6 sifre fra autentiseringsappen, eller en av gjenopprettingskodene dine."
      hintId="vipps-totp-hint"
    >
      <Input
        id="vipps-totp"
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
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? 'vipps-totp-hint vipps-step-error' : 'vipps-totp-hint'}
      />
    </Field>
  );
}

/**
 * `/login/vipps`: after Vipps, what this browser still has to do. `kode`: the account's one-time code
 * (Vipps is no second factor). `bekreft`: Vipps gave an address an account already has; its holder
 * confirms with the password (and code) or a link mailed to the address before Vipps is linked.
 */
export default function VippsStepPage() {
  const [pending, setPending] = useState<VippsLoginPending | null | 'none'>(null);
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mailed, setMailed] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    vippsPending(ctrl.signal)
      .then((p) => {
        setPending(p);
        if (p.step === 'kode') setTotp('');
      })
      .catch(() => setPending('none'));
    return () => ctrl.abort();
  }, []);

  if (pending === null) return <MemberLoading />;
  if (pending === 'none')
    return (
      <AuthCard>
        <Seo title="Logg inn med Vipps" noindex />
        <h1>Logg inn med Vipps</h1>
        <FormMessage kind="error">{VIPPS_LOGIN_MSG.noPending}</FormMessage>
        <BackToLogin />
      </AuthCard>
    );

  const signedIn = (next: string) => {
    // A whole page load: every part of the site reads the new session.
    window.location.assign(next);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const code = totp?.replace(/\s+/g, '');
    if (totp !== null && !code) return setError(MSG.totpRequired);
    setError(null);
    setBusy(true);
    try {
      const res =
        pending.step === 'kode' ? await vippsCode(pending.email, code!) : await vippsConfirm(pending.email, password, code);
      signedIn(res.next);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'TOTP_REQUIRED' && totp === null) return setTotp('');
      setError(err instanceof ApiError ? err.message : MSG.invalidCredentials);
    }
  };

  const mail = async () => {
    setError(null);
    setBusy(true);
    try {
      setMailed((await vippsMailLink()).message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : VIPPS_LOGIN_MSG.noPending);
    } finally {
      setBusy(false);
    }
  };

  const confirming = pending.step === 'bekreft';
  return (
    <AuthCard>
      <Seo title="Logg inn med Vipps" noindex />
      <h1>{confirming ? 'Koble Vipps til kontoen din' : 'Engangskode'}</h1>
      <p className="auth-card__lead">
        {confirming
          ? `Vi har allerede en konto med ${pending.email}. Bekreft at den er din, så kobles Vipps til den.`
          : `Kontoen ${pending.email} har tofaktorinnlogging. Skriv engangskoden for å fullføre innloggingen med Vipps.`}
      </p>
      {(!confirming || pending.passwordSet) && (
        <form className="form-stack" onSubmit={onSubmit} noValidate>
          {confirming && (
            <PasswordInput
              id="vipps-password"
              label="Passord"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error && totp === null ? true : undefined}
              aria-describedby={error && totp === null ? 'vipps-step-error' : undefined}
            />
          )}
          {totp !== null && <CodeField value={totp} onChange={setTotp} invalid={!!error} />}
          {error && (
            <FormMessage kind="error" id="vipps-step-error">
              {error}
            </FormMessage>
          )}
          <Button type="submit" size="lg" block busy={busy} disabled={busy}>
            {confirming ? 'Bekreft og koble til' : 'Logg inn'}
          </Button>
        </form>
      )}
      {confirming && (
        <div className="form-stack" style={{ marginTop: 'var(--space-5)' }}>
          {!pending.passwordSet && error && (
            <FormMessage kind="error" id="vipps-step-error">
              {error}
            </FormMessage>
          )}
          {mailed ? (
            <FormMessage kind="success">{mailed}</FormMessage>
          ) : (
            <Button variant={pending.passwordSet ? 'secondary' : 'primary'} size="lg" block onClick={mail} disabled={busy}>
              Send meg en bekreftelseslenke på e-post
            </Button>
          )}
        </div>
      )}
      <p className="auth-card__lead" style={{ marginTop: 'var(--space-5)' }}>
        <Link to={paths.login.href()}>Logg inn med e-post i stedet</Link>
      </p>
    </AuthCard>
  );
}
