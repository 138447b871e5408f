// The global sheet (tokens, base) first, so every component's own CSS comes after it.
import './styles/index.css';
import { lazy, startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, pageKeyFor } from './app/App';
import { pageLoaders, type PageComponents, type PageKey } from './app/pages';
import { isAppPath } from './config/paths';
import { loadAppState } from './lib/app-state';
import { recordPageView } from './lib/attribution';
import { recordPartnerLink } from './lib/partner';
import { applyConsent, readConsent } from './lib/consent';
import { initGoogleTag } from './lib/gtag';
import { takeLinkToken } from './lib/link-token';

const lazyPages = Object.fromEntries(
  (Object.keys(pageLoaders) as PageKey[]).map((k) => [k, lazy(pageLoaders[k])]),
) as unknown as PageComponents;

async function main(): Promise<void> {
  // A mailed link's one-time token leaves the address bar before anything reads the URL.
  takeLinkToken();
  const state = await loadAppState();
  // First-touch attribution as early as possible (a visitor may leave before hydration finishes).
  recordPageView(window.location, document.referrer, state.settings.mentorSlug);
  recordPartnerLink(window.location);

  // Consent Mode v2: defaults (denied) first, then a stored choice, then (maybe) the tag itself.
  initGoogleTag(state.settings.gaMeasurementId);
  const stored = readConsent();
  if (stored) applyConsent(stored);

  // Load the current page's chunk before hydrating, and hand it over un-lazy, so hydration never suspends.
  const pages: PageComponents = { ...lazyPages };
  const key = pageKeyFor(window.location.pathname, lazyPages, state.settings.mentorSlug);
  // Browser-only pages also need TanStack Query (AppLayout): fetch it in parallel.
  if (isAppPath(window.location.pathname)) void import('./app/layout/QueryProvider');
  if (key) {
    try {
      const mod = await pageLoaders[key]();
      pages[key] = mod.default as ComponentType;
    } catch (e) {
      console.error('Kunne ikke laste siden', e);
    }
  }

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App state={state} pages={pages} />
    </StrictMode>
  );
  // Hydrating inside a transition lets React yield to the browser between chunks of work (no long task).
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

main().catch((e) => console.error('Oppstart feilet', e));
