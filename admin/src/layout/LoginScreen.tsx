import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { authProvider, LoginError } from '../authProvider';
import { nb, securityMessages } from '../i18n/nb';
import '../lib/light.css';

const t = securityMessages.login;
const auth = nb.ra.auth;

/**
 * Sign in with the same account as on the site. When the account has two-factor sign-in, the API
 * answers TOTP_REQUIRED and the page asks for the code (or a recovery code) on a second step.
 * Plain React, so it is part of the panel's light first load (and react-admin's login page too).
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await authProvider.login({ username: email, password, ...(step === 'code' ? { totp: code } : {}) });
      void navigate('/admin', { replace: true });
    } catch (err) {
      if (err instanceof LoginError && err.code === 'TOTP_REQUIRED') {
        setStep('code');
      } else {
        setError(err instanceof Error && err.message ? err.message : auth.sign_in_error);
        if (err instanceof LoginError && err.code === 'TOTP_INVALID') setCode('');
      }
    } finally {
      setBusy(false);
    }
  };
  const back = () => {
    setStep('password');
    setPassword('');
    setCode('');
    setError(null);
  };
  const incomplete = !email.trim() || !password || (step === 'code' && !code.trim());

  return (
    <div className="lt lt-center">
      <main className="lt-card lt-login">
        <h1>{t.heading}</h1>
        <p className="lt-intro">{step === 'password' ? t.intro : t.code_intro}</p>
        <form onSubmit={submit} noValidate>
          {error && (
            <p className="lt-alert" role="alert">
              {error}
            </p>
          )}
          {step === 'password' ? (
            <>
              <label className="lt-field">
                <span>{auth.username} *</span>
                <input
                  name="username"
                  type="email"
                  autoComplete="username"
                  required
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </label>
              <label className="lt-field">
                <span>{auth.password} *</span>
                <input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </label>
            </>
          ) : (
            <>
              <p className="lt-intro">{t.signing_in_as.replace('%{email}', email)}</p>
              <label className="lt-field">
                <span>{t.code} *</span>
                <input
                  name="totp"
                  autoComplete="one-time-code"
                  inputMode="text"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={64}
                  required
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  aria-describedby="totp-help"
                />
                <p className="lt-help" id="totp-help">
                  {t.code_help}
                </p>
              </label>
            </>
          )}
          <button type="submit" className="lt-btn lt-btn-primary lt-btn-block" disabled={busy || incomplete}>
            {auth.sign_in}
          </button>
          {step === 'code' && (
            <button type="button" className="lt-btn lt-btn-block" onClick={back}>
              {t.other_account}
            </button>
          )}
        </form>
        <p style={{ textAlign: 'center', marginTop: 16 }}>
          <a className="lt-link" href="/">
            {t.home}
          </a>
        </p>
      </main>
    </div>
  );
}
