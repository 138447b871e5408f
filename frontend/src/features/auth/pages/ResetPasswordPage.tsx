import { MSG, type MeResponse } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { Card } from '../../../components/Layout';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { setSession } from '../../../lib/session';
import { resetPassword } from '../api/password-reset';
import { MemberPage } from '../components/MemberShell';
import { MIN_PASSWORD_LENGTH, NewPasswordFields } from '../components/PasswordInput';

type Status = { kind: 'error' | 'success'; text: string } | null;

/**
 * `/tilbakestill-passord?token=…`: the page the forgotten-password e-mail links to. Sets a new
 * password, signs in (other sessions end) and goes to the dashboard. The token leaves the address
 * bar at once, so it stays out of the browser history.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [token] = useState(() => params.get('token') ?? '');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [linkInvalid, setLinkInvalid] = useState(token.length < 20);
  const [doneUser, setDoneUser] = useState<MeResponse | null>(null);

  useEffect(() => {
    if (params.has('token')) navigate(location.pathname, { replace: true });
  }, [params, location.pathname, navigate]);

  useEffect(() => {
    if (!doneUser) return;
    const timer = setTimeout(() => {
      setSession(qc, doneUser);
      navigate(paths.dashboard.href(), { replace: true });
    }, 2000);
    return () => clearTimeout(timer);
  }, [doneUser, navigate, qc]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || doneUser) return;
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setStatus({ kind: 'error', text: MSG.passwordTooShort });
    if (newPassword !== confirmPassword) return setStatus({ kind: 'error', text: MSG.setPasswordMismatch });
    setStatus(null);
    setBusy(true);
    try {
      const res = await resetPassword({ token, newPassword, confirmPassword });
      setStatus({ kind: 'success', text: res.message });
      setDoneUser(res.user);
    } catch (err) {
      console.error('Nytt passord feilet', err);
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkInvalid(true);
      setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : MSG.internal });
    } finally {
      setBusy(false);
    }
  };

  return (
    <MemberPage>
      <Seo title="Nytt passord" noindex />
      <div className="auth-page">
        <Card className="auth-card">
          <h1>Lag nytt passord</h1>
          {linkInvalid ? (
            <>
              <p className="form-message form-message--error" role="alert">
                {status?.kind === 'error' ? status.text : MSG.resetTokenInvalid}
              </p>
              <div className="form-stack" style={{ marginTop: 'var(--space-5)' }}>
                <ButtonLink to={paths.forgotPassword.href()} size="lg" block>
                  Be om ny lenke
                </ButtonLink>
              </div>
            </>
          ) : (
            <>
              <p className="auth-card__lead">Velg et nytt passord. Du blir logget ut på andre enheter.</p>
              <form className="form-stack" onSubmit={onSubmit} noValidate aria-describedby={status ? 'reset-status' : undefined}>
                <NewPasswordFields
                  idPrefix="reset-"
                  newPassword={newPassword}
                  confirmPassword={confirmPassword}
                  onNew={setNew}
                  onConfirm={setConfirm}
                />
                {status && (
                  <p
                    id="reset-status"
                    className={`form-message form-message--${status.kind}`}
                    role={status.kind === 'error' ? 'alert' : 'status'}
                  >
                    {status.text}
                  </p>
                )}
                <Button
                  type="submit"
                  size="lg"
                  block
                  busy={busy}
                  disabled={busy || !!doneUser || newPassword === '' || confirmPassword === ''}
                >
                  {busy ? 'Setter passord...' : 'Lagre nytt passord'}
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
