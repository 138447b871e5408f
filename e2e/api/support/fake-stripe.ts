import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type TestAgent from 'supertest/lib/agent';
import type { ContractViolation } from './contract';
import { startFakeServer, type FakeReply, type FakeRequest } from './fake-server';

/**
 * A small fake of the Stripe API for the test suites (no network): the calls the site makes
 * (create and retrieve Checkout Sessions, create and list refunds), form-encoded as the SDK sends
 * them. It records every call, honours Idempotency-Keys like Stripe, lets a test set a session's
 * payment status, and can be told to fail.
 */

export const FAKE_STRIPE_KEY = 'sk_test_fake123';
export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake123';

export interface RecordedCall {
  method: string;
  path: string;
  /** The decoded form body (nested like the SDK encodes it), or the query for GET. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  stripeVersion: string | undefined;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  success_url: string | null;
  cancel_url: string | null;
  locale: string | null;
  line_items_sent: unknown;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export type FakeRoute = 'sessions.create' | 'sessions.retrieve' | 'sessions.expire' | 'refunds.create' | 'refunds.list';

export interface FakeStripe {
  url: string;
  calls: RecordedCall[];
  sessions: Map<string, FakeSession>;
  refunds: FakeRefund[];
  /** Calls of one route. */
  callsTo(route: FakeRoute): RecordedCall[];
  /** The last session created. */
  lastSession(): FakeSession;
  /** Marks a session paid (with a payment intent), unpaid, or expired. */
  pay(sessionId: string): FakeSession;
  setPaymentStatus(sessionId: string, paymentStatus: FakeSession['payment_status'], status?: FakeSession['status']): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A refund made in Stripe's dashboard (not through the site). */
  dashboardRefund(paymentIntent: string, amount: number): FakeRefund;
  /** The next `times` calls of a route answer `status` (4xx: rejected; 5xx: down, not retried). */
  fail(route: FakeRoute, status?: number, times?: number): void;
  /** Requests Stripe's published description refuses (they fail the suite at `close`). */
  violations: ContractViolation[];
  /** Forgets failures, calls, sessions and refunds. */
  reset(): void;
  close(): Promise<void>;
}

type Parsed = Record<string, unknown>;

/** The operations of Stripe's API the site calls (their keys in e2e/contracts/stripe). */
const ROUTES: Record<FakeRoute, { method: string; path: string }> = {
  'sessions.create': { method: 'POST', path: '/v1/checkout/sessions' },
  'sessions.retrieve': { method: 'GET', path: '/v1/checkout/sessions/{session}' },
  'sessions.expire': { method: 'POST', path: '/v1/checkout/sessions/{session}/expire' },
  'refunds.create': { method: 'POST', path: '/v1/refunds' },
  'refunds.list': { method: 'GET', path: '/v1/refunds' },
};

const routeOf = (method: string, path: string): FakeRoute | null => {
  if (method === 'POST' && path === '/v1/checkout/sessions') return 'sessions.create';
  if (method === 'GET' && /^\/v1\/checkout\/sessions\/[^/]+$/.test(path)) return 'sessions.retrieve';
  if (method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) return 'sessions.expire';
  if (method === 'POST' && path === '/v1/refunds') return 'refunds.create';
  if (method === 'GET' && path === '/v1/refunds') return 'refunds.list';
  return null;
};

/** Decodes `a[b][0][c]=v` form bodies into nested objects and arrays. */
export function parseForm(body: string): Parsed {
  const root: Parsed = {};
  if (!body) return root;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let cur: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < parts.length; i++) {
      const k = parts[i];
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const slot = cur as Record<string, unknown>;
      if (last) {
        slot[k] = value;
      } else {
        if (slot[k] === undefined) slot[k] = nextIsIndex ? [] : {};
        cur = slot[k] as Record<string, unknown>;
      }
    }
  }
  return root;
}

/** The currencies Stripe lists for Klarna payments. */
export const KLARNA_CURRENCIES = ['aud', 'cad', 'chf', 'czk', 'dkk', 'eur', 'gbp', 'nok', 'nzd', 'pln', 'ron', 'sek', 'usd'];

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: RecordedCall[] = [];
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const charges = new Map<string, string>(); // payment intent → charge id

  const chargeFor = (pi: string) => {
    let ch = charges.get(pi);
    if (!ch) {
      ch = rid('ch');
      charges.set(pi, ch);
    }
    return ch;
  };

  const error = (status: number, message: string, type = 'invalid_request_error') => ({
    status,
    body: { error: { type, message, code: status === 404 ? 'resource_missing' : undefined } },
  });

  const handle = (r: FakeRoute, req: FakeRequest): FakeReply => {
    const body = req.body as Parsed;
    const stripeVersion = req.header('stripe-version');
    switch (r) {
      case 'sessions.create': {
        const items =
          (body.line_items as Array<{ quantity?: string; price_data?: { unit_amount?: string; currency?: string } }>) ?? [];
        if (!items.length) return error(400, 'line_items is required');
        const amount = items.reduce((s, li) => s + Number(li.price_data?.unit_amount ?? 0) * Number(li.quantity ?? 1), 0);
        if (body.payment_method_types !== undefined)
          return error(400, 'Received unknown parameter: payment_method_types. Use allowed_payment_method_types.');
        const allowed = (body.allowed_payment_method_types as string[] | undefined) ?? null;
        const currency = String(body.currency ?? items[0]?.price_data?.currency ?? '').toLowerCase();
        // Klarna takes only the currencies Stripe lists for it (docs.stripe.com/payments/klarna).
        if (allowed?.includes('klarna') && !KLARNA_CURRENCIES.includes(currency))
          return error(
            400,
            `The currency provided (${currency}) is invalid. Payments with klarna support the following currencies: ${KLARNA_CURRENCIES.join(', ')}.`,
          );
        // Vipps on Stripe is a private preview: every request with it needs the vipps_preview API version.
        if (allowed?.includes('vipps') && !/vipps_preview=v1/.test(stripeVersion ?? ''))
          return error(400, 'The payment method type "vipps" is invalid. Vipps requires the vipps_preview=v1 API version.');
        const id = rid('cs');
        const s: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: String(body.mode ?? ''),
          status: 'open',
          payment_status: 'unpaid',
          amount_total: amount,
          amount_subtotal: amount,
          currency: String(body.currency ?? items[0]?.price_data?.currency ?? ''),
          customer_email: (body.customer_email as string) ?? null,
          client_reference_id: (body.client_reference_id as string) ?? null,
          metadata: (body.metadata as Record<string, string>) ?? {},
          payment_intent: null,
          payment_method_types: allowed ?? ['card'],
          allowed_payment_method_types: allowed,
          success_url: (body.success_url as string) ?? null,
          cancel_url: (body.cancel_url as string) ?? null,
          locale: (body.locale as string) ?? null,
          line_items_sent: items,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        sessions.set(id, s);
        return { status: 200, body: s };
      }
      case 'sessions.retrieve': {
        const id = req.params.session;
        const s = sessions.get(id);
        return s ? { status: 200, body: s } : error(404, `No such checkout.session: '${id}'`);
      }
      case 'sessions.expire': {
        const id = req.params.session;
        const s = sessions.get(id);
        if (!s) return error(404, `No such checkout.session: '${id}'`);
        // Like Stripe: only an open session can be expired.
        if (s.status !== 'open') return error(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        s.status = 'expired';
        return { status: 200, body: s };
      }
      case 'refunds.create': {
        const pi = String(body.payment_intent ?? '');
        const session = [...sessions.values()].find((s) => s.payment_intent === pi && s.payment_status === 'paid');
        if (!session) return error(400, `No such payment_intent: '${pi}'`);
        const refunded = refunds
          .filter((x) => x.payment_intent === pi && x.status !== 'failed')
          .reduce((s, x) => s + x.amount, 0);
        const amount = body.amount === undefined ? session.amount_total - refunded : Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1) return error(400, 'Invalid positive integer');
        if (amount > session.amount_total - refunded)
          return error(400, `Refund amount (${amount}) is greater than unrefunded amount on charge`);
        const refund: FakeRefund = {
          id: rid('re'),
          object: 'refund',
          amount,
          currency: session.currency,
          payment_intent: pi,
          charge: chargeFor(pi),
          status: 'succeeded',
          reason: (body.reason as string) ?? null,
          metadata: (body.metadata as Record<string, string>) ?? {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        return { status: 200, body: refund };
      }
      case 'refunds.list': {
        const pi = body.payment_intent as string | undefined;
        const data = refunds.filter((x) => !pi || x.payment_intent === pi).reverse();
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
      }
    }
  };

  const routeNames: FakeRoute[] = ['sessions.create', 'sessions.retrieve', 'sessions.expire', 'refunds.create', 'refunds.list'];
  const server = await startFakeServer<FakeRoute>({
    name: 'fake stripe',
    provider: 'stripe',
    routes: routeNames.map((name) => ({ name, ...ROUTES[name], handle: (req) => handle(name, req) })),
    parse: (req) => {
      // Form-encoded, nested like the SDK encodes it; a GET's parameters are its query.
      const query = parseForm(req.url.search.slice(1));
      req.query = query;
      return req.method === 'GET' ? query : parseForm(req.text);
    },
    record: (req) =>
      calls.push({
        method: req.method,
        path: req.path,
        body: req.body as Parsed,
        idempotencyKey: req.header('idempotency-key'),
        authorization: req.header('authorization'),
        stripeVersion: req.header('stripe-version'),
      }),
    notFound: (req) => error(404, `Unrecognized request URL (${req.method}: ${req.path})`),
    guard: (_r, req) =>
      req.header('authorization') === `Bearer ${FAKE_STRIPE_KEY}` ? null : error(401, 'Invalid API Key provided'),
    refuse: (_r, problems) => error(400, `Invalid request (e2e/contracts/stripe): ${problems.join('; ')}`),
    failure: (_r, status) =>
      error(
        status,
        status >= 500 ? 'An unknown error occurred' : 'Your request was rejected',
        status >= 500 ? 'api_error' : undefined,
      ),
    idempotencyKey: (_r, req) => (req.method === 'POST' ? req.header('idempotency-key') : undefined),
    // Tell the SDK not to retry an injected failure (keeps the tests fast and deterministic).
    headers: () => ({ 'request-id': rid('req'), 'stripe-should-retry': 'false' }),
  });

  const must = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  };

  return {
    url: server.url,
    calls,
    sessions,
    refunds,
    callsTo: (r) => calls.filter((c) => routeOf(c.method, c.path) === r),
    lastSession: () => {
      const all = [...sessions.values()];
      if (!all.length) throw new Error('fake stripe: no session created');
      return all[all.length - 1];
    },
    pay: (id) => {
      const s = must(id);
      s.payment_status = 'paid';
      s.status = 'complete';
      s.payment_intent ??= rid('pi');
      return s;
    },
    setPaymentStatus: (id, paymentStatus, status) => {
      const s = must(id);
      s.payment_status = paymentStatus;
      if (status) s.status = status;
      if (paymentStatus === 'paid' || status === 'complete') s.payment_intent ??= rid('pi');
      return s;
    },
    expire: (id) => {
      const s = must(id);
      s.status = 'expired';
      s.url = null;
      return s;
    },
    dashboardRefund: (pi, amount) => {
      const refund: FakeRefund = {
        id: rid('re'),
        object: 'refund',
        amount,
        currency: 'nok',
        payment_intent: pi,
        charge: chargeFor(pi),
        status: 'succeeded',
        reason: null,
        metadata: {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return refund;
    },
    fail: (r, status = 500, times = 1) => server.fail(r, status, times),
    violations: server.violations,
    reset: () => {
      calls.length = 0;
      sessions.clear();
      refunds.length = 0;
      server.reset();
    },
    close: () => server.close(),
  };
}

/** The environment that points the app at the fake. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: fake.url };
}

let eventSeq = 0;

/** A Stripe event around an object, as Stripe sends it. */
export function stripeEvent(type: string, object: unknown, id = `evt_test_${Date.now().toString(36)}_${++eventSeq}`) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** A charge.refunded event for a payment intent, from the fake's refunds (embedded or not). */
export function chargeRefundedEvent(fake: FakeStripe, pi: string, opts: { embedRefunds?: boolean; amount?: number } = {}) {
  const mine = fake.refunds.filter((r) => r.payment_intent === pi && r.status !== 'failed');
  const session = [...fake.sessions.values()].find((s) => s.payment_intent === pi);
  const amount = opts.amount ?? session?.amount_total ?? 0;
  const refunded = mine.reduce((s, r) => s + r.amount, 0);
  const charge = {
    id: mine[0]?.charge ?? `ch_test_${pi}`,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    currency: 'nok',
    paid: true,
    captured: true,
    refunded: refunded >= amount,
    payment_intent: pi,
    status: 'succeeded',
    ...(opts.embedRefunds ? { refunds: { object: 'list', data: [...mine].reverse(), has_more: false, url: '/v1/refunds' } } : {}),
  };
  return stripeEvent('charge.refunded', charge);
}

/** The signed body and header of a webhook delivery. */
export function signWebhook(event: unknown, secret = FAKE_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, signature };
}

/** Delivers a signed webhook event to the app, as Stripe would (the caller adds its `.expect`). */
export function deliverWebhook(http: TestAgent, event: unknown) {
  const signed = signWebhook(event);
  return http
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signed.signature)
    .send(signed.body);
}
