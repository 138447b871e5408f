import type { VippsLoginReason } from '@academy/contracts';
import type { StartedSession } from '../identity/auth.types';

/** From «Logg inn med Vipps» to Vipps' answer. */
export const STARTED_TTL_MS = 10 * 60_000;
/** A step after Vipps (the one-time code, the holder's confirmation, the mailed link) must be done within this. */
export const STEP_TTL_MS = 30 * 60_000;
/** Confirmation links mailed for one attempt. */
export const MAX_MAILS = 3;
export const DEFAULT_NEXT = '/dashboard';
/** The sign-in page, where every failure is told (`?vipps=<reason>`), and the page of the steps after Vipps. */
export const LOGIN_PAGE = '/login';
export const STEP_PAGE = '/login/vipps';

/** The answer of a step that may sign the browser in. */
export interface VippsOutcome {
  /** Where the browser goes (a path on this site). */
  location: string;
  session: StartedSession | null;
}

/** A path on this site to go to afterwards, or null (another site, a scheme, control characters). */
export function safeNext(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 500) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid' || url.pathname.startsWith('/api/')) return null;
  return url.pathname + url.search + url.hash;
}

export const failed = (reason: VippsLoginReason): VippsOutcome => ({ location: `${LOGIN_PAGE}?vipps=${reason}`, session: null });
export const str = (v: unknown, min: number, max: number): string | null =>
  typeof v === 'string' && v.length >= min && v.length <= max ? v : null;
