import { MSG, type MeResponse } from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { NewPasswordForm } from '../../../components/NewPasswordForm';
import { passwordErrorText } from '../../../components/PasswordInput';
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
  /** Why the link cannot be used (then the page offers a new one instead of the form). */
  const [linkInvalid, setLinkInvalid] = useState<string | null>(token.length < 20 ? MSG.resetTokenInvalid : null);

  const save = useCallback(
    async (body: { newPassword: string; confirmPassword: string }) => {
      const res = await resetPassword({ token, ...body });
      return { user: res.user, text: res.message };
    },
    [token],
  );
  const errorText = useCallback((err: unknown) => {
    console.error('Nytt passord feilet', err);
    const text = passwordErrorText(err);
    if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkInvalid(text);
    return text;
  }, []);
  const onDone = useCallback(
    (user: MeResponse) => void completeSignIn(qc, user).then(() => navigate(paths.dashboard.href(), { replace: true })),
    [navigate, qc],
  );

  return (
    <AuthCard>
      <Seo title="Nytt passord" noindex />
      <h1>Lag nytt passord</h1>
      {linkInvalid ? (
        <>
          <FormMessage kind="error">{linkInvalid}</FormMessage>
          <AuthActions>
            <ButtonLink to={paths.forgotPassword.href()} size="lg" block>
              Be om ny lenke
            </ButtonLink>
          </AuthActions>
        </>
      ) : (
        <>
          <p className="auth-card__lead">Velg et nytt passord. Du blir logget ut på andre enheter.</p>
          <NewPasswordForm
            idPrefix="reset-"
            statusId="reset-status"
            submitLabel="Lagre nytt passord"
            mismatch={MSG.setPasswordMismatch}
            save={save}
            errorText={errorText}
            onDone={onDone}
            requireBoth
          />
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
