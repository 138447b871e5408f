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
  /** Subscription mode: set when paid. */
  subscription: string | null;
  customer: string | null;
  invoice: string | null;
  /** What the session's subscription carries (`subscription_data.metadata`). */
  subscription_metadata: Record<string, string>;
  /** The yearly/monthly price of a subscription-mode session. */
  recurring: { interval: string; interval_count: number } | null;
}

/** A subscription as Stripe answers it (API version 2025-03-31 and later: the period is on its item). */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: { unit_amount: number; currency: string; recurring: { interval: string; interval_count: number } };
    }>;
  };
  latest_invoice: string | null;
}

/** An invoice as Stripe answers it (API version 2025-03-31 and later: `parent`, `payments`). */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  lines: { object: 'list'; data: Array<{ period: { start: number; end: number } }> };
  /** The payment intent of a paid invoice (the API lists it in `payments`, an includable field). */
  payment_intent_id: string | null;
  attempt_count: number;
  created: number;
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

export type FakeRoute =
  | 'sessions.create'
  | 'sessions.retrieve'
  | 'sessions.expire'
  | 'refunds.create'
  | 'refunds.list'
  | 'webhookEndpoints.list'
  | 'account.retrieve'
  | 'subscriptions.update'
  | 'subscriptions.cancel'
  | 'invoices.retrieve'
  | 'billingPortal.create'
  | 'paymentIntents.retrieve';

/** A webhook endpoint as Stripe lists it (docs.stripe.com/api/webhook_endpoints/object). */
export interface FakeWebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  status: 'enabled' | 'disabled';
  enabled_events: string[];
  api_version: string | null;
  livemode: boolean;
  created: number;
}

/** The account as GET /v1/account answers it (docs.stripe.com/api/accounts/object: the fields the doctor reads). */
export interface FakeAccount {
  id: string;
  object: 'account';
  country: string;
  default_currency: string;
  charges_enabled: boolean;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
}

export const fakeStripeAccount = (): FakeAccount => ({
  id: 'acct_fake123',
  object: 'account',
  country: 'NO',
  default_currency: 'nok',
  charges_enabled: true,
  capabilities: { card_payments: 'active', klarna_payments: 'active', transfers: 'active' },
});

/** The fee the fake's balance transactions carry (øre): 1,4 % + 1,80 kr, like Stripe's EEA card price. */
export const fakeStripeFee = (amount: number) => Math.round(amount * 0.014) + 180;

export interface FakeStripe {
  url: string;
  calls: RecordedCall[];
  sessions: Map<string, FakeSession>;
  refunds: FakeRefund[];
  /** The account's webhook endpoints (GET /v1/webhook_endpoints); none until a test adds one. */
  webhookEndpoints: FakeWebhookEndpoint[];
  /** Adds an endpoint (enabled, with `events`). */
  addWebhookEndpoint(url: string, events: readonly string[], status?: FakeWebhookEndpoint['status']): FakeWebhookEndpoint;
  /** The account (GET /v1/account). */
  account: FakeAccount;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /** Calls of one route. */
  callsTo(route: FakeRoute): RecordedCall[];
  /** The last session created. */
  lastSession(): FakeSession;
  /**
   * Marks a session paid (with a payment intent), unpaid, or expired. A subscription-mode session gets
   * its customer, subscription (a period from `at`) and first invoice, paid.
   */
  pay(sessionId: string, at?: Date): FakeSession;
  /**
   * The subscription's next billing period, as Stripe bills it at its period's end: a new invoice,
   * paid (the period moves on a year) or not (open, past_due). Deliver `invoiceEvent(…)` to the app.
   */
  renew(subscriptionId: string, opts: { paid: boolean; at?: Date }): FakeInvoice;
  /** The invoice as a webhook event carries it (without the includable `payments`). */
  invoiceObject(invoiceId: string): Record<string, unknown>;
  /** A yearly subscription of a new customer, its first invoice paid (as a paid subscription checkout leaves it). */
  addSubscription(amount: number, at?: Date): FakeSubscription;
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
  'webhookEndpoints.list': { method: 'GET', path: '/v1/webhook_endpoints' },
  'account.retrieve': { method: 'GET', path: '/v1/account' },
  'subscriptions.update': { method: 'POST', path: '/v1/subscriptions/{subscription_exposed_id}' },
  'subscriptions.cancel': { method: 'DELETE', path: '/v1/subscriptions/{subscription_exposed_id}' },
  'invoices.retrieve': { method: 'GET', path: '/v1/invoices/{invoice}' },
  'billingPortal.create': { method: 'POST', path: '/v1/billing_portal/sessions' },
  'paymentIntents.retrieve': { method: 'GET', path: '/v1/payment_intents/{intent}' },
};

const routeOf = (method: string, path: string): FakeRoute | null => {
  if (method === 'POST' && path === '/v1/checkout/sessions') return 'sessions.create';
  if (method === 'GET' && /^\/v1\/checkout\/sessions\/[^/]+$/.test(path)) return 'sessions.retrieve';
  if (method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) return 'sessions.expire';
  if (method === 'POST' && path === '/v1/refunds') return 'refunds.create';
  if (method === 'GET' && path === '/v1/refunds') return 'refunds.list';
  if (method === 'GET' && path === '/v1/webhook_endpoints') return 'webhookEndpoints.list';
  if (method === 'GET' && path === '/v1/account') return 'account.retrieve';
  if (method === 'POST' && /^\/v1\/subscriptions\/[^/]+$/.test(path)) return 'subscriptions.update';
  if (method === 'DELETE' && /^\/v1\/subscriptions\/[^/]+$/.test(path)) return 'subscriptions.cancel';
  if (method === 'GET' && /^\/v1\/invoices\/[^/]+$/.test(path)) return 'invoices.retrieve';
  if (method === 'POST' && path === '/v1/billing_portal/sessions') return 'billingPortal.create';
  if (method === 'GET' && /^\/v1\/payment_intents\/[^/]+$/.test(path)) return 'paymentIntents.retrieve';
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
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const customers = new Set<string>();
  const charges = new Map<string, string>(); // payment intent → charge id
  const webhookEndpoints: FakeWebhookEndpoint[] = [];
  const secs = (d: Date) => Math.floor(d.getTime() / 1000);
  /** One billing period on: `interval_count` intervals after `from` (seconds), as Stripe's calendar does. */
  const periodEnd = (from: number, r: { interval: string; interval_count: number }) => {
    const d = new Date(from * 1000);
    if (r.interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + r.interval_count);
    else if (r.interval === 'month') d.setUTCMonth(d.getUTCMonth() + r.interval_count);
    else d.setUTCDate(d.getUTCDate() + (r.interval === 'week' ? 7 : 1) * r.interval_count);
    return secs(d);
  };
  const newInvoice = (sub: FakeSubscription, reason: FakeInvoice['billing_reason'], paid: boolean, start: number, at: number) => {
    const item = sub.items.data[0];
    const inv: FakeInvoice = {
      id: rid('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount_due: item.price.unit_amount,
      amount_paid: paid ? item.price.unit_amount : 0,
      currency: item.price.currency,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [{ period: { start, end: periodEnd(start, item.price.recurring) } }] },
      payment_intent_id: paid ? rid('pi') : null,
      attempt_count: 1,
      created: at,
    };
    invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  };
  const invoiceObject = (inv: FakeInvoice, expandPayments: boolean) => {
    const { payment_intent_id, ...rest } = inv;
    return {
      ...rest,
      ...(expandPayments
        ? {
            payments: {
              object: 'list',
              data: payment_intent_id
                ? [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: payment_intent_id } }]
                : [],
              has_more: false,
            },
          }
        : {}),
    };
  };
  /** What was paid with a payment intent: a one-off session's total, or a paid invoice's. */
  const paidWith = (pi: string): { amount: number; currency: string } | null => {
    const session = [...sessions.values()].find((x) => x.payment_intent === pi && x.payment_status === 'paid');
    if (session) return { amount: session.amount_total, currency: session.currency };
    const inv = [...invoices.values()].find((x) => x.payment_intent_id === pi && x.status === 'paid');
    return inv ? { amount: inv.amount_paid, currency: inv.currency } : null;
  };

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
          (body.line_items as Array<{
            quantity?: string;
            price_data?: { unit_amount?: string; currency?: string; recurring?: { interval?: string; interval_count?: string } };
          }>) ?? [];
        if (!items.length) return error(400, 'line_items is required');
        const recurring = items.find((li) => li.price_data?.recurring)?.price_data?.recurring;
        // As Stripe: a subscription needs a recurring price, a one-off payment must not have one, and
        // a subscription's payment is its invoice's (no payment_intent_data).
        if (body.mode === 'subscription' && !recurring)
          return error(400, 'You must provide at least one recurring price in `subscription` mode when using prices.');
        if (body.mode !== 'subscription' && recurring)
          return error(
            400,
            'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          );
        if (body.mode === 'subscription' && body.payment_intent_data !== undefined)
          return error(400, 'You can not pass `payment_intent_data` in `subscription` mode.');
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
          subscription: null,
          customer: null,
          invoice: null,
          subscription_metadata: (body.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
          recurring: recurring
            ? { interval: String(recurring.interval), interval_count: Number(recurring.interval_count ?? 1) }
            : null,
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
        const session = paidWith(pi);
        if (!session) return error(400, `No such payment_intent: '${pi}'`);
        const refunded = refunds
          .filter((x) => x.payment_intent === pi && x.status !== 'failed')
          .reduce((s, x) => s + x.amount, 0);
        const amount = body.amount === undefined ? session.amount - refunded : Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1) return error(400, 'Invalid positive integer');
        if (amount > session.amount - refunded)
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
      case 'paymentIntents.retrieve': {
        // The paid session's payment intent; its charge's balance transaction carries Stripe's fee
        // (expanded only when asked for, as Stripe does).
        const id = req.params.intent;
        const session = [...sessions.values()].find((x) => x.payment_intent === id && x.payment_status === 'paid');
        if (!session) return error(404, `No such payment_intent: '${id}'`);
        const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];
        const chargeId = chargeFor(id);
        const balance = {
          id: `txn_${chargeId.slice(3)}`,
          object: 'balance_transaction',
          amount: session.amount_total,
          currency: session.currency,
          fee: fakeStripeFee(session.amount_total),
          net: session.amount_total - fakeStripeFee(session.amount_total),
          type: 'charge',
        };
        const charge = {
          id: chargeId,
          object: 'charge',
          amount: session.amount_total,
          currency: session.currency,
          payment_intent: id,
          balance_transaction: expand.includes('latest_charge.balance_transaction') ? balance : balance.id,
        };
        return {
          status: 200,
          body: {
            id,
            object: 'payment_intent',
            amount: session.amount_total,
            currency: session.currency,
            status: 'succeeded',
            latest_charge: expand.some((e) => e === 'latest_charge' || e.startsWith('latest_charge.')) ? charge : chargeId,
          },
        };
      }
      case 'refunds.list': {
        const pi = body.payment_intent as string | undefined;
        const data = refunds.filter((x) => !pi || x.payment_intent === pi).reverse();
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
      }
      case 'webhookEndpoints.list': {
        const limit = Math.min(100, Math.max(1, Number(body.limit ?? 10)));
        const data = webhookEndpoints.slice(0, limit);
        return {
          status: 200,
          body: { object: 'list', data, has_more: webhookEndpoints.length > limit, url: '/v1/webhook_endpoints' },
        };
      }
      case 'account.retrieve':
        return { status: 200, body: fake.account };
      case 'subscriptions.update': {
        const sub = subscriptions.get(req.params.subscription_exposed_id);
        if (!sub) return error(404, `No such subscription: '${req.params.subscription_exposed_id}'`);
        if (sub.status === 'canceled')
          return error(400, 'A canceled subscription can only update its cancellation_details and metadata.');
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return { status: 200, body: sub };
      }
      case 'subscriptions.cancel': {
        const sub = subscriptions.get(req.params.subscription_exposed_id);
        if (!sub) return error(404, `No such subscription: '${req.params.subscription_exposed_id}'`);
        if (sub.status === 'canceled') return error(400, `This subscription is already canceled.`);
        sub.status = 'canceled';
        sub.canceled_at = Math.floor(Date.now() / 1000);
        return { status: 200, body: sub };
      }
      case 'invoices.retrieve': {
        const inv = invoices.get(req.params.invoice);
        if (!inv) return error(404, `No such invoice: '${req.params.invoice}'`);
        const expand = (body.expand as string[] | undefined) ?? [];
        return { status: 200, body: invoiceObject(inv, expand.includes('payments')) };
      }
      case 'billingPortal.create': {
        const customer = String(body.customer ?? '');
        if (!customers.has(customer)) return error(400, `No such customer: '${customer}'`);
        const id = rid('bps');
        return {
          status: 200,
          body: {
            id,
            object: 'billing_portal.session',
            customer,
            return_url: (body.return_url as string) ?? null,
            locale: (body.locale as string) ?? null,
            url: `https://billing.stripe.test/p/session/${id}`,
            livemode: false,
          },
        };
      }
    }
  };

  const routeNames = Object.keys(ROUTES) as FakeRoute[];
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

  const makeSubscription = (
    amount: number,
    currency: string,
    recurring: { interval: string; interval_count: number },
    metadata: Record<string, string>,
    at: Date,
  ): FakeSubscription => {
    const customer = rid('cus');
    customers.add(customer);
    const start = secs(at);
    const sub: FakeSubscription = {
      id: rid('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: rid('si'),
            current_period_start: start,
            current_period_end: periodEnd(start, recurring),
            price: { unit_amount: amount, currency, recurring },
          },
        ],
      },
      latest_invoice: null,
    };
    subscriptions.set(sub.id, sub);
    newInvoice(sub, 'subscription_create', true, start, start);
    return sub;
  };

  const must = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  };

  const fake: FakeStripe = {
    url: server.url,
    calls,
    sessions,
    refunds,
    webhookEndpoints,
    account: fakeStripeAccount(),
    addWebhookEndpoint: (url, events, status = 'enabled') => {
      const endpoint: FakeWebhookEndpoint = {
        id: rid('we'),
        object: 'webhook_endpoint',
        url,
        status,
        enabled_events: [...events],
        api_version: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      webhookEndpoints.push(endpoint);
      return endpoint;
    },
    subscriptions,
    invoices,
    callsTo: (r) => calls.filter((c) => routeOf(c.method, c.path) === r),
    lastSession: () => {
      const all = [...sessions.values()];
      if (!all.length) throw new Error('fake stripe: no session created');
      return all[all.length - 1];
    },
    pay: (id, at = new Date()) => {
      const s = must(id);
      s.payment_status = 'paid';
      s.status = 'complete';
      if (s.mode !== 'subscription') {
        s.payment_intent ??= rid('pi');
        return s;
      }
      if (s.subscription) return s;
      const sub = makeSubscription(s.amount_total, s.currency, s.recurring!, s.subscription_metadata, at);
      Object.assign(s, { subscription: sub.id, customer: sub.customer, invoice: sub.latest_invoice });
      return s;
    },
    addSubscription: (amount, at = new Date()) =>
      makeSubscription(amount, 'nok', { interval: 'year', interval_count: 1 }, {}, at),
    renew: (subId, { paid, at = new Date() }) => {
      const sub = subscriptions.get(subId);
      if (!sub) throw new Error(`fake stripe: no subscription ${subId}`);
      if (sub.status === 'canceled') throw new Error(`fake stripe: subscription ${subId} is canceled`);
      const item = sub.items.data[0];
      // A retry of an unpaid period is the same invoice, tried again.
      const open = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
      if (open && open.status === 'open') {
        open.attempt_count++;
        if (paid) Object.assign(open, { status: 'paid', amount_paid: open.amount_due, payment_intent_id: rid('pi') });
      } else newInvoice(sub, 'subscription_cycle', paid, item.current_period_end, secs(at));
      const inv = invoices.get(sub.latest_invoice!)!;
      if (paid) {
        item.current_period_start = inv.lines.data[0].period.start;
        item.current_period_end = inv.lines.data[0].period.end;
        sub.status = 'active';
      } else sub.status = 'past_due';
      return inv;
    },
    invoiceObject: (id) => {
      const inv = invoices.get(id);
      if (!inv) throw new Error(`fake stripe: no invoice ${id}`);
      return invoiceObject(inv, false);
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
      webhookEndpoints.length = 0;
      fake.account = fakeStripeAccount();
      subscriptions.clear();
      invoices.clear();
      customers.clear();
      server.reset();
    },
    close: () => server.close(),
  };
  return fake;
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
