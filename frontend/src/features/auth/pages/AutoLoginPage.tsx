import { MSG } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button';
import { Card } from '../../../components/Layout';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { setSession } from '../../../lib/session';
import { tokenLogin } from '../api/auth';
import { MemberPage } from '../components/MemberShell';
import { safeNext } from '../lib/next';

const INVALID_LINK = MSG.invalidToken;

/** Tokens already sent from this page load (a one-time token must be sent once, also under StrictMode). */
const sent = new Map<string, Promise<Awaited<ReturnType<typeof tokenLogin>>>>();

/** `/auto-login?token=…`: signs in with a one-time link, then the dashboard or a same-site `next`. */
export default function AutoLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = params.get('token') ?? '';
  const next = safeNext(params.get('next')) ?? paths.dashboard.href();
  const [error, setError] = useState<string | null>(token ? null : INVALID_LINK);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    if (!token) return;
    // The one-time token leaves the address bar at once, so no analytics tag or shared URL carries it.
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    let p = sent.get(token);
    if (!p) {
      p = tokenLogin(token);
      sent.set(token, p);
    }
    p.then(
      (res) => {
        if (!alive.current) return;
        setSession(qc, res.user);
        navigate(next, { replace: true });
      },
      (err) => {
        if (!alive.current) return;
        console.error('Innlogging med lenke feilet', err);
        setError(err instanceof ApiError && err.status !== 401 && err.status !== 400 ? err.message : INVALID_LINK);
      },
    );
    return () => {
      alive.current = false;
    };
  }, [token, next, navigate, qc]);

  return (
    <MemberPage>
      <Seo title="Logger inn" noindex />
      <div className="auth-page">
        <Card className="auth-card">
          {error ? (
            <>
              <h1>Kunne ikke logge inn</h1>
              <p className="form-message form-message--error" role="alert">
                {error}
              </p>
              <div className="form-stack" style={{ marginTop: 'var(--space-5)' }}>
                <ButtonLink to={paths.login.href()} size="lg" block>
                  Gå til innlogging
                </ButtonLink>
              </div>
              <div className="auth-links">
                <Link to={paths.forgotPassword.href()}>Glemt passord?</Link>
                <Link to={paths.home.href()}>Til forsiden</Link>
              </div>
            </>
          ) : (
            <div className="member-loading" role="status" aria-live="polite">
              <span className="spinner spinner--dark" aria-hidden="true" />
              <span>Logger inn...</span>
            </div>
          )}
        </Card>
      </div>
    </MemberPage>
  );
}
