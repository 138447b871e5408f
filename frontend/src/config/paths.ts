import type { CheckoutCourseId, PlayerCourseId } from '@academy/contracts';

/**
 * Every route of the storefront, once. `path` is the React Router pattern, `href` builds a link.
 * Aliases (`/a`, `/terms`…) render the same page; their canonical URL is the Norwegian path.
 */

type Query = Record<string, string | number | null | undefined>;

/** `withQuery('/bestill', {course: 'foundation', email: undefined})` → `/bestill?course=foundation` */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  // A path that already has a query (the order form's ?course=…) gets the rest after '&'.
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

export const DEFAULT_MENTOR_SLUG = 'mentor';

export const paths = {
  home: { path: '/', href: () => '/' },

  // Landing variants (experiment A–D), each with a short alias.
  free: { path: '/gratis-trading-kurs', alias: '/a', href: () => '/gratis-trading-kurs' },
  professional: { path: '/profesjonell-trading-utdanning', alias: '/b', href: () => '/profesjonell-trading-utdanning' },
  mentor: {
    path: (slug: string) => `/${slug || DEFAULT_MENTOR_SLUG}-trading-mentor`,
    alias: '/c',
    href: (slug: string) => `/${slug || DEFAULT_MENTOR_SLUG}-trading-mentor`,
  },
  crypto: { path: '/kryptovaluta-trading-kurs', alias: '/d', href: () => '/kryptovaluta-trading-kurs' },

  // Course sales pages.
  courseSales: {
    path: '/kurs/:courseId',
    href: (courseId: 'foundation' | 'accelerator', query?: { email?: string }) => withQuery(`/kurs/${courseId}`, query),
  },
  /** Old address of the free course; replaces itself with the player. */
  starterRedirect: { path: '/kurs/starter', href: () => '/kurs/starter' },
  signup: {
    path: '/signup',
    href: (query?: { email?: string; course?: string }) => withQuery('/signup', query),
  },

  // Legal.
  terms: { path: '/vilkar', alias: '/terms', href: () => '/vilkar' },
  privacy: { path: '/personvern', alias: '/privacy', href: () => '/personvern' },
  cookies: { path: '/cookies', href: () => '/cookies' },

  // Checkout.
  checkout: {
    path: '/bestill',
    alias: '/payment',
    /** `kode`: a campaign code the page applies at once. */
    href: (query?: { course?: CheckoutCourseId | string; email?: string; kode?: string }) => withQuery('/bestill', query),
  },
  paymentComplete: {
    path: '/betaling/fullfort',
    href: (query?: Query) => withQuery('/betaling/fullfort', query),
  },

  // Accounts.
  login: { path: '/login', href: (query?: { next?: string; email?: string }) => withQuery('/login', query) },
  /**
   * One-time sign-in link, the token in the fragment (never sent to the server, removed at once);
   * `next` (a same-site path) is where the member area goes afterwards.
   */
  autoLogin: {
    path: '/auto-login',
    href: (token: string, next?: string) => `/auto-login#${new URLSearchParams(next ? { token, next } : { token })}`,
  },
  forgotPassword: { path: '/glemt-passord', href: () => '/glemt-passord' },
  /** The link that confirms a new e-mail address the mentor entered (the token in the fragment). */
  confirmEmail: {
    path: '/bekreft-epost',
    href: (token: string) => `/bekreft-epost#${new URLSearchParams({ token })}`,
  },
  /** The link in the notice to the old address that stops an e-mail change while it waits (the token in the fragment). */
  stopEmailChange: {
    path: '/stopp-epostendring',
    href: (token: string) => `/stopp-epostendring#${new URLSearchParams({ token })}`,
  },
  /** «Logg inn med Vipps» after Vipps: the account's one-time code, or the holder's confirmation of the link. */
  vippsStep: { path: '/login/vipps', href: () => '/login/vipps' },
  /** The mailed link that confirms «Logg inn med Vipps» for an existing account (the token in the fragment). */
  vippsConfirm: {
    path: '/vipps-kobling',
    href: (token: string) => `/vipps-kobling#${new URLSearchParams({ token })}`,
  },
  resetPassword: {
    path: '/tilbakestill-passord',
    href: (token?: string) => (token ? `/tilbakestill-passord#${new URLSearchParams({ token })}` : '/tilbakestill-passord'),
  },

  // Member area.
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  accountSettings: { path: '/account/settings', href: () => '/account/settings' },
  /** "Mentor": chart review, the student's threads with the mentor. */
  mentorInbox: { path: '/mentor', href: () => '/mentor' },
  /** A partner's (affiliate's) own page: their links, orders without buyers, commission and payouts. */
  partner: { path: '/partner', href: () => '/partner' },
  mentorThread: { path: '/mentor/:threadId', href: (threadId: number | string) => `/mentor/${threadId}` },
  coursePlayer: {
    path: '/course/:courseId',
    /** `modul`: a module id to open; `t`: the second to play it from (search hits, transcript links). */
    href: (courseId: PlayerCourseId | string, query?: { email?: string; modul?: number; t?: number }) =>
      withQuery(`/course/${courseId}`, query),
  },

  /** The printable receipt of an order (and its credit notes): the buyer or an admin. */
  receipt: { path: '/kvittering/:orderId', href: (orderId: number | string) => `/kvittering/${orderId}` },

  /** Public verification of a course certificate (the code from the PDF); the server renders it per request. */
  certificate: { path: '/sertifikat/:code', href: (code: string) => `/sertifikat/${encodeURIComponent(code)}` },

  /** The admin panel is a separate app under /admin (full page load). */
  admin: { path: '/admin', href: () => '/admin' },
} as const;

/** Router state `/signup` gets from a free sign-up that failed: the address to try again with (never in the URL). */
export interface SignupRetry {
  email: string;
  course: string;
}

/** Router state the Starter player (`coursePlayer`) gets from the free sign-up. */
export interface StarterArrival {
  /** The welcome mail with a one-time sign-in link is on its way. */
  signInLinkSent: true;
}

/** Paths the server renders to HTML (marketing, sales, sign-up, legal). */
export function prerenderPaths(mentorSlug: string): string[] {
  return [
    paths.home.path,
    paths.free.path,
    paths.free.alias,
    paths.professional.path,
    paths.professional.alias,
    paths.mentor.path(mentorSlug),
    paths.mentor.alias,
    paths.crypto.path,
    paths.crypto.alias,
    paths.courseSales.href('foundation'),
    paths.courseSales.href('accelerator'),
    paths.signup.path,
    paths.terms.path,
    paths.terms.alias,
    paths.privacy.path,
    paths.privacy.alias,
    paths.cookies.path,
  ];
}

const APP_PATHS = new Set<string>([
  paths.starterRedirect.path,
  paths.checkout.path,
  paths.checkout.alias,
  paths.paymentComplete.path,
  paths.login.path,
  paths.autoLogin.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.confirmEmail.path,
  paths.stopEmailChange.path,
  paths.vippsStep.path,
  paths.vippsConfirm.path,
  paths.dashboard.path,
  paths.accountSettings.path,
  paths.mentorInbox.path,
  paths.partner.path,
]);

/** Paths the browser renders by itself (member area, checkout, sign-in): the server answers with the shell. */
export function isAppPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (APP_PATHS.has(p)) return true;
  return /^\/course\/[^/]+$/.test(p) || /^\/kvittering\/[^/]+$/.test(p) || /^\/mentor\/[^/]+$/.test(p);
}

/** The canonical (Norwegian) path of a page, for `<link rel=canonical>`. */
export function canonicalPath(pathname: string, mentorSlug: string): string {
  switch (pathname) {
    case paths.free.alias:
      return paths.free.path;
    case paths.professional.alias:
      return paths.professional.path;
    case paths.mentor.alias:
      return paths.mentor.path(mentorSlug);
    case paths.crypto.alias:
      return paths.crypto.path;
    case paths.terms.alias:
      return paths.terms.path;
    case paths.privacy.alias:
      return paths.privacy.path;
    case paths.checkout.alias:
      return paths.checkout.path;
    default:
      return pathname;
  }
}
