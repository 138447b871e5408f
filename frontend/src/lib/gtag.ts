/**
 * Google tag with Consent Mode v2, without inline scripts (CSP: script-src 'self' googletagmanager.com).
 * The consent default (everything denied) is pushed before anything else; gtag.js is only loaded when a
 * measurement id is configured and the visitor allowed statistics (no request to Google before that).
 */

type GtagArgs = [string, ...unknown[]];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: GtagArgs) => void;
  }
}

let initialised = false;

/** Parameters that are secrets or personal data: one-time tokens, Checkout Session ids, signatures, addresses. */
const PRIVATE_PARAMS = ['token', 'session_id', 'sig', 'email'];

/**
 * The page address as the Google tag may see it: without the private parameters and without the
 * fragment (mailed links carry their token there). The pages take those out of the address bar
 * themselves; this makes sure the tag never gets them whatever the timing.
 */
export function pageLocation(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href.replace(/[?#].*$/, '');
  }
  for (const p of PRIVATE_PARAMS) url.searchParams.delete(p);
  url.hash = '';
  return url.toString();
}

/** gtag.js reads `arguments` objects from the dataLayer, so push exactly that. */
function gtagShim(..._args: GtagArgs): void {
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer!.push(arguments);
}

export function gtag(...args: GtagArgs): void {
  if (typeof window === 'undefined') return;
  ensureDataLayer();
  window.gtag!(...args);
}

function ensureDataLayer(): void {
  window.dataLayer = window.dataLayer || [];
  if (!window.gtag) window.gtag = gtagShim;
}

export type ConsentState = 'granted' | 'denied';

export interface ConsentSignals {
  analytics_storage: ConsentState;
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
}

/** What the visitor allowed, as far as the tag cares (consent.ts keeps the full choice). */
export interface ConsentGrants {
  analytics: boolean;
  marketing: boolean;
}

export function signalsFor(choice: ConsentGrants): ConsentSignals {
  const a: ConsentState = choice.analytics ? 'granted' : 'denied';
  const m: ConsentState = choice.marketing ? 'granted' : 'denied';
  return { analytics_storage: a, ad_storage: m, ad_user_data: m, ad_personalization: m };
}

let measurement: string | null = null;
let tagRequested = false;

/**
 * Sets the default consent (all denied) once and queues the tag's configuration. Nothing is fetched
 * here: gtag.js (a request to Google) loads only after the visitor allowed statistics (`loadTag`,
 * from `updateConsent`), so a visitor who has not chosen, or said no, sends Google nothing.
 */
export function initGoogleTag(measurementId: string | null): void {
  if (typeof window === 'undefined' || initialised) return;
  initialised = true;
  ensureDataLayer();
  gtag('consent', 'default', {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    wait_for_update: 500,
  });
  gtag('set', 'ads_data_redaction', true);
  if (!measurementId) return;
  measurement = measurementId;
  gtag('js', new Date());
  // The tag's own page view takes page_location from here, not from the address bar.
  gtag('config', measurementId, { anonymize_ip: true, page_location: pageLocation(window.location.href) });
}

/** Loads gtag.js once (after the page itself, so the tag never competes with first paint). */
function loadTag(): void {
  if (!measurement || tagRequested || typeof document === 'undefined') return;
  tagRequested = true;
  const id = measurement;
  const load = () => {
    const s = document.createElement('script');
    s.async = true;
    s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(s);
  };
  if (document.readyState === 'complete') setTimeout(load, 0);
  else window.addEventListener('load', () => setTimeout(load, 0), { once: true });
}

/** Applies a choice to the tag; the tag itself is loaded only when statistics are allowed. */
export function updateConsent(choice: ConsentGrants): void {
  gtag('consent', 'update', { ...signalsFor(choice) });
  if (choice.analytics) loadTag();
}

/** A page view for the single-page navigation (only meaningful when the tag is loaded). */
export function trackPageView(measurementId: string | null, path: string, title: string): void {
  if (!measurementId || typeof window === 'undefined') return;
  const location = pageLocation(window.location.href);
  // Every later hit of this page (engagement, scroll) carries the same clean address.
  gtag('set', { page_location: location });
  gtag('event', 'page_view', { page_path: path, page_title: title, page_location: location });
}
