import { MSG } from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { FormMessage } from '../../../components/Form';
import { LoadingStatus } from '../../../components/MemberShell';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { takeLinkToken } from '../../../lib/link-token';
import { safeNext } from '../../../lib/next';
import { completeSignIn, fetchMe } from '../../../lib/session';
import { tokenLogin } from '../api/auth';
import { AuthActions, AuthCard, AuthLinks } from '../components/AuthCard';
import { asksForSecondFactor, SecondFactorStep } from '../components/SecondFactor';

const INVALID_LINK = MSG.invalidToken;

type TokenLogin = Awaited<ReturnType<typeof tokenLogin>>;

/** Requests already sent from this page load (a one-time token must be sent once, also under StrictMode). */
const sent = new Map<string, Promise<TokenLogin>>();

function sendOnce(token: string, switchAccount: boolean): Promise<TokenLogin> {
  const key = `${switchAccount ? 'switch' : 'plain'}:${token}`;
  let p = sent.get(key);
  if (!p) {
    p = tokenLogin(token, switchAccount);
    sent.set(key, p);
  }
  return p;
}

/** The address of the account this browser is signed in to, as the server tells it. */
async function currentEmail(err: ApiError): Promise<string | null> {
  const body = err.body as { email?: unknown; currentEmail?: unknown } | undefined;
  const fromBody = body?.currentEmail ?? body?.email;
  if (typeof fromBody === 'string') return fromBody;
  try {
    return (await fetchMe())?.email ?? null;
  } catch {
    return null;
  }
}

type State =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'switch'; current: string | null }
  /** The account has two-factor sign-in: the link waits for the code (`switchAccount` as agreed). */
  | { kind: 'code'; switchAccount: boolean; error: string | null };

/**
 * `/auto-login#token=…&next=…` (older mails: `?token=…`): signs in with a one-time link, then the
 * dashboard or a same-site `next`. The token left the address bar when the page started (see
 * `lib/link-token.ts`). Signed in as another account, it asks before switching. An account with
 * two-factor sign-in is asked for its code, as the password sign-in asks.
 */
export default function AutoLoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [link] = useState(() => takeLinkToken());
  const token = link?.token ?? '';
  const next = safeNext(link?.next) ?? paths.dashboard.href();
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'error', message: INVALID_LINK });
  const alive = useRef(true);

  const run = useCallback(
    (switchAccount: boolean) => {
      sendOnce(token, switchAccount)
        .then(async (res) => {
          await completeSignIn(qc, res.user);
          if (alive.current) void navigate(next, { replace: true });
        })
        .catch(async (err: unknown) => {
          if (!alive.current) return;
          if (asksForSecondFactor(err)) {
            setState({ kind: 'code', switchAccount, error: err.code === 'TOTP_REQUIRED' ? null : err.message });
            return;
          }
          if (err instanceof ApiError && err.code === 'ACCOUNT_SWITCH' && !switchAccount) {
            const current = await currentEmail(err);
            if (alive.current) setState({ kind: 'switch', current });
            return;
          }
          console.error('Innlogging med lenke feilet', err);
          const message = err instanceof ApiError && err.status !== 401 && err.status !== 400 ? err.message : INVALID_LINK;
          setState({ kind: 'error', message });
        });
    },
    [token, next, navigate, qc],
  );

  useEffect(() => {
    alive.current = true;
    if (token) run(false);
    return () => {
      alive.current = false;
    };
  }, [token, run]);

  const withCode = async (code: string) => {
    if (state.kind !== 'code') return;
    const res = await tokenLogin(token, state.switchAccount, code);
    await completeSignIn(qc, res.user);
    if (alive.current) void navigate(next, { replace: true });
  };

  const onSwitch = () => {
    setState({ kind: 'working' });
    run(true);
  };

  return (
    <AuthCard>
      <Seo title="Logger inn" noindex />
      {state.kind === 'error' ? (
        <>
          <h1>Kunne ikke logge inn</h1>
          <FormMessage kind="error">{state.message}</FormMessage>
          <AuthActions>
            <ButtonLink to={paths.login.href()} size="lg" block>
              Gå til innlogging
            </ButtonLink>
          </AuthActions>
          <AuthLinks>
            <Link to={paths.forgotPassword.href()}>Glemt passord?</Link>
            <Link to={paths.home.href()}>Til forsiden</Link>
          </AuthLinks>
        </>
      ) : state.kind === 'code' ? (
        <>
          <h1>Tofaktorinnlogging</h1>
          <SecondFactorStep
            lead="Kontoen din har tofaktorinnlogging. Skriv inn engangskoden fra autentiseringsappen for å logge inn med lenken."
            submitLabel="Logg inn"
            submit={withCode}
            initialError={state.error}
          />
          <AuthLinks>
            <Link to={paths.login.href()}>Logg inn med passord i stedet</Link>
          </AuthLinks>
        </>
      ) : state.kind === 'switch' ? (
        <>
          <h1>Bytte konto?</h1>
          <p className="auth-card__lead" role="alert" data-testid="account-switch">
            Du er logget inn som <strong>{state.current ?? 'en annen konto'}</strong>. Vil du logge ut og fortsette med lenken?
          </p>
          <AuthActions>
            <Button size="lg" block onClick={onSwitch}>
              Logg ut og fortsett med lenken
            </Button>
            <ButtonLink to={paths.dashboard.href()} size="lg" block variant="secondary" replace>
              {state.current ? `Nei, fortsett som ${state.current}` : 'Nei, bli værende innlogget'}
            </ButtonLink>
          </AuthActions>
        </>
      ) : (
        <LoadingStatus text="Logger inn..." />
      )}
    </AuthCard>
  );
}
