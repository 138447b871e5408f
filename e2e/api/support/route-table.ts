import { ERROR_CODES } from '@academy/contracts';
import { AUDIT_LIST } from '../../../backend/src/admin/audit/admin-audit-log.service';
import { COURSES_LIST, MODULES_LIST } from '../../../backend/src/admin/content/admin-content.service';
import { LEADS_LIST } from '../../../backend/src/admin/leads/admin-leads.service';
import { ORDERS_LIST } from '../../../backend/src/admin/orders/admin-orders.service';
import { USERS_LIST } from '../../../backend/src/admin/users/admin-users.service';
import { LoginTokensService } from '../../../backend/src/identity/login-tokens.service';
import { TotpService } from '../../../backend/src/identity/totp/totp.service';
import { UnsubscribeService } from '../../../backend/src/mail/unsubscribe.service';
import { signWebhook, stripeEvent } from './fake-stripe';
import type { RawRequest, RawResponse } from './raw-http';
import { throwawayGrant, throwawayModule, type Fixture, type Identity, type Role } from './route-fixture';
import { createUser, uniqueEmail } from './test-app';
import { enrolDirect, totpCode } from './two-factor';

/**
 * THE route table: every route of the API (and the form and page routes), with a valid request
 * and the status each role gets for it. The authorisation matrix asserts it row by row; the
 * hostile-input suite starts from its valid requests and breaks them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRequest {
  /** A concrete path for a wildcard route (`/*`). */
  path?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body. */
  form?: Record<string, string>;
  /** A body sent as is, with its headers (the Stripe webhook). */
  raw?: { body: string; headers: Record<string, string> };
}

export interface Route {
  method: Method;
  /** With `:param` placeholders, as the controller declares it. */
  path: string;
  area: 'page' | 'public' | 'member' | 'admin' | 'stripe';
  /** Expected status of the valid request, per role. */
  access: Record<Role, number>;
  /** The valid request for the caller (`me` is null for anonymous). */
  valid(f: Fixture, me: Identity | null): Promise<RouteRequest> | RouteRequest;
  /** The route ends or changes the account: each call gets a new identity of the role's kind. */
  fresh?: boolean;
  /** The route answers HTML pages (its errors may be HTML too). */
  html?: boolean;
  /** Query parameters the route reads (the hostile suite sends junk in them). */
  queryKeys?: string[];
  /** The admin list filters (the hostile suite sends junk values for them). */
  filterKeys?: string[];
  sortKeys?: string[];
  /** Extra checks of a 2xx answer (e.g. that it is the caller's own data). */
  check?(res: RawResponse, me: Identity | null, f: Fixture): void;
}

const ALL = (s: number): Record<Role, number> => ({ anonymous: s, student: s, otherStudent: s, admin: s });
const SIGNED_IN = (s: number): Record<Role, number> => ({ anonymous: 401, student: s, otherStudent: s, admin: s });
/** Owners of Foundation (the student) and admins; the other student owns Accelerator. */
const FOUNDATION = (s: number): Record<Role, number> => ({ anonymous: 401, student: s, otherStudent: 403, admin: s });
const ADMIN = (s: number): Record<Role, number> => ({ anonymous: 401, student: 403, otherStudent: 403, admin: s });

const LIST = { sort: '["id","ASC"]', range: '[0,9]', filter: '{}' };
const LIST_KEYS = ['sort', 'range', 'filter'];
/** Filter and sort names of an admin list, from its definition. */
const spec = (l: { filters: object; sort: object }) => ({ filterKeys: Object.keys(l.filters), sortKeys: Object.keys(l.sort) });

const expectOwn = (res: RawResponse, me: Identity | null, email: unknown) => {
  if (me && email !== me.user.email) throw new Error(`answered someone else's data: ${String(email)} for ${me.user.email}`);
};

const newPassword = 'nytt-passord-456';

export const ROUTES: Route[] = [
  // --- pages (the built storefront; STATIC_ROOT holds a small built-page fixture in the suites) ---
  { method: 'GET', path: '/', area: 'page', html: true, access: ALL(200), valid: () => ({}) },
  { method: 'GET', path: '/*', area: 'page', html: true, access: ALL(200), valid: () => ({ path: '/dashboard' }) },

  // --- public ---------------------------------------------------------------------------------
  { method: 'GET', path: '/api/health', area: 'public', access: ALL(200), valid: () => ({}) },
  { method: 'GET', path: '/api/catalog', area: 'public', access: ALL(200), valid: () => ({}) },
  { method: 'GET', path: '/api/site', area: 'public', access: ALL(200), valid: () => ({}) },
  {
    method: 'POST',
    path: '/api/leads',
    area: 'public',
    access: ALL(201),
    valid: () => ({
      json: {
        email: uniqueEmail('lead'),
        courseType: 'foundation',
        source: '/b',
        trafficSource: 'B',
        utm: { source: 'facebook', campaign: 'host' },
        attribution: { landingPath: '/b', referrer: 'https://www.google.com/' },
      },
    }),
  },
  {
    method: 'POST',
    path: '/',
    area: 'public',
    html: true,
    access: ALL(303),
    valid: () => ({ form: { 'form-name': 'lead-capture', email: uniqueEmail('skjema'), 'course-type': 'starter', source: '/' } }),
  },
  {
    method: 'POST',
    path: '/api/create-user',
    area: 'public',
    access: ALL(200),
    valid: () => ({ json: { email: uniqueEmail('gratis'), courseType: 'starter', trafficSource: 'A' } }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    area: 'public',
    access: ALL(200),
    valid: (f) => ({ json: { email: f.loginUser.user.email, password: f.loginUser.password } }),
  },
  { method: 'POST', path: '/api/auth/logout', area: 'public', access: ALL(204), valid: () => ({ json: {} }) },
  {
    method: 'GET',
    path: '/api/auth/me',
    area: 'member',
    access: SIGNED_IN(200),
    valid: () => ({}),
    check: (res, me) => expectOwn(res, me, (res.json as { email?: string }).email),
  },
  {
    method: 'POST',
    path: '/api/auth/password',
    area: 'member',
    fresh: true,
    access: SIGNED_IN(200),
    valid: (_f, me) => ({ json: { currentPassword: me?.password ?? 'hemmelig123', newPassword, confirmPassword: newPassword } }),
  },
  {
    method: 'POST',
    path: '/api/auth/token-login',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const user = await createUser(f.t, { password: null });
      // Signed-in callers use a link of another account: they confirm the switch.
      return { json: { token: await f.t.app.get(LoginTokensService).issue(user.id), switchAccount: true } };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    area: 'public',
    access: ALL(200),
    valid: () => ({ json: { email: uniqueEmail('glemt') } }),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const user = await createUser(f.t);
      const token = await f.t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
      return { json: { token, newPassword, confirmPassword: newPassword } };
    },
  },
  {
    method: 'GET',
    path: '/api/unsubscribe',
    area: 'public',
    html: true,
    access: ALL(200),
    queryKeys: ['email', 'sig'],
    valid: (f) => ({ query: { email: f.leadEmail, sig: f.t.app.get(UnsubscribeService).sign(f.leadEmail) } }),
  },
  {
    method: 'GET',
    path: '/api/courses/:courseId',
    area: 'member',
    access: FOUNDATION(200),
    valid: () => ({ params: { courseId: 'foundation' } }),
  },
  {
    method: 'GET',
    path: '/api/progress/:courseId',
    area: 'member',
    access: FOUNDATION(200),
    valid: () => ({ params: { courseId: 'foundation' } }),
  },
  {
    method: 'POST',
    path: '/api/progress/:courseId/modules/:moduleId/complete',
    area: 'member',
    access: FOUNDATION(200),
    valid: (f) => ({ params: { courseId: 'foundation', moduleId: String(f.foundationModuleId) }, json: {} }),
  },
  {
    method: 'PUT',
    path: '/api/progress/:courseId/current',
    area: 'member',
    access: FOUNDATION(200),
    valid: () => ({ params: { courseId: 'foundation' }, json: { currentModule: 0 } }),
  },
  {
    method: 'GET',
    path: '/api/account/export',
    area: 'member',
    access: SIGNED_IN(200),
    valid: () => ({}),
    check: (res, me) => expectOwn(res, me, (res.json as { account?: { email?: string } }).account?.email),
  },
  {
    method: 'DELETE',
    path: '/api/account',
    area: 'member',
    fresh: true,
    // An admin account cannot delete itself here.
    access: { anonymous: 401, student: 200, otherStudent: 200, admin: 403 },
    valid: (_f, me) => ({ json: { password: me?.password ?? 'hemmelig123' } }),
  },
  {
    method: 'POST',
    path: '/api/checkout/sessions',
    area: 'public',
    // A signed-in buyer buys for their own account: the student already owns Foundation.
    access: { anonymous: 201, student: 409, otherStudent: 201, admin: 201 },
    valid: () => ({
      json: {
        courseId: 'foundation',
        email: uniqueEmail('kjoper'),
        firstName: 'Ola',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        attribution: { trafficSource: 'C', utmCampaign: 'host' },
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/checkout/sessions/:id',
    area: 'public',
    access: ALL(200),
    valid: (f) => ({ params: { id: f.checkoutSessionId } }),
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    area: 'stripe',
    access: ALL(200),
    valid: () => {
      const signed = signWebhook(
        stripeEvent('checkout.session.completed', { id: `cs_test_ukjent_${Date.now()}`, object: 'checkout.session' }),
      );
      return {
        raw: { body: signed.body, headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature } },
      };
    },
  },

  // --- admin ----------------------------------------------------------------------------------
  {
    method: 'GET',
    path: '/api/admin/leads',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(LEADS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/leads/export.csv',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: ['sort', 'filter', 'includeUnsubscribed'],
    ...spec(LEADS_LIST),
    valid: () => ({ query: { filter: '{"courseType":"starter"}', includeUnsubscribed: 'true' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/leads/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.leadId) } }),
  },
  {
    method: 'PUT',
    path: '/api/admin/leads/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.leadId) }, json: { contacted: true, note: 'Ringt, ønsker mer info' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/leads/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.leadId) }, json: { note: 'Ringt' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(USERS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.id.student.user.id) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/users',
    area: 'admin',
    access: ADMIN(201),
    valid: () => ({ json: { email: uniqueEmail('ny-elev') } }),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/grants',
    area: 'admin',
    access: ADMIN(201),
    valid: async (f) => {
      const user = await createUser(f.t, { password: null });
      return { params: { id: String(user.id) }, json: { courseId: 'kryptovaluta', note: 'Gave fra mentor' } };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/grants/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayGrant(f.t)) } }),
  },
  {
    method: 'GET',
    path: '/api/admin/orders',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(ORDERS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/orders/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.paidOrderId) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await f.paidOrder()) }, json: { amount: 100, reason: 'Angret kjøpet' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/courses',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(COURSES_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/courses/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({ params: { id: 'kryptovaluta' } }),
  },
  {
    method: 'PUT',
    path: '/api/admin/courses/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({ params: { id: 'kryptovaluta' }, json: { title: 'Kryptovaluta', description: 'Alt om krypto.' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/courses/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({ params: { id: 'kryptovaluta' }, json: { title: 'Kryptovaluta' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/modules',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(MODULES_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/modules/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.editableModuleId) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/modules',
    area: 'admin',
    access: ADMIN(201),
    valid: () => ({
      json: {
        courseId: 'kryptovaluta',
        title: 'Ny modul',
        description: 'Kommer',
        durationMinutes: 12,
        topics: ['Risiko', 'Lommebøker'],
        videoId: 'https://youtu.be/dQw4w9WgXcQ',
        published: false,
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/modules/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({
      params: { id: String(f.editableModuleId) },
      json: { title: 'Redigerbar modul', durationMinutes: 15, topics: ['Tema'], videoId: null, published: false },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/modules/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.editableModuleId) }, json: { description: 'Oppdatert' } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/modules/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayModule(f.t)) } }),
  },
  { method: 'GET', path: '/api/admin/settings', area: 'admin', access: ADMIN(200), valid: () => ({}) },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({ json: { videoOverlayText: 'Kommer snart' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/stats',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: ['from', 'to'],
    valid: () => ({ query: { from: '2025-01-01', to: '2025-03-31' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(AUDIT_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.auditId) } }),
  },
  {
    method: 'GET',
    path: '/api/admin/outbox',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    filterKeys: ['id', 'status', 'kind', 'userId', 'toAddress', 'q'],
    sortKeys: ['id', 'createdAt', 'nextAttemptAt', 'sentAt', 'status', 'kind', 'toAddress', 'attempts'],
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/outbox/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.outboxId) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/outbox/:id/resend',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.outboxId) } }),
  },
  // (Later additions go last: each route's fuzz seed is its index in this table.)
  {
    method: 'POST',
    path: '/api/progress/starter/merge',
    area: 'member',
    access: SIGNED_IN(200),
    valid: (f) => ({ json: { completedModules: [f.foundationModuleId], currentModule: 0 } }),
  },

  // --- two-factor sign-in and re-authentication (last, so the rows above keep their fuzz seeds) ---
  { method: 'GET', path: '/api/auth/totp', area: 'member', access: SIGNED_IN(200), valid: () => ({}) },
  { method: 'POST', path: '/api/auth/totp/setup', area: 'member', access: SIGNED_IN(200), valid: () => ({ json: {} }) },
  {
    method: 'POST',
    path: '/api/auth/totp/enable',
    area: 'member',
    // Turns the second factor on: each call gets a new account with a setup pending.
    fresh: true,
    access: SIGNED_IN(200),
    valid: async (f, me) => {
      if (!me) return { json: { code: '123456' } };
      const totp = f.t.app.get(TotpService);
      const { secret } = await totp.setup(me.user);
      return { json: { code: totpCode(secret, totp.now()) } };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/totp/disable',
    area: 'member',
    fresh: true,
    access: SIGNED_IN(200),
    valid: async (f, me) => {
      if (!me) return { json: { password: 'hemmelig123', code: '123456' } };
      const { recoveryCodes } = await enrolDirect(f.t, me.user);
      return { json: { password: me.password, code: recoveryCodes[0] } };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/reauth',
    area: 'member',
    access: SIGNED_IN(200),
    valid: (_f, me) => ({ json: { password: me?.password ?? 'hemmelig123' } }),
  },
  {
    // RFC 8058 one-click unsubscribe: the mail provider posts to the signed link, form-encoded.
    method: 'POST',
    path: '/api/unsubscribe',
    area: 'public',
    access: ALL(200),
    queryKeys: ['email', 'sig'],
    valid: (f) => ({
      query: { email: f.leadEmail, sig: f.t.app.get(UnsubscribeService).sign(f.leadEmail) },
      form: { 'List-Unsubscribe': 'One-Click' },
    }),
  },
];

export const routeName = (r: Pick<Route, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The path with its parameters filled in (each already encoded as it should go on the wire). */
export function fillPath(path: string, params: Record<string, string> = {}, encode = true): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encode ? encodeURIComponent(v) : v;
  });
}

export function queryString(query: Record<string, string | string[]> = {}): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query))
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(one)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The wire request of a route request: JSON (or form, or raw) body, the CSRF header for bodiless writes, a cookie. */
export function toRaw(route: Route, req: RouteRequest, opts: { cookie?: string } = {}): RawRequest {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (req.raw) {
    Object.assign(headers, req.raw.headers);
    body = req.raw.body;
  } else if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (route.method !== 'GET') {
    headers['x-requested-with'] = 'XMLHttpRequest';
  }
  if (opts.cookie) headers.cookie = opts.cookie;
  return { method: route.method, path: (req.path ?? fillPath(route.path, req.params)) + queryString(req.query), headers, body };
}

/**
 * What is wrong with an answer, or null: never 5xx, and a 4xx is the error shape
 * `{statusCode, message, code}` with a Norwegian message (an HTML page where the route serves HTML,
 * a page or a plain text outside /api).
 */
export function answerProblem(res: RawResponse, opts: { html?: boolean; site?: boolean } = {}): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
  if (res.status < 400) return null;
  const ct = String(res.headers['content-type'] ?? '');
  if (opts.html && ct.startsWith('text/html')) return null;
  // Outside /api (pages and files) a refusal may be a page or a short text.
  if (opts.site && /^text\/(html|plain)/.test(ct)) return null;
  const b = res.json as { statusCode?: unknown; message?: unknown; code?: unknown } | undefined;
  if (!b || typeof b !== 'object' || Array.isArray(b))
    return `${res.status} is not the JSON error shape (${ct}): ${res.text.slice(0, 200)}`;
  if (b.statusCode !== res.status) return `${res.status} with statusCode ${String(b.statusCode)}`;
  if (typeof b.message !== 'string' || b.message.trim() === '') return `${res.status} without a message`;
  if (
    /^(Bad Request|Not Found|Forbidden|Unauthorized|Internal Server Error|Unsupported Media Type|Payload Too Large|Service Unavailable)\b/.test(
      b.message,
    )
  )
    return `${res.status} with an English framework message: ${b.message}`;
  if (typeof b.code !== 'string' || !(ERROR_CODES as readonly string[]).includes(b.code))
    return `${res.status} with code ${String(b.code)}`;
  return null;
}
