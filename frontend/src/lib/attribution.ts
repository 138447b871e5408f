import type { Attribution, TrafficSource } from '@academy/contracts';
import { paths } from '../config/paths';
import { functionalAllowed, onConsentApplied } from './consent';

/**
 * First-touch attribution (docs/decisions.md "Attribution"): the first variant a visitor lands on, the landing
 * path, the referrer and any utm_* values, sent with every lead, sign-up and order.
 *
 * Nothing of it touches the device before the visitor allows functional cookies (ekomloven § 3-15): it is
 * kept in memory for this page load (a full reload starts a new first touch), written to localStorage
 * only once a stored choice has `functional` on, and removed again when a choice turns it off ("Avvis
 * alle"). A remembered first touch is never overwritten; a variant is only added when none was known.
 */

export const ATTRIBUTION_STORAGE_KEY = 'ta.attribution.v1';

const UTM_KEYS = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_term', 'utmTerm'],
  ['utm_content', 'utmContent'],
] as const;

const LIMITS: Record<keyof Attribution, number> = {
  trafficSource: 10,
  landingPath: 200,
  referrer: 300,
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 100,
  utmTerm: 100,
  utmContent: 100,
};

/** Which experiment variant a page belongs to (`starter` is the home page). */
export function variantForPath(pathname: string, mentorSlug: string): TrafficSource | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === paths.home.path) return 'starter';
  if (p === paths.free.path || p === paths.free.alias) return 'A';
  if (p === paths.professional.path || p === paths.professional.alias) return 'B';
  if (p === paths.mentor.path(mentorSlug) || p === paths.mentor.alias) return 'C';
  if (p === paths.crypto.path || p === paths.crypto.alias) return 'D';
  return undefined;
}

/** This page load's first touch (memory only until functional consent). */
let current: Attribution | undefined;
let loaded = false;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function clean(a: Attribution): Attribution {
  const out: Attribution = {};
  for (const [k, v] of Object.entries(a) as [keyof Attribution, string | undefined][]) {
    if (typeof v === 'string' && v.trim()) (out as Record<string, string>)[k] = v.trim().slice(0, LIMITS[k]);
  }
  return out;
}

function readStored(): Attribution | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(ATTRIBUTION_STORAGE_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const a = clean(parsed as Attribution);
    return Object.keys(a).length ? a : undefined;
  } catch {
    return undefined;
  }
}

function forgetStored(): void {
  try {
    storage()?.removeItem(ATTRIBUTION_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}

function persist(): void {
  if (!current || !functionalAllowed()) return;
  try {
    storage()?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage full or blocked: the first touch stays in memory.
  }
}

/**
 * Once per page load: with functional consent an earlier visit's first touch is read back (it wins);
 * without it anything stored (by an earlier choice since withdrawn) is removed.
 */
function load(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  if (functionalAllowed()) {
    const stored = readStored();
    if (stored) current = stored;
  } else {
    forgetStored();
  }
}

// A new choice: functional on writes what is in memory, off removes what was written.
onConsentApplied((choice) => {
  if (choice.functional) {
    const stored = readStored();
    if (stored) current = stored;
    persist();
  } else {
    forgetStored();
  }
});

/** This visit's first touch, or undefined when nothing is known. */
export function getAttribution(): Attribution | undefined {
  load();
  return current && Object.keys(current).length ? { ...current } : undefined;
}

function sameOriginReferrer(referrer: string): boolean {
  try {
    return new URL(referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Remembers the first touch. Call on every page view; it only writes what is still unknown:
 * everything on the first visit, later only a variant (if the first page was not one) or utm values
 * (if the first visit had none).
 */
export function recordPageView(url: { pathname: string; search: string }, referrer: string, mentorSlug: string): void {
  if (typeof window === 'undefined') return;
  load();
  const params = new URLSearchParams(url.search);
  const utm: Attribution = {};
  for (const [q, k] of UTM_KEYS) {
    const v = params.get(q);
    if (v) utm[k] = v;
  }
  const variant = variantForPath(url.pathname, mentorSlug);
  let next: Attribution;
  if (!current) {
    next = {
      trafficSource: variant,
      landingPath: url.pathname,
      referrer: referrer && !sameOriginReferrer(referrer) ? referrer : undefined,
      ...utm,
    };
  } else {
    next = { ...current };
    if (!current.trafficSource && variant) next.trafficSource = variant;
    const hasUtm = UTM_KEYS.some(([, k]) => current![k]);
    if (!hasUtm) Object.assign(next, utm);
  }
  const cleaned = clean(next);
  if (JSON.stringify(cleaned) === JSON.stringify(current ?? {})) return;
  current = cleaned;
  persist();
}
