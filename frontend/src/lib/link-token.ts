import { paths } from '../config/paths';

/**
 * One-time tokens of mailed links (`/auto-login#token=…&next=…`, `/tilbakestill-passord#token=…`).
 *
 * The token arrives in the URL fragment (older mails: the query). It leaves the address bar the moment
 * the page starts, before attribution, the Google tag or anything else reads the URL, and is kept here
 * for the page that uses it.
 */

/** Pages whose links carry a one-time token. */
const LINK_PAGES: readonly string[] = [
  paths.autoLogin.path,
  paths.resetPassword.path,
  paths.confirmEmail.path,
  paths.stopEmailChange.path,
  paths.vippsConfirm.path,
];

export interface LinkParams {
  token: string;
  /** `next` of a sign-in link (unchecked: pass it through `safeNext`). */
  next: string | null;
}

let taken: ({ pathname: string } & LinkParams) | null = null;

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Reads `token` (and `next`) from the fragment, else the query, of a link page, and removes them from
 * the address bar with `history.replaceState`. Safe to call more than once: the first call keeps the
 * values. Returns what this page load's link carried (or null).
 */
export function takeLinkToken(win: Window = window): LinkParams | null {
  const pathname = normalisePath(win.location.pathname);
  if (!LINK_PAGES.includes(pathname)) return null;
  const hash = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(win.location.search);
  const token = hash.get('token') ?? query.get('token');
  if (token) {
    const next = hash.has('token') ? hash.get('next') : query.get('next');
    taken = { pathname, token, next };
    query.delete('token');
    query.delete('next');
    const search = query.toString();
    // The fragment held only the link's parameters: drop it whole.
    win.history.replaceState(win.history.state, '', pathname + (search ? `?${search}` : ''));
  }
  return taken && taken.pathname === pathname ? { token: taken.token, next: taken.next } : null;
}
