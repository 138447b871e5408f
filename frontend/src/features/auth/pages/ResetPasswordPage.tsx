import { MSG, type MeResponse } from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { FormMessage, StatusMessage, type FormStatus } from '../../../components/Form';
import { NewPasswordFields, newPasswordProblem, passwordErrorText } from '../../../components/PasswordInput';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { takeLinkToken } from '../../../lib/link-token';
import { completeSignIn } from '../../../lib/session';
import { resetPassword } from '../api/password-reset';
import { AuthActions, AuthCard, BackToLogin } from '../components/AuthCard';

/**
 * `/tilbakestill-passord#token=…` (older mails: `?token=…`): the page the forgotten-password e-mail
 * links to. Sets a new password, signs in (other sessions end) and goes to the dashboard. The token
 * left the address bar when the page started (`lib/link-token.ts`), so it stays out of the browser
 * history and analytics.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [token] = useState(() => takeLinkToken()?.token ?? '');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [linkInvalid, setLinkInvalid] = useState(token.length < 20);
  const [doneUser, setDoneUser] = useState<MeResponse | null>(null);

  useEffect(() => {
    if (!doneUser) return;
    const timer = setTimeout(() => {
      void completeSignIn(qc, doneUser).then(() => navigate(paths.dashboard.href(), { replace: true }));
    }, 2000);
    return () => clearTimeout(timer);
  }, [doneUser, navigate, qc]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || doneUser) return;
    const problem = newPasswordProblem(newPassword, confirmPassword, MSG.setPasswordMismatch);
    if (problem) return setStatus({ kind: 'error', text: problem });
    setStatus(null);
    setBusy(true);
    try {
      const res = await resetPassword({ token, newPassword, confirmPassword });
      setStatus({ kind: 'success', text: res.message });
      setDoneUser(res.user);
    } catch (err) {
      console.error('Nytt passord feilet', err);
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkInvalid(true);
      setStatus({ kind: 'error', text: passwordErrorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard>
      <Seo title="Nytt passord" noindex />
      <h1>Lag nytt passord</h1>
      {linkInvalid ? (
        <>
          <FormMessage kind="error">{status?.kind === 'error' ? status.text : MSG.resetTokenInvalid}</FormMessage>
          <AuthActions>
            <ButtonLink to={paths.forgotPassword.href()} size="lg" block>
              Be om ny lenke
            </ButtonLink>
          </AuthActions>
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
            <StatusMessage status={status} id="reset-status" />
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
      <BackToLogin />
    </AuthCard>
  );
}
