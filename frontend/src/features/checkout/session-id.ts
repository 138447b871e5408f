import { paths } from '../../config/paths';

/**
 * The payment's reference (the Stripe Checkout Session id that Stripe's return link puts in the
 * success page's address, `/betaling/fullfort?session_id=cs_…`, or our Vipps or demo reference).
 * Whoever holds it can read the order, so it leaves the query (and with it the server's logs, the
 * Referer and what the Google tag could read) the moment the page starts. It is kept in memory, and for
 * a reload of the same tab in sessionStorage (needed to show the receipt the buyer asked for; gone when
 * the tab closes). Where this browser refuses storage, it stays in the address's fragment instead
 * (never sent to a server, nor in a Referer), so that a reload still shows the confirmation.
 * Written after the buyer asks to pay (the order form, as it sends the buyer to the provider) and on
 * the payment-complete page: strictly necessary for that service (ekomloven § 3-15), so it needs no
 * cookie consent; no public page before a purchase stores anything here.
 */
const STORAGE_KEY = 'betaling-okt';
const FRAGMENT_KEY = 'okt';
const REFERENCE_RE = /^[A-Za-z0-9_-]{1,260}$/;
let taken: string | null = null;

function stored(win: Window): string | null {
  try {
    return win.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Kept for this tab; false when the browser refuses storage. */
function store(win: Window, id: string): boolean {
  try {
    win.sessionStorage.setItem(STORAGE_KEY, id);
    return win.sessionStorage.getItem(STORAGE_KEY) === id;
  } catch {
    return false;
  }
}

function fromFragment(win: Window): string | null {
  const id = new URLSearchParams(win.location.hash.slice(1)).get(FRAGMENT_KEY);
  return id && REFERENCE_RE.test(id) ? id : null;
}

/** Remembers the reference of the payment this tab sends the buyer to (before leaving for the provider). */
export function rememberCheckoutSessionId(
  id: string,
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): void {
  taken = id;
  if (win) store(win, id);
}

/** Takes `session_id` out of the address bar (once) and returns it; later calls return the kept id. */
export function takeCheckoutSessionId(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): string | null {
  if (!win) return taken;
  const path = win.location.pathname;
  if ((path.length > 1 ? path.replace(/\/+$/, '') : path) !== paths.paymentComplete.path) return taken;
  const query = new URLSearchParams(win.location.search);
  const id = query.get('session_id');
  if (id) {
    taken = id;
    const kept = store(win, id);
    query.delete('session_id');
    const search = query.toString();
    // Storage refused: the fragment keeps it for a reload of this page.
    const hash = kept || !REFERENCE_RE.test(id) ? win.location.hash : `#${FRAGMENT_KEY}=${encodeURIComponent(id)}`;
    win.history.replaceState(win.history.state, '', path + (search ? `?${search}` : '') + hash);
  }
  return taken ?? stored(win) ?? fromFragment(win);
}
