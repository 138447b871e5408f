import { MSG } from '@academy/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { takeLinkToken } from '../../../lib/link-token';
import { stopEmailChange } from '../api/email-change';
import { AuthActions, AuthCard, BackToLogin } from '../components/AuthCard';

type State = { kind: 'ready' } | { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * `/stopp-epostendring#token=…`: the mentor asked to move the account to another address, and the
 * notice went to the old one. Its owner stops the change with a click while the new address has not
 * confirmed it (a mail scanner opening the link changes nothing); the account keeps this address.
 */
export default function StopEmailChangePage() {
  const [link] = useState(() => takeLinkToken());
  const token = link?.token ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'error', message: MSG.emailChangeStopInvalid });

  const stop = () => {
    setState({ kind: 'working' });
    stopEmailChange(token)
      .then((res) => setState({ kind: 'done', message: res.message }))
      .catch((err: unknown) =>
        setState({ kind: 'error', message: err instanceof ApiError ? err.message : MSG.emailChangeStopInvalid }),
      );
  };

  return (
    <AuthCard>
      <Seo title="Stopp endring av e-postadresse" noindex />
      <h1>Stopp endringen av e-postadressen</h1>
      {state.kind === 'done' ? (
        <FormMessage kind="success">{state.message}</FormMessage>
      ) : state.kind === 'error' ? (
        <FormMessage kind="error">{state.message}</FormMessage>
      ) : (
        <>
          <p className="auth-card__lead">
            Mentoren har bedt om å flytte kontoen din til en annen e-postadresse. Har du ikke avtalt det, stopper du endringen
            her. Kontoen beholder da denne adressen.
          </p>
          <AuthActions>
            <Button size="lg" block onClick={stop} busy={state.kind === 'working'} disabled={state.kind === 'working'}>
              Stopp endringen
            </Button>
          </AuthActions>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
