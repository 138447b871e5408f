import type { Attribution, TrafficSource } from '@academy/contracts';
import { paths } from '../config/paths';

/**
 * First-touch attribution (DECISIONS.md "Attribution"): the first variant a visitor lands on, the landing
 * path, the referrer and any utm_* values are remembered in localStorage and sent with every lead,
 * sign-up and order. Stored values are never overwritten; a variant is only added when none was known.
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

/** What was remembered, or undefined when nothing is (or storage is unavailable/corrupt). */
export function getAttribution(): Attribution | undefined {
  const raw = storage()?.getItem(ATTRIBUTION_STORAGE_KEY);
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
  const store = storage();
  if (!store) return;
  const current = getAttribution();
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
    const hasUtm = UTM_KEYS.some(([, k]) => current[k]);
    if (!hasUtm) Object.assign(next, utm);
  }
  const cleaned = clean(next);
  if (JSON.stringify(cleaned) === JSON.stringify(current ?? {})) return;
  try {
    store.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(cleaned));
  } catch {
    // Storage full or blocked: attribution is best effort.
  }
}
