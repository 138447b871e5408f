import { MSG } from '@academy/contracts';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { takeLinkToken } from '../../../lib/link-token';
import { confirmEmailChange } from '../api/email-change';
import { AuthActions, AuthCard, BackToLogin } from '../components/AuthCard';

type State = { kind: 'ready' } | { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'error'; message: string };

/**
 * `/bekreft-epost#token=…`: the mentor changed the account's e-mail address, and the link went to
 * the new address. The student confirms with a click (a mail scanner opening the link changes
 * nothing); from then on the new address signs in.
 */
export default function ConfirmEmailPage() {
  const [link] = useState(() => takeLinkToken());
  const token = link?.token ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'error', message: MSG.emailChangeInvalid });

  const confirm = () => {
    setState({ kind: 'working' });
    confirmEmailChange(token)
      .then((res) => setState({ kind: 'done', email: res.email }))
      .catch((err: unknown) =>
        setState({ kind: 'error', message: err instanceof ApiError ? err.message : MSG.emailChangeInvalid }),
      );
  };

  return (
    <AuthCard>
      <Seo title="Bekreft ny e-postadresse" noindex />
      <h1>Bekreft ny e-postadresse</h1>
      {state.kind === 'done' ? (
        <>
          <FormMessage kind="success">E-postadressen er byttet til {state.email}. Logg inn med den nye adressen.</FormMessage>
          <AuthActions>
            <ButtonLink to={paths.login.href({ email: state.email })} size="lg" block>
              Logg inn
            </ButtonLink>
          </AuthActions>
        </>
      ) : state.kind === 'error' ? (
        <FormMessage kind="error">{state.message}</FormMessage>
      ) : (
        <>
          <p className="auth-card__lead">Mentoren har lagt inn denne adressen for kontoen din. Bekreft at du vil bruke den.</p>
          <AuthActions>
            <Button size="lg" block onClick={confirm} disabled={state.kind === 'working'}>
              Bekreft ny adresse
            </Button>
          </AuthActions>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
