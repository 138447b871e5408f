import type { MeResponse } from '@academy/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { authProvider, fetchMe } from '../authProvider';
import { appMessages } from '../i18n/nb';
import { errorMessage } from '../lib/http';
import { useTwoFactorStatus } from '../lib/twoFactorState';
import { CUSTOM_PAGES, MENU_GROUPS } from '../resources';
import { useWorkQueue, workQueueCount } from '../lib/workQueue';
import { MenuBadge } from './MenuBadge';
import '../lib/light.css';

const RESOURCE_TEXTS = appMessages.resources as Record<string, { name?: string } | undefined>;

/** A resource's menu label: the plural of its Norwegian name (`Lead |||| Leads` → `Leads`). */
function menuLabel(name: string): string {
  const forms = RESOURCE_TEXTS[name]?.name?.split('||||') ?? [];
  return (forms[1] ?? forms[0] ?? name).trim();
}

export function LoadingScreen() {
  return (
    <div className="lt lt-page" aria-busy="true">
      <div className="lt-loading" role="progressbar" aria-label="Laster" />
    </div>
  );
}

/** What a signed-in student (or anyone but an admin) sees instead of the panel. */
function NoAccessScreen({ me, onLogout }: { me: MeResponse; onLogout: () => void }) {
  return (
    <div className="lt lt-center">
      <main className="lt-card lt-login" role="alert" style={{ textAlign: 'center' }}>
        <h1>Ingen tilgang</h1>
        <p className="lt-intro">Adminpanelet er bare for administratorer. Du er logget inn som {me.email}.</p>
        <p style={{ display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>
          <a className="lt-btn lt-btn-primary" href="/dashboard">
            Til kursene mine
          </a>
          <a className="lt-btn" href="/">
            Til forsiden
          </a>
          <button type="button" className="lt-btn" onClick={onLogout}>
            Logg ut
          </button>
        </p>
      </main>
    </div>
  );
}

/**
 * The overview's frame on the panel's light first load: who is signed in (or off to the sign-in),
 * the same menu as the full panel, and sign-out. Following any menu link loads the full panel.
 */
export function LightShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [me, setMe] = useState<MeResponse | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchMe()
      .then((m) => live && setMe(m))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, []);
  const isAdmin = me?.role === 'admin';
  const twoFactor = useTwoFactorStatus(isAdmin);
  const queue = useWorkQueue();
  const logout = async () => {
    await authProvider.logout({});
    void navigate('/admin/login', { replace: true });
  };

  if (error)
    return (
      <div className="lt lt-center">
        <p className="lt-card lt-login lt-alert" role="alert">
          {error}
        </p>
      </div>
    );
  if (me === undefined || (isAdmin && twoFactor.loading)) return <LoadingScreen />;
  if (me === null) return <Navigate to="/admin/login" replace />;
  if (!isAdmin) return <NoAccessScreen me={me} onLogout={() => void logout()} />;
  // An admin who must set up two-factor sign-in does that first (the full panel's Sikkerhet page).
  if (twoFactor.status?.required && !twoFactor.status.enabled) return <Navigate to="/admin/security" replace />;

  return (
    <div className="lt lt-page">
      <header className="lt-bar">
        <h1>Oversikt</h1>
        <span style={{ fontSize: '0.875rem' }}>{me.email}</span>
        <button type="button" className="lt-btn" onClick={() => void logout()}>
          Logg ut
        </button>
      </header>
      <div className="lt-body">
        <nav className="lt-nav" aria-label="Meny">
          <ul role="menu">
            <li role="none">
              <Link role="menuitem" to="/admin" aria-current="page">
                Oversikt
              </Link>
            </li>
            {MENU_GROUPS.map((g) => [
              g.heading && (
                <li role="presentation" className="lt-nav-heading" key={g.heading}>
                  {g.heading}
                </li>
              ),
              ...g.resources.map((name) => (
                <li role="none" key={name}>
                  <Link role="menuitem" to={`/admin/${name}`}>
                    {menuLabel(name)}
                    <MenuBadge count={workQueueCount(queue, name)} />
                  </Link>
                </li>
              )),
            ])}
            {CUSTOM_PAGES.map((p) => (
              <li role="none" key={p.path}>
                <Link role="menuitem" to={`/admin${p.path}`}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="lt-main">{children}</main>
      </div>
    </div>
  );
}
