import { paths } from '../../config/paths';

/**
 * The Stripe Checkout Session id that Stripe's return link puts in the success page's address
 * (`/betaling/fullfort?session_id=cs_…`). Whoever holds it can read the order, so it leaves the address
 * bar (and with it the history, bookmarks, the Referer and what the Google tag could read) the moment
 * the page starts. It is kept in memory, and for a reload of the same tab in sessionStorage (needed to
 * show the receipt the buyer asked for; gone when the tab closes). Only the payment-complete page
 * writes it, after a purchase: strictly necessary for that service (ekomloven § 3-15), so it needs no
 * cookie consent; no public page before a purchase stores anything here.
 */
const STORAGE_KEY = 'betaling-okt';
let taken: string | null = null;

function stored(win: Window): string | null {
  try {
    return win.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(win: Window, id: string): void {
  try {
    win.sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage unavailable (private mode): memory only.
  }
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
    store(win, id);
    query.delete('session_id');
    const search = query.toString();
    win.history.replaceState(win.history.state, '', path + (search ? `?${search}` : '') + win.location.hash);
  }
  return taken ?? stored(win);
}
