import { paths } from '../config/paths';

/** Pages a `next` must never lead back to (they would send the user round in a loop). */
const NOT_AS_NEXT: readonly string[] = [paths.login.path, paths.autoLogin.path];

/**
 * A `?next=` value made safe: only a path on this site (`/dashboard`, `/course/foundation?x=1`), never
 * another origin (`//evil.example`, `https://…`, `/\evil`), else null.
 */
export function safeNext(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (NOT_AS_NEXT.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return url.pathname + url.search + url.hash;
}

/** `/login?next=<the page asked for>` */
export function loginHrefFor(location: { pathname: string; search: string; hash?: string }): string {
  return paths.login.href({ next: location.pathname + location.search + (location.hash ?? '') });
}
