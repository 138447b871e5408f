import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Login, useLogin, useTranslate } from 'react-admin';
import { LoginError } from '../authProvider';
import { FormError } from '../lib/FormError';
import { useFormAction } from '../lib/useFormAction';
import { CredentialFields, useCredentials } from '../security/CredentialFields';

/**
 * Sign in with the same account as on the site. When the account has two-factor sign-in, the API
 * answers TOTP_REQUIRED and the page asks for the code (or a recovery code) on a second step.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const credentials = useCredentials();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const { busy, error, setError, run } = useFormAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      () =>
        login({
          username: credentials.email,
          password: credentials.password,
          ...(step === 'code' ? { totp: credentials.code } : {}),
        }),
      (err) => {
        if (err instanceof LoginError && err.code === 'TOTP_REQUIRED') {
          setStep('code');
        } else {
          setError(err instanceof Error && err.message ? err.message : translate('ra.auth.sign_in_error'));
          if (err instanceof LoginError && err.code === 'TOTP_INVALID') credentials.clearCode();
        }
      },
    );
  };

  const back = () => {
    setStep('password');
    credentials.clear();
    setError(null);
  };

  return (
    <Login>
      <Box sx={{ px: 2, pt: 1, textAlign: 'center' }}>
        <Typography component="h1" variant="h6">
          {translate('login.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {step === 'password' ? translate('login.intro') : translate('login.code_intro')}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate sx={{ px: 2, pt: 1, pb: 1 }}>
        <FormError error={error} sx={{ mb: 1 }} />
        {step === 'password' ? (
          <>
            <CredentialFields
              credentials={credentials}
              email={{ name: 'username', label: translate('ra.auth.username'), autoFocus: true }}
              password={{ name: 'password', label: translate('ra.auth.password') }}
              required
            />
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('login.signing_in_as', { email: credentials.email })}
            </Typography>
            <CredentialFields
              credentials={credentials}
              code={{ name: 'totp', label: translate('login.code'), helperText: translate('login.code_help'), autoFocus: true }}
              required
            />
          </>
        )}
        <Button
          type="submit"
          variant="contained"
          color="primary"
          fullWidth
          disabled={busy || !credentials.email.trim() || credentials.incomplete(step === 'code')}
          sx={{ mt: 2 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('ra.auth.sign_in')}
        </Button>
        {step === 'code' && (
          <Button fullWidth onClick={back} sx={{ mt: 1 }}>
            {translate('login.other_account')}
          </Button>
        )}
      </Box>
      <Box sx={{ pb: 2, textAlign: 'center' }}>
        <Link href="/" variant="body2">
          {translate('login.home')}
        </Link>
      </Box>
    </Login>
  );
}
