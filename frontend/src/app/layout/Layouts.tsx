import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSettings } from '../../lib/app-state';
import { recordPageView } from '../../lib/attribution';
import { recordPartnerLink } from '../../lib/partner';
import { trackPageView } from '../../lib/gtag';
import { CookieConsentProvider } from './CookieConsent';
import { SkipLink } from '../../components/SkipLink';
import { Spinner } from '../../components/Spinner';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { TestEnvironmentBanner } from './TestEnvironmentBanner';
import { TestPanel } from './TestPanel';
import './Layouts.css';

const QueryProvider = lazy(() => import('./QueryProvider'));

/** Scroll to the top (or the #hash) on navigation, remember first-touch attribution, count page views. */
function NavigationEffects() {
  const location = useLocation();
  const settings = useSettings();
  const first = useRef(true);
  useEffect(() => {
    // The first page view is recorded by entry-client before hydration.
    if (first.current) {
      first.current = false;
      document.documentElement.dataset.hydrated = 'true';
      return;
    }
    recordPageView(location, '', settings.mentorSlug);
    recordPartnerLink(location);
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    const t = setTimeout(() => trackPageView(settings.gaMeasurementId, location.pathname, document.title), 0);
    return () => clearTimeout(t);
    // Only on a new path; query changes within a page keep the scroll position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
  return null;
}

/** Every page: cookie banner + settings dialog, test panel, navigation effects. */
export function RootLayout() {
  return (
    <CookieConsentProvider>
      <TestEnvironmentBanner />
      <NavigationEffects />
      <Outlet />
      <TestPanel />
    </CookieConsentProvider>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spinner dark />
      <span className="sr-only">Laster …</span>
    </div>
  );
}

/** Marketing, sales and legal pages: skip link, navigation bar, main, footer. */
export function SiteLayout() {
  return (
    <div className="site">
      <SkipLink />
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/**
 * Browser-only pages (checkout, sign-in, member area) bring their own header. They get TanStack Query
 * (loaded with them; the marketing pages do not need it).
 */
export function AppLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </Suspense>
  );
}
