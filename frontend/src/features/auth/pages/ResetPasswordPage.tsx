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
import { asksForSecondFactor, SecondFactorStep } from '../components/SecondFactor';

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
  /** The account has two-factor sign-in: the new password waits for the code (nothing is saved before). */
  const [codeStep, setCodeStep] = useState<{
    body: { newPassword: string; confirmPassword: string };
    error: string | null;
  } | null>(null);

  const save = useCallback(
    async (body: { newPassword: string; confirmPassword: string }) => {
      try {
        const res = await resetPassword({ token, ...body });
        return { user: res.user, text: res.message };
      } catch (err) {
        if (asksForSecondFactor(err)) setCodeStep({ body, error: err.code === 'TOTP_REQUIRED' ? null : err.message });
        throw err;
      }
    },
    [token],
  );
  const errorText = useCallback((err: unknown) => {
    // The code step replaces the form: a request for the second factor is no failure.
    if (asksForSecondFactor(err)) return err.message;
    console.error('Nytt passord feilet', err);
    const text = passwordErrorText(err);
    if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkInvalid(text);
    return text;
  }, []);
  const onDone = useCallback(
    (user: MeResponse) => void completeSignIn(qc, user).then(() => navigate(paths.dashboard.href(), { replace: true })),
    [navigate, qc],
  );
  const withCode = async (code: string) => {
    if (!codeStep) return;
    try {
      onDone((await resetPassword({ token, ...codeStep.body, totp: code })).user);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkInvalid(err.message);
      throw err;
    }
  };

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
      ) : codeStep ? (
        <SecondFactorStep
          lead="Kontoen din har tofaktorinnlogging. Skriv inn engangskoden fra autentiseringsappen (eller en gjenopprettingskode) for å lagre det nye passordet."
          submitLabel="Lagre nytt passord"
          submit={withCode}
          initialError={codeStep.error}
        />
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
