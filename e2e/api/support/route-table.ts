import { In } from 'typeorm';
import { ERROR_CODES } from '@academy/contracts';
import { AUDIT_LIST } from '../../../backend/src/platform/audit/audit.service';
import { COURSES_LIST, MODULES_LIST } from '../../../backend/src/catalog/catalog-content.service';
import { LEADS_LIST } from '../../../backend/src/admin/leads/admin-leads.service';
import { ORDERS_LIST } from '../../../backend/src/orders/order-list';
import { USERS_LIST } from '../../../backend/src/admin/users/admin-users.service';
import { CERTIFICATES_LIST } from '../../../backend/src/certificates/admin-certificates.service';
import { newCertificateCode } from '../../../backend/src/certificates/certificate-code';
import { Certificate } from '../../../backend/src/certificates/entities/certificate.entity';
import { CaptionsService } from '../../../backend/src/catalog/captions/captions.service';
import { CourseModule } from '../../../backend/src/catalog/entities/course-module.entity';
import { Progress } from '../../../backend/src/access/entities/progress.entity';
import { Quiz } from '../../../backend/src/access/quiz/entities/quiz.entity';
import { QuizAttempt } from '../../../backend/src/access/quiz/entities/quiz-attempt.entity';
import { User } from '../../../backend/src/identity/entities/user.entity';
import { LoginTokensService } from '../../../backend/src/identity/login-tokens.service';
import { TotpService } from '../../../backend/src/identity/totp/totp.service';
import { UnsubscribeService } from '../../../backend/src/outbox/unsubscribe.service';
import { Order } from '../../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../../backend/src/orders/entities/receipt.entity';
import { Subscription } from '../../../backend/src/orders/entities/subscription.entity';
import { PaymentReview } from '../../../backend/src/orders/entities/payment-review.entity';
import { RefundsService } from '../../../backend/src/orders/refunds/refunds.service';
import { AdminBroadcastsService } from '../../../backend/src/marketing/admin-broadcasts.service';
import { BROADCASTS_LIST } from '../../../backend/src/marketing/broadcast-progress.service';
import { Subscriber } from '../../../backend/src/marketing/entities/subscriber.entity';
import { SEQUENCES_LIST, AdminSequencesService } from '../../../backend/src/marketing/admin-sequences.service';
import { MarketingConsentService } from '../../../backend/src/marketing/marketing-consent.service';
import { CheckoutReminderPlan } from '../../../backend/src/marketing/checkout-reminders/checkout-reminder.entity';
import { CheckoutRemindersService } from '../../../backend/src/marketing/checkout-reminders/checkout-reminders.service';
import { LiveSessionCourse } from '../../../backend/src/live/entities/live-session-course.entity';
import { LiveSession } from '../../../backend/src/live/entities/live-session.entity';
import { LiveCalendarService } from '../../../backend/src/live/live-calendar.service';
import { LIVE_SESSIONS_LIST } from '../../../backend/src/live/admin-live-sessions.service';
import { QUESTIONS_LIST } from '../../../backend/src/community/admin-questions.service';
import { LessonQuestion } from '../../../backend/src/community/entities/lesson-question.entity';
import { MENTOR_THREADS_LIST } from '../../../backend/src/community/mentor/admin-mentor-threads.service';
import { MentorImagesService } from '../../../backend/src/community/mentor/mentor-images.service';
import { addMessage } from '../../../backend/src/community/mentor/mentor-threads.service';
import { MentorThread } from '../../../backend/src/community/entities/mentor-thread.entity';
import { Grant } from '../../../backend/src/access/entities/grant.entity';
import { DiscordLink } from '../../../backend/src/community/entities/discord-link.entity';
import { VippsLoginAttempt } from '../../../backend/src/vipps-login/entities/vipps-login-attempt.entity';
import { VippsLoginLink } from '../../../backend/src/vipps-login/entities/vipps-login-link.entity';
import { newToken, sha256 } from '../../../backend/src/platform/crypto/tokens';
import { CAMPAIGN_CODES_LIST } from '../../../backend/src/orders/pricing/campaign-codes.service';
import { CampaignCode } from '../../../backend/src/orders/entities/campaign-code.entity';
import { PARTNERS_LIST, PartnersService } from '../../../backend/src/partners/partners.service';
import { Partner } from '../../../backend/src/partners/entities/partner.entity';
import { PartnerCommission } from '../../../backend/src/partners/entities/partner-commission.entity';
import type { RouteLimit } from '../../../backend/src/platform/security/route-policy';
import sharp from 'sharp';
import { signWebhook, stripeEvent } from './fake-stripe';
import { muxEvent, signMuxWebhook } from './fake-mux';
import { FAKE_VIPPS, signVippsWebhook } from './fake-vipps';
import type { RawRequest, RawResponse } from './raw-http';
import {
  OPS_SECRETS,
  throwawayGrant,
  throwawayLead,
  throwawayModule,
  throwawayVipGrant,
  type Fixture,
  type Identity,
  type Role,
} from './route-fixture';
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
  /** Headers of the request (credentials of a machine caller: the metrics token, a webhook's basic auth). */
  headers?: Record<string, string>;
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
  /**
   * The route's own rate limits, beside the write limit every state-changing route has (the matrix
   * asserts that the server declares exactly these, in this order).
   */
  limits?: RouteLimit[];
}

/** «Kjør sjekkene»: each run asks every provider and reads the newest backup, so 30 in ten minutes per account. */
const STATUS_RUN_LIMITS: RouteLimit[] = [
  { name: 'status-run', key: 'account', rate: { hits: 30, windowMs: 600_000 }, exact: true },
];
/** The campaign-code lookups' limit, shared by the code lookup and the quote with a code: as many as writes, per client. */
const CAMPAIGN_CODE_LIMIT: RouteLimit = { name: 'campaign-code-quote', key: 'client', rate: 'writes' };
/** Password and code checks behind a session: like sign-ins (RATE_LIMIT_LOGIN a window), per client and per account. */
const SECOND_FACTOR_LIMITS: RouteLimit[] = [
  { name: 'reauth', key: 'client', rate: 'login', exact: true },
  { name: 'reauth', key: 'account', rate: 'login', exact: true },
];
/** The success page's polls: per Checkout Session, and per client only polls of unknown sessions; a minute's window, exact. */
const STATUS_POLL_LIMITS: RouteLimit[] = [
  { name: 'checkout-status-client', key: 'client', rate: { hits: 60, windowMs: 60_000 }, exact: true, notFoundOnly: true },
  { name: 'checkout-status-session', key: 'param:id', rate: { hits: 40, windowMs: 60_000 }, exact: true },
];

const ALL = (s: number): Record<Role, number> => ({ anonymous: s, student: s, otherStudent: s, admin: s });
const SIGNED_IN = (s: number): Record<Role, number> => ({ anonymous: 401, student: s, otherStudent: s, admin: s });
/** Owners of Foundation (the student) and admins; the other student owns Accelerator. */
const FOUNDATION = (s: number): Record<Role, number> => ({ anonymous: 401, student: s, otherStudent: 403, admin: s });
const ADMIN = (s: number): Record<Role, number> => ({ anonymous: 401, student: 403, otherStudent: 403, admin: s });
/** An order's receipt: its buyer (the student) and admins; for anyone else it does not exist. */
const RECEIPT = (s: number): Record<Role, number> => ({ anonymous: 401, student: s, otherStudent: 404, admin: s });

/** A paid order with its receipt; the student's own when the student asks (nobody else's buys it). */
async function receiptOrder(f: Fixture, me: Identity | null): Promise<number> {
  const orderId = await f.paidOrder();
  if (me?.role === 'student') await f.t.ds.getRepository(Order).update({ id: orderId }, { userId: me.user.id });
  return orderId;
}

/** Approved captions on a module, written as the panel writes them. */
async function approvedCaptions(f: Fixture, moduleId: number): Promise<void> {
  const captions = f.t.app.get(CaptionsService);
  if ((await captions.approvedFile(moduleId)) !== null) return;
  await f.t.ds.transaction((m) =>
    captions.write(
      moduleId,
      {
        vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nVelkommen.\n',
        cues: [{ startMs: 1000, endMs: 3000, text: 'Velkommen.' }],
        state: 'approved',
        source: 'panel',
        approve: true,
      },
      m,
    ),
  );
}

/** A renewing VIP subscription of the user, at the fake Stripe (cancelled at the period's end: `cancelled`). */
async function renewingVip(f: Fixture, userId: number, cancelled: boolean): Promise<void> {
  const sub = f.fake.addSubscription(500000);
  const now = new Date();
  await f.t.ds.getRepository(Subscription).insert({
    userId,
    productId: 'vip',
    method: 'card',
    status: 'active',
    orderId: await f.paidOrder(),
    providerCustomerId: sub.customer,
    providerSubscriptionId: sub.id,
    priceOre: 500000,
    currentPeriodEnd: new Date(now.getTime() + 300 * 86_400_000),
    cancelAtPeriodEnd: cancelled,
    failedAttempts: 0,
    createdAt: now,
    updatedAt: now,
  });
}

/** The user's Discord account linked (as the OAuth2 callback leaves it), a new one each time. */
let discordIds = 500000000000000000n;
async function linkDiscord(f: Fixture, userId: number): Promise<void> {
  const links = f.t.ds.getRepository(DiscordLink);
  await links.delete({ userId });
  await links.insert({ userId, discordUserId: String(discordIds++), username: 'rutetabell', linkedAt: new Date() });
}

const LIST = { sort: '["id","ASC"]', range: '[0,9]', filter: '{}' };
const LIST_KEYS = ['sort', 'range', 'filter'];
/** Filter and sort names of an admin list, from its definition. */
const spec = (l: { filters: object; sort: object }) => ({ filterKeys: Object.keys(l.filters), sortKeys: Object.keys(l.sort) });

const expectOwn = (res: RawResponse, me: Identity | null, email: unknown) => {
  if (me && email !== me.user.email) throw new Error(`answered someone else's data: ${String(email)} for ${me.user.email}`);
};

const newPassword = 'nytt-passord-456';

/**
 * A «Logg inn med Vipps» waiting at a step for a new account (with a second factor for `kode`), as the
 * callback leaves it: the browser's attempt cookie, and the account; `mailToken` as the mailed link has it.
 */
async function vippsStep(
  f: Fixture,
  stage: 'kode' | 'bekreft',
): Promise<{ cookie: string; user: User; secret: string | null; mailToken: string }> {
  const user = await createUser(f.t, { password: 'passord-vipps-123' });
  const secret = stage === 'kode' ? (await enrolDirect(f.t, user)).secret : null;
  const browser = newToken();
  const mailToken = newToken();
  const now = new Date();
  await f.t.ds.getRepository(VippsLoginAttempt).insert({
    stateHash: sha256(newToken()),
    browserHash: sha256(browser),
    nonce: 'rutetabell-nonce',
    codeVerifier: null,
    next: '/dashboard',
    stage,
    userId: user.id,
    sub: stage === 'bekreft' ? `rutetabell-${newToken()}` : null,
    firstName: null,
    lastName: null,
    mailTokenHash: sha256(mailToken),
    mailsSent: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 600_000),
  });
  return { cookie: `vipps_login=${browser}`, user, secret, mailToken };
}

/** The Vipps steps' password and code checks count as sign-ins, on the login route's counters. */
const VIPPS_STEP_LIMITS: RouteLimit[] = [
  { name: 'login', key: 'client', rate: 'login', exact: true },
  { name: 'login', key: 'email', rate: 'login', exact: true },
];

export const ROUTES: Route[] = [
  // --- pages (the built storefront; STATIC_ROOT holds a small built-page fixture in the suites) ---
  { method: 'GET', path: '/', area: 'page', html: true, access: ALL(200), valid: () => ({}) },
  { method: 'GET', path: '/*', area: 'page', html: true, access: ALL(200), valid: () => ({ path: '/dashboard' }) },

  // --- public ---------------------------------------------------------------------------------
  { method: 'GET', path: '/api/health', area: 'public', access: ALL(200), valid: () => ({}) },
  // Prometheus metrics, with METRICS_TOKEN (e2e/api/metrics.e2e-spec.ts: 404 without it, 401 for a wrong one).
  {
    method: 'GET',
    path: '/metrics',
    area: 'public',
    access: ALL(200),
    valid: () => ({ headers: { authorization: `Bearer ${OPS_SECRETS.metricsToken}` } }),
  },
  // Postmark's bounce webhook, with its basic auth (e2e/api/bounces.e2e-spec.ts: 404 without it, 401 for a wrong one).
  {
    method: 'POST',
    path: '/api/mail/postmark-webhook',
    area: 'public',
    access: ALL(200),
    valid: () => ({
      json: { RecordType: 'Bounce', Type: 'HardBounce', TypeCode: 1, Email: 'ukjent@example.no' },
      headers: {
        authorization: `Basic ${Buffer.from(`${OPS_SECRETS.postmarkUser}:${OPS_SECRETS.postmarkPassword}`).toString('base64')}`,
      },
    }),
  },
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
    limits: [
      { name: 'login', key: 'client', rate: 'login', exact: true },
      { name: 'login', key: 'email', rate: 'login', exact: true },
    ],
  },
  { method: 'POST', path: '/api/auth/logout', area: 'public', access: ALL(204), valid: () => ({ json: {} }) },
  {
    method: 'GET',
    path: '/api/auth/me',
    area: 'public',
    access: ALL(200),
    valid: () => ({}),
    check: (res, me) => {
      // Signed out: 200 with no user (never someone's profile).
      if (!me && res.json !== null) throw new Error(`answered a profile without a session: ${JSON.stringify(res.json)}`);
      expectOwn(res, me, (res.json as { email?: string } | null)?.email);
    },
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
    limits: [
      { name: 'pwreset', key: 'client', rate: 'passwordResetPerIp', exact: true },
      { name: 'pwreset', key: 'email', rate: 'passwordResetPerAddress', exact: true },
    ],
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
  // «Logg inn med Vipps» (e2e/api/vipps-login.e2e-spec.ts drives it against the fake Vipps Login). Vipps'
  // address is a closed port here: the start goes back to the sign-in page («Vipps svarer ikke»).
  {
    method: 'GET',
    path: '/api/auth/vipps/start',
    area: 'public',
    access: ALL(302),
    valid: () => ({ query: { next: '/kurs/foundation' } }),
    queryKeys: ['next'],
    limits: [
      {
        name: 'vipps-login-start',
        key: 'client',
        rate: { hits: 30, windowMs: 600_000 },
        exact: true,
        redirect: '/login?vipps=opptatt',
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/auth/vipps/callback',
    area: 'public',
    // A state this site never issued: back to the sign-in page with `?vipps=utlopt`.
    access: ALL(302),
    valid: () => ({ query: { code: 'kode', state: 'ukjent-state-123' } }),
    queryKeys: ['code', 'state', 'error', 'error_description', 'scope', 'iss'],
  },
  {
    method: 'GET',
    path: '/api/auth/vipps/pending',
    area: 'public',
    access: ALL(200),
    valid: async (f) => ({ headers: { cookie: (await vippsStep(f, 'bekreft')).cookie } }),
  },
  {
    method: 'POST',
    path: '/api/auth/vipps/totp',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const step = await vippsStep(f, 'kode');
      return {
        headers: { cookie: step.cookie },
        json: { email: step.user.email, totp: totpCode(step.secret!, Date.now() + 30_000) },
      };
    },
    limits: VIPPS_STEP_LIMITS,
  },
  {
    method: 'POST',
    path: '/api/auth/vipps/confirm',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const step = await vippsStep(f, 'bekreft');
      return { headers: { cookie: step.cookie }, json: { email: step.user.email, password: 'passord-vipps-123' } };
    },
    limits: VIPPS_STEP_LIMITS,
  },
  {
    method: 'POST',
    path: '/api/auth/vipps/confirm/mail',
    area: 'public',
    access: ALL(200),
    valid: async (f) => ({ headers: { cookie: (await vippsStep(f, 'bekreft')).cookie }, json: {} }),
    limits: [{ name: 'vipps-confirm-mail', key: 'client', rate: 'passwordResetPerIp', exact: true }],
  },
  {
    method: 'POST',
    path: '/api/auth/vipps/confirm/link',
    area: 'public',
    access: ALL(200),
    valid: async (f) => ({ json: { token: (await vippsStep(f, 'bekreft')).mailToken } }),
  },
  {
    method: 'DELETE',
    path: '/api/account/vipps',
    area: 'member',
    access: SIGNED_IN(200),
    valid: async (f, me) => {
      if (me) {
        const links = f.t.ds.getRepository(VippsLoginLink);
        await links.delete({ userId: me.user.id });
        await links.insert({ userId: me.user.id, sub: `rutetabell-${newToken()}`, linkedAt: new Date() });
      }
      return { json: {} };
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
  // Receipts and credit notes: the buyer and admins; another signed-in user gets the 404 of an unknown order.
  {
    method: 'GET',
    path: '/api/orders/:orderId/receipt',
    area: 'member',
    access: RECEIPT(200),
    valid: async (f, me) => ({ params: { orderId: String(await receiptOrder(f, me)) } }),
    check: (res, _me, _f) => {
      if ((res.json as { receipt?: { kind?: string } }).receipt?.kind !== 'receipt') throw new Error('no receipt in the answer');
    },
  },
  {
    method: 'GET',
    path: '/api/orders/:orderId/receipt.pdf',
    area: 'member',
    access: RECEIPT(200),
    valid: async (f, me) => ({ params: { orderId: String(await receiptOrder(f, me)) } }),
  },
  {
    method: 'GET',
    path: '/api/orders/:orderId/credit-notes/:number/pdf',
    area: 'member',
    access: RECEIPT(200),
    valid: async (f, me) => {
      const orderId = await receiptOrder(f, me);
      await f.t.app.get(RefundsService).refund(orderId, { amount: 100, reason: 'Rutetabell' });
      const note = await f.t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'credit_note' });
      return { params: { orderId: String(orderId), number: String(note.number) } };
    },
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
        acceptRisk: true,
        attribution: { trafficSource: 'C', utmCampaign: 'host' },
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/checkout/quote',
    area: 'public',
    // What the checkout charges the one asking (an upgrade's credit only for the student signed in).
    access: ALL(200),
    valid: () => ({ query: { courseId: 'accelerator' } }),
    limits: [{ ...CAMPAIGN_CODE_LIMIT, ifQuery: 'campaignCode' }],
  },
  {
    method: 'GET',
    path: '/api/checkout/sessions/:id',
    area: 'public',
    access: ALL(200),
    valid: (f) => ({ params: { id: f.checkoutSessionId } }),
    limits: STATUS_POLL_LIMITS,
  },
  {
    // A checkout reminder's link (issue 48): the checkout as the buyer left it, by its signed token.
    method: 'GET',
    path: '/api/checkout-reminders/:token',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const plan = await f.t.ds.getRepository(CheckoutReminderPlan).findOneOrFail({ where: {}, order: { id: 'DESC' } });
      const link = new URL(f.t.app.get(CheckoutRemindersService).checkoutUrl(plan));
      return { params: { token: link.searchParams.get('paminnelse')! } };
    },
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
  {
    method: 'POST',
    path: '/api/vipps/webhook',
    area: 'stripe',
    access: ALL(200),
    valid: () => {
      // A signed ePayment event for a reference no order has: acknowledged and ignored.
      const body = JSON.stringify({
        msn: FAKE_VIPPS.msn,
        reference: `vipps-${'0'.repeat(32)}`,
        pspReference: String(Date.now()),
        name: 'AUTHORIZED',
        amount: { currency: 'NOK', value: 199700 },
        timestamp: new Date().toISOString(),
        success: true,
      });
      return { raw: { body, headers: signVippsWebhook(body) } };
    },
  },
  {
    method: 'POST',
    path: '/api/mux/webhook',
    area: 'public',
    access: ALL(200),
    valid: () => {
      // A signed Mux event for an upload no module made: acknowledged and ignored.
      const event = muxEvent('video.asset.ready', { id: `asset${Date.now()}`, upload_id: 'ukjentopplasting', playback_ids: [] });
      const signed = signMuxWebhook(event);
      return { raw: { body: signed.body, headers: { 'content-type': 'application/json', 'mux-signature': signed.signature } } };
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
    path: '/api/admin/work-queue',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({}),
  },
  {
    method: 'GET',
    path: '/api/admin/payment-reviews',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/admin/payment-reviews/:id/resolve',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayPaymentReview(f)) }, json: {} }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/leads/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayLead(f.t)) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/leads/contacted',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ json: { ids: [f.leadId], contacted: true } }),
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
  {
    method: 'POST',
    path: '/api/admin/modules/:id/video-upload',
    area: 'admin',
    access: ADMIN(201),
    valid: (f) => ({ params: { id: String(f.editableModuleId) }, json: {} }),
  },
  {
    method: 'GET',
    path: '/api/admin/modules/:id/captions',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.editableModuleId) } }),
  },
  {
    method: 'PUT',
    path: '/api/admin/modules/:id/captions',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({
      params: { id: String(f.editableModuleId) },
      json: { vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nVelkommen til modulen.\n', approved: true },
    }),
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
    limits: SECOND_FACTOR_LIMITS,
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
    limits: SECOND_FACTOR_LIMITS,
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
    limits: SECOND_FACTOR_LIMITS,
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

  // --- mentorship, drip release and certificates (issue 17) ---
  { method: 'GET', path: '/api/mentorship', area: 'member', access: SIGNED_IN(200), valid: () => ({}) },
  { method: 'GET', path: '/api/membership', area: 'member', access: SIGNED_IN(200), valid: () => ({}) },
  // Automatic renewal (issue 39; e2e/api/vip-renewal.e2e-spec.ts): the caller's own renewing VIP (cancelled, to resume it).
  ...(['cancel-renewal', 'resume-renewal', 'portal-session'] as const).map((action): Route => ({
    method: 'POST',
    path: `/api/membership/${action}`,
    area: 'member',
    access: SIGNED_IN(200),
    valid: async (f, me) => {
      if (me) await renewingVip(f, me.user.id, action === 'resume-renewal');
      return {};
    },
    limits: [{ name: 'membership-renewal', key: 'account', rate: 'writes' }],
  })),
  { method: 'GET', path: '/api/certificates', area: 'member', access: SIGNED_IN(200), valid: () => ({}) },
  {
    method: 'GET',
    path: '/api/certificates/:courseId',
    area: 'member',
    // The student has completed Foundation (and has a name); nobody else has a Foundation certificate.
    access: { anonymous: 401, student: 200, otherStudent: 404, admin: 404 },
    valid: async (f, me) => {
      if (me?.role === 'student') await completedWithName(f, me.user.id, 'foundation');
      return { params: { courseId: 'foundation' } };
    },
  },
  {
    method: 'GET',
    path: '/api/certificates/verify/:code',
    area: 'public',
    access: ALL(200),
    valid: async (f) => ({ params: { code: (await throwawayCertificate(f)).code } }),
  },
  {
    method: 'PATCH',
    path: '/api/account',
    area: 'member',
    access: SIGNED_IN(200),
    valid: () => ({ json: { firstName: 'Kari', lastName: 'Nordmann' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/grants/:id/release',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayGrant(f.t)) }, json: {} }),
  },
  {
    method: 'POST',
    path: '/api/admin/grants/:id/mentorship',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayGrant(f.t)) }, json: { days: 30 } }),
  },
  {
    method: 'GET',
    path: '/api/admin/certificates',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(CERTIFICATES_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/certificates/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayCertificate(f)).id) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/certificates/:id/revoke',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayCertificate(f)).id) }, json: {} }),
  },

  // --- live sessions (issue 17) ---
  {
    method: 'GET',
    path: '/api/live-sessions',
    area: 'member',
    access: SIGNED_IN(200),
    queryKeys: ['courseId'],
    valid: () => ({ query: { courseId: 'foundation' } }),
  },
  {
    method: 'GET',
    path: '/api/live-sessions/:file',
    area: 'member',
    // Owners of the session's course (Foundation) and admins.
    access: FOUNDATION(200),
    valid: async (f) => ({ params: { file: `${await throwawayLiveSession(f)}.ics` } }),
  },
  {
    method: 'GET',
    path: '/api/calendar/:file',
    area: 'public',
    // The secret in the address is the key: whoever holds it reads the student's feed.
    access: ALL(200),
    valid: async (f) => ({ params: { file: `${await f.t.app.get(LiveCalendarService).feedSecret(f.id.student.user.id)}.ics` } }),
  },
  { method: 'GET', path: '/api/account/calendar', area: 'member', access: SIGNED_IN(200), valid: () => ({}) },
  { method: 'POST', path: '/api/account/calendar/reset', area: 'member', access: SIGNED_IN(200), valid: () => ({ json: {} }) },
  // The private Discord (e2e/api/discord.e2e-spec.ts drives the flow against the fake Discord).
  {
    method: 'GET',
    path: '/api/account/discord/connect',
    area: 'member',
    access: SIGNED_IN(302),
    valid: () => ({}),
    // Over the limit the browser goes back to the settings, told to wait.
    limits: [
      {
        name: 'discord-connect',
        key: 'account',
        rate: { hits: 10, windowMs: 600_000 },
        exact: true,
        redirect: '/account/settings?discord=busy',
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/account/discord/callback',
    area: 'member',
    // A state this site never issued: back to the settings with `?discord=state`.
    access: SIGNED_IN(302),
    valid: () => ({ query: { code: 'kode', state: 'ukjent-state' } }),
    queryKeys: ['code', 'state', 'error'],
  },
  {
    method: 'DELETE',
    path: '/api/account/discord',
    area: 'member',
    access: SIGNED_IN(200),
    valid: async (f, me) => {
      if (me) await linkDiscord(f, me.user.id);
      return { json: {} };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id/discord',
    area: 'admin',
    access: ADMIN(200),
    valid: (f) => ({ params: { id: String(f.id.student.user.id) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/discord/sync',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      await linkDiscord(f, f.id.student.user.id);
      return { params: { id: String(f.id.student.user.id) }, json: {} };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/live-sessions',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(LIVE_SESSIONS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/live-sessions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayLiveSession(f)) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/live-sessions',
    area: 'admin',
    access: ADMIN(201),
    valid: () => ({
      json: {
        courseIds: ['foundation', 'accelerator'],
        title: 'Live Q&A',
        description: 'Spørsmål og svar',
        startsAt: '2030-01-10T18:00',
        durationMinutes: 60,
        joinUrl: 'https://meet.google.com/abc-defg-hij',
        recurrence: { frequency: 'weekly', count: 2 },
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/live-sessions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({
      params: { id: String(await throwawayLiveSession(f)) },
      json: { title: 'Ny tittel', recordingVideoId: 'dQw4w9WgXcQ', notes: 'Notater' },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/live-sessions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayLiveSession(f)) }, json: { durationMinutes: 90 } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/live-sessions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayLiveSession(f)) } }),
  },

  // --- captions, transcripts and search (issue 37) ---
  {
    // The foundation module's approved captions (seeded by the fixture when missing).
    method: 'GET',
    path: '/api/courses/:courseId/modules/:moduleId/captions.vtt',
    area: 'member',
    access: FOUNDATION(200),
    valid: async (f) => {
      await approvedCaptions(f, f.foundationModuleId);
      return { params: { courseId: 'foundation', moduleId: String(f.foundationModuleId) } };
    },
  },
  {
    method: 'GET',
    path: '/api/search',
    area: 'public',
    access: ALL(200),
    queryKeys: ['q'],
    valid: () => ({ query: { q: 'markedsstruktur' } }),
    limits: [{ name: 'search', key: 'client', rate: { hits: 60, windowMs: 60_000 } }],
  },

  // --- questions on every lesson (issue 26) ---
  {
    method: 'GET',
    path: '/api/courses/:courseId/modules/:moduleId/questions',
    area: 'member',
    access: FOUNDATION(200),
    valid: (f) => ({ params: { courseId: 'foundation', moduleId: String(f.foundationModuleId) } }),
  },
  {
    method: 'POST',
    path: '/api/courses/:courseId/modules/:moduleId/questions',
    area: 'member',
    access: FOUNDATION(201),
    fresh: true,
    valid: (f) => ({
      params: { courseId: 'foundation', moduleId: String(f.foundationModuleId) },
      json: { body: 'Hvordan tegner jeg en range?' },
    }),
    limits: [{ name: 'questions', key: 'account', rate: { hits: 10, windowMs: 3_600_000 }, exact: true }],
  },
  {
    method: 'GET',
    path: '/api/admin/questions',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(QUESTIONS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/questions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayQuestion(f)) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/questions/:id/answer',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayQuestion(f)) }, json: { body: 'Se på volumet.' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/questions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayQuestion(f)) }, json: { hidden: true, pinned: false } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/questions/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayQuestion(f)) } }),
  },

  // --- quizzes on modules (issue 37) ---
  {
    method: 'GET',
    path: '/api/courses/:courseId/quizzes',
    area: 'member',
    access: FOUNDATION(200),
    valid: () => ({ params: { courseId: 'foundation' } }),
  },
  {
    method: 'GET',
    path: '/api/courses/:courseId/modules/:moduleId/quiz',
    area: 'member',
    access: FOUNDATION(200),
    valid: async (f) => {
      await quizOn(f, f.foundationModuleId);
      return { params: { courseId: 'foundation', moduleId: String(f.foundationModuleId) } };
    },
    check: (res) => {
      if (/"correct":|"explanation":/.test(JSON.stringify(res.json)))
        throw new Error('the quiz for students names the right choices');
    },
  },
  {
    method: 'POST',
    path: '/api/courses/:courseId/modules/:moduleId/quiz/attempts',
    area: 'member',
    access: FOUNDATION(201),
    fresh: true,
    valid: async (f) => {
      await quizOn(f, f.foundationModuleId);
      return { params: { courseId: 'foundation', moduleId: String(f.foundationModuleId) }, json: { answers: [[1]] } };
    },
    limits: [{ name: 'quiz-attempts', key: 'account', rate: { hits: 30, windowMs: 3_600_000 }, exact: true }],
  },
  {
    method: 'GET',
    path: '/api/admin/modules/:id/quiz',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      const id = await throwawayModule(f.t);
      await quizOn(f, id);
      return { params: { id: String(id) } };
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/modules/:id/quiz',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayModule(f.t)) }, json: QUIZ_BODY }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/modules/:id/quiz',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      const id = await throwawayModule(f.t);
      await quizOn(f, id);
      return { params: { id: String(id) } };
    },
  },

  // --- the mentor inbox: chart review (issue 26) ---
  // Multipart uploads (images, limits, CSRF) are covered by mentor-threads.e2e-spec.ts; here each
  // write route is called with its JSON form. The student is made eligible (Accelerator) per call.
  {
    method: 'GET',
    path: '/api/mentor/threads',
    area: 'member',
    access: SIGNED_IN(200),
    valid: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/mentor/threads',
    area: 'member',
    access: { anonymous: 401, student: 201, otherStudent: 403, admin: 403 },
    fresh: true,
    valid: async (f, me) => {
      if (me?.role === 'student') await chartReview(f, me.user.id);
      return { json: { title: 'EURUSD breakout', body: 'Var dette en god entry?' } };
    },
  },
  {
    method: 'GET',
    path: '/api/mentor/threads/:id',
    area: 'member',
    access: { anonymous: 401, student: 200, otherStudent: 404, admin: 200 },
    fresh: true,
    valid: async (f, me) => ({ params: { id: String(await mentorThreadFor(f, me)) } }),
  },
  {
    method: 'POST',
    path: '/api/mentor/threads/:id/messages',
    area: 'member',
    access: { anonymous: 401, student: 201, otherStudent: 404, admin: 404 },
    fresh: true,
    valid: async (f, me) => ({ params: { id: String(await mentorThreadFor(f, me)) }, json: { body: 'Og denne?' } }),
  },
  {
    method: 'GET',
    path: '/api/mentor/images/:id',
    area: 'member',
    access: { anonymous: 401, student: 200, otherStudent: 404, admin: 200 },
    fresh: true,
    queryKeys: ['thumb'],
    valid: async (f, me) => ({ params: { id: String(await mentorImageFor(f, me)) }, query: { thumb: '1' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/mentor-threads',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(MENTOR_THREADS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/mentor-threads/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await mentorThreadFor(f, null)) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/mentor-threads/:id/messages',
    area: 'admin',
    access: ADMIN(201),
    valid: async (f) => ({ params: { id: String(await mentorThreadFor(f, null)) }, json: { body: 'Stopp under swing low.' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/mentor-threads/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await mentorThreadFor(f, null)) }, json: { status: 'closed' } }),
  },

  // --- campaign codes ---------------------------------------------------------------------------
  {
    method: 'GET',
    path: '/api/campaign-codes/:code',
    area: 'public',
    access: ALL(200),
    queryKeys: ['courseId'],
    limits: [CAMPAIGN_CODE_LIMIT],
    valid: async (f) => ({
      params: { code: (await throwawayCampaignCode(f)).code.toLowerCase() },
      query: { courseId: 'foundation' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/campaign-codes',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(CAMPAIGN_CODES_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/campaign-codes/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayCampaignCode(f)).id) } }),
  },
  {
    method: 'GET',
    path: '/api/admin/campaign-codes/:id/orders',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayCampaignCode(f)).id) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/campaign-codes',
    area: 'admin',
    access: ADMIN(201),
    valid: () => ({
      json: {
        code: `NY${Math.random().toString(36).slice(2, 10)}`,
        percentOff: 20,
        courseIds: ['foundation', 'accelerator'],
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2027-01-01T00:00:00.000Z',
        maxUses: 10,
        active: true,
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/campaign-codes/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({
      params: { id: String((await throwawayCampaignCode(f)).id) },
      json: { percentOff: null, amountOffOre: 50000, maxUses: null, active: false },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/campaign-codes/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayCampaignCode(f)).id) }, json: { active: false } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/campaign-codes/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayCampaignCode(f)).id) } }),
  },
  // --- partners (issue 48): links, the checkout's partner name, the partner's page, the panel -----
  {
    method: 'GET',
    path: '/p/:code',
    area: 'public',
    access: ALL(302),
    valid: async (f) => ({ params: { code: (await throwawayPartner(f)).code.toLowerCase() } }),
  },
  {
    method: 'POST',
    path: '/api/partners/clicks',
    area: 'public',
    access: ALL(204),
    valid: async (f) => ({ json: { code: (await throwawayPartner(f)).code } }),
  },
  {
    method: 'GET',
    path: '/api/partners/codes/:code',
    area: 'public',
    access: ALL(200),
    limits: [CAMPAIGN_CODE_LIMIT],
    valid: async (f) => ({ params: { code: (await throwawayPartner(f)).code } }),
  },
  {
    method: 'GET',
    path: '/api/partner/overview',
    area: 'member',
    // The student is a partner here; the others are not (a partner is an account with a partner row).
    access: { anonymous: 401, student: 200, otherStudent: 403, admin: 403 },
    valid: async (f, me) => {
      if (me?.role === 'student') await throwawayPartner(f, me.user);
      return {};
    },
  },
  {
    method: 'GET',
    path: '/api/admin/partners',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(PARTNERS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'GET',
    path: '/api/admin/partners/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayPartner(f)).id) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/partners',
    area: 'admin',
    access: ADMIN(201),
    valid: async (f) => ({
      json: {
        name: 'Rute Partner',
        email: uniqueEmail('partner'),
        commissionPercent: 10,
        codes: [(await throwawayCampaignCode(f)).code],
        includeRenewals: false,
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/partners/:id/payouts',
    area: 'admin',
    access: ADMIN(201),
    valid: async (f) => ({
      params: { id: String((await throwawayPartner(f, null, true)).id) },
      json: { paidAt: '2026-11-30', reference: 'BANK-RUTE-1' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/partners/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String((await throwawayPartner(f)).id) } }),
  },
  {
    method: 'GET',
    path: '/api/admin/partner-payouts',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({}),
  },
  // --- marketing e-mail (issue 16): the double opt-in link, broadcasts and sequences --------------
  {
    method: 'GET',
    path: '/api/marketing/confirm',
    area: 'public',
    html: true,
    access: ALL(200),
    queryKeys: ['email', 't', 'sig'],
    valid: async (f) => {
      const sub = await f.t.app
        .get(MarketingConsentService)
        .requestConsent({ email: uniqueEmail('samtykke'), source: '/', ip: null });
      return { query: Object.fromEntries(new URL(f.t.app.get(MarketingConsentService).confirmUrl(sub)).searchParams) };
    },
  },
  {
    // The button of the double opt-in page: the link's fields, posted form-encoded (CSRF-exempt: signed).
    method: 'POST',
    path: '/api/marketing/confirm',
    area: 'public',
    html: true,
    access: ALL(200),
    queryKeys: ['email', 't', 'sig'],
    valid: async (f) => {
      const sub = await f.t.app
        .get(MarketingConsentService)
        .requestConsent({ email: uniqueEmail('samtykke'), source: '/', ip: null });
      return { form: Object.fromEntries(new URL(f.t.app.get(MarketingConsentService).confirmUrl(sub)).searchParams) };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/broadcasts',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(BROADCASTS_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'POST',
    path: '/api/admin/broadcasts',
    area: 'admin',
    access: ADMIN(201),
    valid: () => ({
      json: {
        subject: 'Nyhetsbrev',
        body: 'Hei **alle**',
        utm: true,
        segment: {
          audience: 'leads',
          variants: ['A', 'starter'],
          owns: ['starter'],
          notOwns: ['foundation'],
          from: '2026-01-01',
          to: '2026-12-31',
        },
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/broadcasts/count',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({ json: { segment: { audience: 'students', owns: ['foundation'] } } }),
  },
  {
    method: 'POST',
    path: '/api/admin/broadcasts/preview',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({ json: { subject: 'Forhåndsvisning', body: '# Hei\n\n[lenke](https://example.no/)', utm: false } }),
  },
  {
    method: 'GET',
    path: '/api/admin/broadcasts/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayBroadcast(f)) } }),
  },
  {
    method: 'GET',
    path: '/api/admin/broadcasts/:id/preview',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayBroadcast(f)) } }),
  },
  {
    method: 'PUT',
    path: '/api/admin/broadcasts/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({
      params: { id: String(await throwawayBroadcast(f)) },
      json: { subject: 'Endret', body: 'Ny tekst', utm: false, segment: { audience: 'all' } },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/broadcasts/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayBroadcast(f)) }, json: { subject: 'Bare emnet' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/broadcasts/:id/test',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayBroadcast(f)) }, json: { email: uniqueEmail('test') } }),
  },
  {
    method: 'POST',
    path: '/api/admin/broadcasts/:id/send',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({
      params: { id: String(await throwawayBroadcast(f)) },
      json: { at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/broadcasts/:id/cancel',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayBroadcast(f, true)) }, json: {} }),
  },
  {
    method: 'GET',
    path: '/api/admin/sequences',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: LIST_KEYS,
    ...spec(SEQUENCES_LIST),
    valid: () => ({ query: LIST }),
  },
  {
    method: 'POST',
    path: '/api/admin/sequences',
    area: 'admin',
    access: ADMIN(201),
    valid: () => ({ json: SEQUENCE_BODY }),
  },
  {
    method: 'GET',
    path: '/api/admin/sequences/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawaySequence(f)) } }),
  },
  {
    method: 'PUT',
    path: '/api/admin/sequences/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawaySequence(f)) }, json: { ...SEQUENCE_BODY, name: 'Endret' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/sequences/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawaySequence(f)) }, json: { active: false } }),
  },
  {
    method: 'GET',
    path: '/api/admin/users/export.csv',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: ['sort', 'filter'],
    ...spec(USERS_LIST),
    valid: () => ({ query: { filter: '{"q":"elev"}' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/reports/sales',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: ['from', 'to'],
    valid: () => ({ query: { from: '2026-11-01', to: '2026-12-31' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/fiken/postings/:id/retry',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await f.failedFikenPosting()) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/fiken/backfill',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({}),
  },
  {
    method: 'GET',
    path: '/api/admin/reports/sales.csv',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: ['from', 'to'],
    valid: () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/orders/export.csv',
    area: 'admin',
    access: ADMIN(200),
    queryKeys: ['sort', 'filter'],
    ...spec(ORDERS_LIST),
    valid: () => ({ query: { filter: '{"status":"paid"}' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      const user = await createUser(f.t, { password: null });
      return { params: { id: String(user.id) }, json: { firstName: 'Kari', adminNote: 'Ringte om Accelerator' } };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/signin-link',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      const user = await createUser(f.t, { password: null });
      return { params: { id: String(user.id) }, json: {} };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/users/bulk-grant',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      const a = await createUser(f.t, { password: null });
      const b = await createUser(f.t, { password: null });
      return { json: { userIds: [a.id, b.id], courseId: 'kryptovaluta', note: 'Gave fra mentor' } };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/grants/:id/membership',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayVipGrant(f.t)) }, json: { days: 30 } }),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/subscription/stop-renewal',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => {
      const user = await createUser(f.t);
      await renewingVip(f, user.id, false);
      return { params: { id: String(user.id) }, json: {} };
    },
    limits: [{ name: 'admin-subscription', key: 'account', rate: 'writes' }],
  },
  {
    method: 'POST',
    path: '/api/admin/grants/:id/membership/end',
    area: 'admin',
    access: ADMIN(200),
    valid: async (f) => ({ params: { id: String(await throwawayVipGrant(f.t)) }, json: {} }),
  },
  {
    method: 'POST',
    path: '/api/account/email/confirm',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const user = await createUser(f.t, { password: null });
      await f.t.ds.getRepository(User).update(user.id, { pendingEmail: uniqueEmail('ny-adresse') });
      const token = await f.t.app.get(LoginTokensService).issue(user.id, 3600_000, 'email_change');
      return { json: { token } };
    },
  },
  {
    method: 'POST',
    path: '/api/account/email/stop',
    area: 'public',
    access: ALL(200),
    valid: async (f) => {
      const user = await createUser(f.t, { password: null });
      await f.t.ds.getRepository(User).update(user.id, { pendingEmail: uniqueEmail('ny-adresse') });
      const token = await f.t.app.get(LoginTokensService).issue(user.id, 3600_000, 'email_stop');
      return { json: { token } };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/status',
    area: 'admin',
    access: ADMIN(200),
    valid: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/admin/status/run',
    area: 'admin',
    access: ADMIN(200),
    limits: STATUS_RUN_LIMITS,
    valid: () => ({ json: {} }),
  },
];

/** A campaign code straight in the database (20 % off Foundation, no limits). */
async function throwawayCampaignCode(f: Fixture): Promise<CampaignCode> {
  const repo = f.t.ds.getRepository(CampaignCode);
  const now = new Date();
  return repo.save(
    repo.create({
      code: `RT${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      percentOff: 20,
      amountOffOre: null,
      courseIds: ['foundation'],
      validFrom: null,
      validTo: null,
      maxUses: null,
      uses: 0,
      active: true,
      createdAt: now,
      updatedAt: now,
    }),
  );
}

/**
 * A partner who owns a new campaign code (of `user` when given, the user's partner if it has one), made
 * as the panel makes it; with `approved`, one approved commission waiting for payout.
 */
async function throwawayPartner(f: Fixture, user?: User | null, approved = false): Promise<{ id: number; code: string }> {
  const existing = user ? await f.t.ds.getRepository(Partner).findOneBy({ userId: user.id }) : null;
  const code = (await throwawayCampaignCode(f)).code;
  const { id } = existing
    ? { id: existing.id }
    : await f.t.app
        .get(PartnersService)
        .create(
          { name: 'Rute Partner', email: user?.email ?? uniqueEmail('partner'), commissionPercent: 10, codes: [code] },
          null,
        );
  if (approved) {
    const now = new Date();
    await f.t.ds.getRepository(PartnerCommission).insert({
      partnerId: id,
      orderId: await f.paidOrder(),
      courseId: 'foundation',
      code,
      kind: 'sale',
      baseOre: 199700,
      earnedOre: 19970,
      amountOre: 19970,
      status: 'pending',
      approvesAt: new Date(now.getTime() - 1000),
      payoutId: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  return { id, code };
}

/** A Foundation live session a week ahead, straight in the database; its id. */
async function throwawayLiveSession(f: Fixture): Promise<number> {
  const now = new Date();
  const row = await f.t.ds.getRepository(LiveSession).save(
    f.t.ds.getRepository(LiveSession).create({
      title: 'Live-økt',
      description: null,
      startsAt: new Date(now.getTime() + 7 * 86_400_000),
      durationMinutes: 60,
      joinUrl: 'https://zoom.us/j/1',
      recordingVideoId: null,
      notes: null,
      seriesId: null,
      cancelledAt: null,
      sequence: 0,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    }),
  );
  await f.t.ds.getRepository(LiveSessionCourse).insert({ sessionId: row.id, courseId: 'foundation' });
  return row.id;
}

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
  if (req.headers) Object.assign(headers, req.headers);
  // The session's cookie beside one the request carries itself (the Vipps sign-in's attempt cookie).
  if (opts.cookie) headers.cookie = req.headers?.cookie ? `${req.headers.cookie}; ${opts.cookie}` : opts.cookie;
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

/** A renewal payment that matched nothing, waiting for the mentor, straight in the database. */
let reviewSeq = 0;
async function throwawayPaymentReview(f: Fixture): Promise<number> {
  const res = await f.t.ds.getRepository(PaymentReview).insert({
    provider: 'stripe',
    reference: `in_rute_${Date.now().toString(36)}_${++reviewSeq}`,
    reason: 'unknown_subscription',
    providerSubscriptionId: 'sub_ukjent',
    subscriptionId: null,
    userId: null,
    amountOre: 100,
    currency: 'NOK',
    expectedOre: null,
    expectedCurrency: null,
    resolvedAt: null,
    resolvedBy: null,
    createdAt: new Date(),
  });
  return Number(res.identifiers[0].id);
}

/** A certificate of a throwaway account, straight in the database (for the verify and admin routes). */
async function throwawayCertificate(f: Fixture): Promise<Certificate> {
  const user = await createUser(f.t, { password: null });
  const repo = f.t.ds.getRepository(Certificate);
  return repo.save(
    repo.create({
      code: newCertificateCode(),
      userId: user.id,
      courseId: 'foundation',
      courseTitle: 'Foundation',
      holderName: 'Kari Nordmann',
      issuedAt: new Date(),
      revokedAt: null,
      revokedBy: null,
    }),
  );
}

/** A question of a throwaway account under a Foundation module, straight in the database. */
async function throwawayQuestion(f: Fixture): Promise<number> {
  const user = await createUser(f.t, { password: null, courses: ['foundation'] });
  const now = new Date();
  const repo = f.t.ds.getRepository(LessonQuestion);
  const saved = await repo.save(
    repo.create({
      courseId: 'foundation',
      moduleId: f.foundationModuleId,
      userId: user.id,
      askerName: null,
      body: 'Hva er en range?',
      createdAt: now,
      updatedAt: now,
    }),
  );
  return saved.id;
}

/** Chart review for the account: an Accelerator grant. */
async function chartReview(f: Fixture, userId: number): Promise<void> {
  await f.t.ds.getRepository(Grant).insert({ userId, courseId: 'accelerator', source: 'manual', grantedAt: new Date() });
}

/** A thread of the caller when it is a student (made eligible), else of a new student: others get 404. */
async function mentorThreadFor(f: Fixture, me: Identity | null): Promise<number> {
  const userId = me?.role === 'student' ? me.user.id : (await createUser(f.t, { password: null })).id;
  await chartReview(f, userId);
  const now = new Date();
  const repo = f.t.ds.getRepository(MentorThread);
  const thread = await repo.save(
    repo.create({
      userId,
      title: 'Chart',
      status: 'waiting',
      queueRank: 2,
      messageCount: 0,
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  );
  await addMessage(f.t.ds.manager, thread, { author: 'student', authorId: userId, body: 'Se her', now }, []);
  return thread.id;
}

/** A stored chart image in a thread of the caller when it is a student, else of a new student. */
async function mentorImageFor(f: Fixture, me: Identity | null): Promise<number> {
  const threadId = await mentorThreadFor(f, me);
  const thread = await f.t.ds.getRepository(MentorThread).findOneByOrFail({ id: threadId });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#246' } })
    .png()
    .toBuffer();
  const message = await f.t.app
    .get(MentorImagesService)
    .withImages(thread.userId, [{ filename: 'chart.png', data: png }], 1, (m, stored) =>
      addMessage(m, thread, { author: 'student', authorId: thread.userId, body: 'Bilde', now: new Date() }, stored),
    );
  const [image] = await f.t.ds.query(`SELECT id FROM mentor_images WHERE messageId = ${Number(message.id)}`);
  return Number((image as { id: number }).id);
}

/** The user has completed every published module of the course and has a name (the certificate PDF's preconditions). */
async function completedWithName(f: Fixture, userId: number, courseId: string): Promise<void> {
  const ids = (await f.t.ds.getRepository(CourseModule).find({ where: { courseId, published: true } })).map((m) => m.id);
  const progress = f.t.ds.getRepository(Progress);
  const row = await progress.findOneBy({ userId, courseId });
  if (row) await progress.update({ id: row.id }, { completedModules: ids });
  else await progress.insert({ userId, courseId, completedModules: ids, currentModule: 0, lastUpdated: new Date() });
  // Every quiz of the course passed too (another row may have put one on a module).
  for (const quiz of await f.t.ds.getRepository(Quiz).find({ where: { moduleId: In(ids) } }))
    await f.t.ds.getRepository(QuizAttempt).insert({
      quizId: quiz.id,
      quizVersion: quiz.version,
      userId,
      courseId,
      moduleId: quiz.moduleId,
      answers: quiz.questions.map(() => [0]),
      wrongQuestions: [],
      scorePercent: 100,
      passed: true,
      createdAt: new Date(),
    });
  await f.t.ds.getRepository(User).update({ id: userId }, { firstName: 'Kari', lastName: 'Nordmann' });
}

/** A quiz of one question (the second choice is right). */
const QUIZ_BODY = {
  passPercent: 100,
  questions: [
    {
      text: 'Hva er en range?',
      explanation: 'Prisen beveger seg sidelengs mellom støtte og motstand.',
      choices: [
        { text: 'En trend', correct: false },
        { text: 'Sidelengs bevegelse', correct: true },
      ],
    },
  ],
};

/** The module has a quiz (QUIZ_BODY), made once. */
async function quizOn(f: Fixture, moduleId: number): Promise<void> {
  const repo = f.t.ds.getRepository(Quiz);
  if (await repo.existsBy({ moduleId })) return;
  const now = new Date();
  await repo.insert({ moduleId, passPercent: 100, questions: QUIZ_BODY.questions, version: 1, createdAt: now, updatedAt: now });
}

const SEQUENCE_BODY = {
  name: 'Variant B-oppfølging',
  trigger: 'lead',
  triggerValue: 'B',
  active: true,
  utm: true,
  steps: [
    { waitDays: 0, sendHour: 9, subject: 'Velkommen', body: 'Hei', stopIfBought: null },
    { waitDays: 2, sendHour: 18, subject: 'Neste steg', body: 'Hei igjen', stopIfBought: 'any' },
  ],
};

/** A draft broadcast to everyone (a confirmed subscriber is on the list), or one scheduled for tomorrow. */
async function throwawayBroadcast(f: Fixture, scheduled = false): Promise<number> {
  const now = new Date();
  const email = uniqueEmail('abonnent');
  await f.t.ds.getRepository(Subscriber).insert({
    email,
    status: 'subscribed',
    previousStatus: null,
    userId: null,
    isLead: true,
    variants: ',A,',
    consentText: 'x',
    consentVersion: '1',
    consentAt: now,
    consentSource: '/',
    consentIp: null,
    confirmedAt: now,
    unsubscribedAt: null,
    confirmSentAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const broadcasts = f.t.app.get(AdminBroadcastsService);
  const { id } = await broadcasts.create({ subject: 'Utkast', body: 'Hei', segment: { audience: 'all' } }, f.id.admin.user);
  if (scheduled) await broadcasts.send(id, new Date(now.getTime() + 86_400_000).toISOString(), f.id.admin.user);
  return id;
}

async function throwawaySequence(f: Fixture): Promise<number> {
  return (await f.t.app.get(AdminSequencesService).create({ ...SEQUENCE_BODY, trigger: 'lead' }, f.id.admin.user)).id;
}
