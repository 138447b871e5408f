import { VIPPS_LOGIN_MSG } from '@academy/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { takeLinkToken } from '../../../lib/link-token';
import { vippsConfirmLink } from '../api/vipps-login';
import { AuthActions, AuthCard, BackToLogin } from '../components/AuthCard';

/**
 * `/vipps-kobling#token=…`: the link mailed when «Logg inn med Vipps» found an account with the address.
 * One click links Vipps and signs in (or asks the account's one-time code first); a mail scanner
 * opening the link changes nothing.
 */
export default function VippsConfirmPage() {
  const [link] = useState(() => takeLinkToken());
  const token = link?.token ?? '';
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : VIPPS_LOGIN_MSG.invalidConfirmLink);

  const confirm = () => {
    setBusy(true);
    vippsConfirmLink(token)
      .then((res) => {
        if ('next' in res) window.location.assign(res.next);
        else void navigate(paths.vippsStep.href(), { replace: true });
      })
      .catch((err: unknown) => {
        setBusy(false);
        setError(err instanceof ApiError ? err.message : VIPPS_LOGIN_MSG.invalidConfirmLink);
      });
  };

  return (
    <AuthCard>
      <Seo title="Koble Vipps til kontoen" noindex />
      <h1>Koble Vipps til kontoen</h1>
      {error ? (
        <FormMessage kind="error">{error}</FormMessage>
      ) : (
        <>
          <p className="auth-card__lead">Bekreft at du vil logge inn med Vipps på denne kontoen.</p>
          <AuthActions>
            <Button size="lg" block onClick={confirm} disabled={busy} busy={busy}>
              Koble til Vipps
            </Button>
          </AuthActions>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
