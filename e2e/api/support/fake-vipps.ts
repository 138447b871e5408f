import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type {
  AuthorizationTokenResponse,
  CaptureModificationRequest,
  CreatePaymentResponse,
  GetPaymentResponse,
  Problem,
  QueryResponse,
  RefundModificationRequest,
  RegisterRequest,
  RegisterResponse,
} from '@vippsmobilepay/sdk';
import type {
  Aggregate,
  CreatePaymentData,
  CreatePaymentRequest,
  ModificationResponse,
  PaymentEventName,
  State,
  WebhookEvent,
} from '@vippsmobilepay/sdk/script/generated_types/epayment/types.gen';
import type { FetchAuthorizationTokenUsingPostData } from '@vippsmobilepay/sdk/script/generated_types/access_token/types.gen';
import type { ContractViolation } from './contract';
import { send, startFakeServer, type FakeReply, type FakeRequest } from './fake-server';
import {
  createFakeRecurring,
  RECURRING_MONEY,
  RECURRING_ROUTES,
  type FakeRecurring,
  type FakeRecurringRoute,
} from './fake-vipps-recurring';

/**
 * A fake of Vipps MobilePay's ePayment API for the test suites, built from its published contract (the
 * SDK's generated request and response types, and the documented rules they carry in their comments):
 * the access token, creating a payment (WEB_REDIRECT with a returnUrl, a reference of 8–64 of
 * a-z/A-Z/0-9/-, at least 100 øre, an Idempotency-Key), reading it, capture and refund within what
 * is authorised and captured, and webhook registration. A request Vipps would refuse is refused here
 * with Vipps' Problem shape. Its landing page stands in for the Vipps app: approve or abort, then back
 * to the returnUrl. Webhooks are signed the way Vipps signs them (HMAC-SHA256).
 */

export const FAKE_VIPPS = {
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  subscriptionKey: 'fake-subscription-key',
  msn: '123456',
  webhookSecret: 'fake-vipps-webhook-secret',
} as const;

export type FakeVippsRoute =
  'token' | 'create' | 'get' | 'capture' | 'refund' | 'cancel' | 'webhooks.register' | 'webhooks.list' | FakeRecurringRoute;

export interface FakeVippsCall {
  route: FakeVippsRoute;
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface FakePayment {
  request: CreatePaymentRequest;
  state: State;
  aggregate: Aggregate;
  pspReference: string;
  redirectUrl: string;
  /** Each capture and refund that changed the payment (one per Idempotency-Key). */
  captures: CaptureModificationRequest[];
  refunds: RefundModificationRequest[];
}

export interface FakeVipps {
  url: string;
  calls: FakeVippsCall[];
  payments: Map<string, FakePayment>;
  webhooks: Array<RegisterRequest & RegisterResponse>;
  callsTo(route: FakeVippsRoute): FakeVippsCall[];
  lastPayment(): FakePayment;
  /** What the buyer does in the app. */
  approve(reference: string): FakePayment;
  abort(reference: string): FakePayment;
  expire(reference: string): FakePayment;
  /** The next `times` calls of a route answer `status`. */
  fail(route: FakeVippsRoute, status?: number, times?: number): void;
  /** The Recurring API (agreements and charges; fake-vipps-recurring.ts). */
  recurring: FakeRecurring;
  /** Requests the ePayment API description refuses (they fail the suite at `close`). */
  violations: ContractViolation[];
  reset(): void;
  close(): Promise<void>;
}

/** The operations served (their keys in e2e/contracts/vipps). */
const ROUTES: Record<FakeVippsRoute, { method: string; path: string }> = {
  token: { method: 'POST', path: '/accesstoken/get' },
  create: { method: 'POST', path: '/epayment/v1/payments' },
  get: { method: 'GET', path: '/epayment/v1/payments/{reference}' },
  capture: { method: 'POST', path: '/epayment/v1/payments/{reference}/capture' },
  refund: { method: 'POST', path: '/epayment/v1/payments/{reference}/refund' },
  cancel: { method: 'POST', path: '/epayment/v1/payments/{reference}/cancel' },
  'webhooks.register': { method: 'POST', path: '/webhooks/v1/webhooks' },
  'webhooks.list': { method: 'GET', path: '/webhooks/v1/webhooks' },
  ...RECURRING_ROUTES,
};
const MONEY: FakeVippsRoute[] = ['create', 'capture', 'refund', 'cancel', ...RECURRING_MONEY];
const RECURRING = new Set<FakeVippsRoute>(Object.keys(RECURRING_ROUTES) as FakeRecurringRoute[]);

const nok = (value: number) => ({ currency: 'NOK' as const, value });
const REFERENCE_RE = /^[a-zA-Z0-9-]{8,64}$/;
const USER_FLOWS = ['PUSH_MESSAGE', 'NATIVE_REDIRECT', 'WEB_REDIRECT', 'QR'];
const CURRENCIES = ['NOK', 'DKK', 'EUR'];
/** The smallest amounts Vipps takes (Amount: "NOK 100 øre, DKK 1 øre, EUR 1 cent"). */
const MIN_AMOUNT: Record<string, number> = { NOK: 100, DKK: 1, EUR: 1 };

/** The headers the SDK's generated `CreatePaymentData` requires (the same for capture and refund). */
type RequiredHeaders = keyof Pick<
  CreatePaymentData['headers'],
  'Idempotency-Key' | 'Merchant-Serial-Number' | 'Ocp-Apim-Subscription-Key'
>;
type TokenHeaders = keyof Pick<
  FetchAuthorizationTokenUsingPostData['headers'],
  'client_id' | 'client_secret' | 'Ocp-Apim-Subscription-Key'
>;

function problem(
  status: number,
  title: string,
  detail?: string,
  extra?: Problem['extraDetails'],
): { status: number; body: Problem } {
  return {
    status,
    body: {
      type: `https://developer.vippsmobilepay.com/docs/APIs/epayment-api/problems#${title.toLowerCase().replace(/\W+/g, '-')}`,
      title,
      status,
      traceId: randomUUID(),
      ...(detail ? { detail } : {}),
      ...(extra ? { extraDetails: extra } : {}),
    },
  };
}

/** The problems with a payment request, as Vipps states its rules (null: acceptable). */
export function createPaymentProblem(body: unknown): string | null {
  const b = body as Partial<CreatePaymentRequest> | null;
  if (!b || typeof b !== 'object') return 'body must be a CreatePaymentRequest';
  const amount = b.amount;
  if (!amount || typeof amount !== 'object') return 'amount is required';
  if (!CURRENCIES.includes(amount.currency)) return 'amount.currency must be NOK, DKK or EUR';
  if (!Number.isInteger(amount.value) || amount.value < MIN_AMOUNT[amount.currency])
    return `amount.value must be an integer of at least ${MIN_AMOUNT[amount.currency]} minor units`;
  if (!b.paymentMethod || !['WALLET', 'CARD'].includes(b.paymentMethod.type)) return 'paymentMethod.type must be WALLET or CARD';
  if (typeof b.reference !== 'string' || !REFERENCE_RE.test(b.reference)) return 'reference must match ^[a-zA-Z0-9-]{8,64}$';
  if (typeof b.userFlow !== 'string' || !USER_FLOWS.includes(b.userFlow)) return 'userFlow is invalid';
  if (b.userFlow === 'WEB_REDIRECT' || b.userFlow === 'NATIVE_REDIRECT') {
    if (typeof b.returnUrl !== 'string') return 'returnUrl is required for WEB_REDIRECT';
    let u: URL;
    try {
      u = new URL(b.returnUrl);
    } catch {
      return 'returnUrl must be a URL';
    }
    // https:// (or an app's own scheme); http:// only for this machine, where the tests' site runs.
    const local = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
    if (u.protocol === 'http:' && !local) return 'returnUrl must use https://';
  }
  if (b.userFlow === 'PUSH_MESSAGE' && !b.customer) return 'customer is required for PUSH_MESSAGE';
  if (b.expiresAt && b.userFlow !== 'PUSH_MESSAGE' && b.userFlow !== 'QR') return 'expiresAt needs PUSH_MESSAGE or QR';
  if (b.paymentDescription !== undefined && (typeof b.paymentDescription !== 'string' || b.paymentDescription.length > 100))
    return 'paymentDescription must be at most 100 characters';
  return null;
}

/** The Webhooks API's calls: the MSN header is optional there. */
const WEBHOOK_ROUTES: FakeVippsRoute[] = ['webhooks.register', 'webhooks.list'];

export async function startFakeVipps(): Promise<FakeVipps> {
  const calls: FakeVippsCall[] = [];
  const payments = new Map<string, FakePayment>();
  const webhooks: Array<RegisterRequest & RegisterResponse> = [];
  const tokens = new Set<string>();
  let base = '';
  const recurring = createFakeRecurring(FAKE_VIPPS.msn);

  const psp = () => String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0');

  // As Vipps' ePayment API answers a capture, refund or cancel (its OpenAPI `ModificationResponse`):
  // the payment's amount and state, the aggregate after the modification, the payment's own
  // pspReference ("Reference value for a payment", the same in every answer about the payment: it
  // does not name the modification) and the merchant's reference. A copy: a later change of the
  // payment does not alter an answer already given (or replayed for its Idempotency-Key).
  const modification = (ref: string, p: FakePayment): ModificationResponse =>
    structuredClone({
      amount: p.request.amount,
      state: p.state,
      aggregate: p.aggregate,
      pspReference: p.pspReference,
      reference: ref,
    });

  const handle = (r: FakeVippsRoute, req: FakeRequest): FakeReply => {
    const h = req.header;
    const body = req.body;
    switch (r) {
      case 'token': {
        const need: TokenHeaders[] = ['client_id', 'client_secret', 'Ocp-Apim-Subscription-Key'];
        if (need.some((n) => !h(n)))
          return problem(400, 'Bad Request', 'client_id, client_secret and Ocp-Apim-Subscription-Key are required');
        if (h('client_id') !== FAKE_VIPPS.clientId || h('client_secret') !== FAKE_VIPPS.clientSecret)
          return { status: 401, body: { error: 'unauthorized_client', error_description: 'Invalid client credentials' } };
        const token = `fake-token-${randomBytes(12).toString('hex')}`;
        tokens.add(token);
        const now = Math.floor(Date.now() / 1000);
        const out: AuthorizationTokenResponse = {
          token_type: 'Bearer',
          expires_in: '3599',
          ext_expires_in: '3599',
          expires_on: String(now + 3599),
          not_before: String(now),
          resource: '00000002-0000-0000-c000-000000000000',
          access_token: token,
        };
        return { status: 200, body: out };
      }
      case 'webhooks.register': {
        const b = body as Partial<RegisterRequest> | null;
        if (!b || typeof b.url !== 'string' || !Array.isArray(b.events) || !b.events.length)
          return problem(400, 'Bad Request', 'url and events are required');
        const out: RegisterResponse = { id: randomUUID(), secret: FAKE_VIPPS.webhookSecret };
        webhooks.push({ url: b.url, events: b.events, ...out });
        return { status: 201, body: out };
      }
      case 'webhooks.list': {
        // The Webhooks API's QueryResponse: every registration of this sales unit (never its secret).
        const out: QueryResponse = { webhooks: webhooks.map(({ id, url, events }) => ({ id, url, events })) };
        return { status: 200, body: out };
      }
      case 'create': {
        const why = createPaymentProblem(body);
        if (why) return problem(400, 'Bad Request', why, [{ name: 'body', reason: why }]);
        const req = body as CreatePaymentRequest;
        if (payments.has(req.reference)) return problem(409, 'Conflict', `Reference ${req.reference} is already in use`);
        const redirectUrl = `${base}/landing/${encodeURIComponent(req.reference)}`;
        payments.set(req.reference, {
          request: req,
          state: 'CREATED',
          aggregate: { authorizedAmount: nok(0), cancelledAmount: nok(0), capturedAmount: nok(0), refundedAmount: nok(0) },
          pspReference: psp(),
          redirectUrl,
          captures: [],
          refunds: [],
        });
        const out: CreatePaymentResponse = { redirectUrl, reference: req.reference };
        return { status: 201, body: out };
      }
      case 'get': {
        const ref = req.params.reference;
        const p = payments.get(ref);
        if (!p) return problem(404, 'Not Found', `Payment ${ref} not found`);
        const out: GetPaymentResponse = {
          aggregate: p.aggregate,
          amount: p.request.amount,
          state: p.state,
          paymentMethod: { type: p.request.paymentMethod.type },
          profile: {},
          pspReference: p.pspReference,
          redirectUrl: p.redirectUrl,
          reference: ref,
        };
        return { status: 200, body: out };
      }
      case 'capture':
      case 'refund': {
        const ref = req.params.reference;
        const p = payments.get(ref);
        if (!p) return problem(404, 'Not Found', `Payment ${ref} not found`);
        const m = (body as Partial<CaptureModificationRequest> | null)?.modificationAmount;
        if (!m || m.currency !== p.request.amount.currency || !Number.isInteger(m.value) || m.value < 1)
          return problem(400, 'Bad Request', 'modificationAmount must be a positive amount in the payment currency');
        const a = p.aggregate;
        if (r === 'capture') {
          if (p.state !== 'AUTHORIZED') return problem(400, 'Bad Request', `Cannot capture a payment in state ${p.state}`);
          if (m.value > a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value)
            return problem(400, 'Bad Request', 'Capture amount exceeds the remaining authorized amount');
          a.capturedAmount = nok(a.capturedAmount.value + m.value);
          p.captures.push({ modificationAmount: m });
        } else {
          if (m.value > a.capturedAmount.value - a.refundedAmount.value)
            return problem(400, 'Bad Request', 'Refund amount exceeds the captured amount not yet refunded');
          a.refundedAmount = nok(a.refundedAmount.value + m.value);
          p.refunds.push({ modificationAmount: m });
        }
        return { status: 200, body: modification(ref, p) };
      }
      case 'cancel': {
        const ref = req.params.reference;
        const p = payments.get(ref);
        if (!p) return problem(404, 'Not Found', `Payment ${ref} not found`);
        if (p.aggregate.capturedAmount.value > 0) return problem(400, 'Bad Request', 'A captured payment cannot be cancelled');
        p.aggregate.cancelledAmount = nok(p.aggregate.authorizedAmount.value);
        p.state = p.state === 'CREATED' ? 'TERMINATED' : p.state;
        return { status: 200, body: modification(ref, p) };
      }
      default:
        return recurring.handle(r, req, base);
    }
  };

  const must = (ref: string) => {
    const p = payments.get(ref);
    if (!p) throw new Error(`fake vipps: no payment ${ref}`);
    return p;
  };
  const approve = (ref: string) => {
    const p = must(ref);
    if (p.state !== 'CREATED') throw new Error(`fake vipps: ${ref} is ${p.state}`);
    p.state = 'AUTHORIZED';
    p.aggregate.authorizedAmount = { ...p.request.amount };
    return p;
  };
  const close = (ref: string, state: State) => {
    const p = must(ref);
    p.state = state;
    return p;
  };

  const landing = (ref: string, p: FakePayment) => `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vipps (test)</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
button{display:block;width:100%;padding:.9rem;margin:.6rem 0;font-size:1rem;border-radius:.5rem;border:0;cursor:pointer}
.ok{background:#ff5b24;color:#fff}.no{background:#eee;color:#222}</style></head>
<body><main><h1>Betal med Vipps</h1>
<p>${(p.request.paymentDescription ?? '').replace(/[<>&"]/g, '')}</p>
<p><strong>${(p.request.amount.value / 100).toFixed(2).replace('.', ',')} kr</strong></p>
<form method="post" action="/landing/${encodeURIComponent(ref)}/approve"><button class="ok" type="submit">Godkjenn</button></form>
<form method="post" action="/landing/${encodeURIComponent(ref)}/abort"><button class="no" type="submit">Avbryt</button></form>
</main></body></html>`;

  const server = await startFakeServer<FakeVippsRoute>({
    name: 'fake vipps',
    provider: 'vipps',
    routes: (Object.keys(ROUTES) as FakeVippsRoute[]).map((name) => ({
      name,
      ...ROUTES[name],
      ...(RECURRING.has(name) ? { provider: 'vipps-recurring' as const } : {}),
      handle: (req) => handle(name, req),
    })),
    // The landing page (the Vipps app, for the browser journey).
    intercept: (req, res, url) => {
      // The agreement's landing page (approval in the app): approve or reject, then back to the shop.
      const agr = /^\/recurring-landing\/([^/]+)(?:\/(approve|reject))?$/.exec(url.pathname);
      const a = agr ? recurring.agreements.get(decodeURIComponent(agr[1])) : undefined;
      if (agr && !a) send(res, { status: 404, body: { title: 'Not Found' } });
      else if (agr && a && req.method === 'GET' && !agr[2])
        send(res, {
          status: 200,
          text: agreementLanding(a.id, a.request.productName, a.request.pricing.amount),
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      else if (agr && a && req.method === 'POST' && agr[2]) {
        if (a.status === 'PENDING') (agr[2] === 'approve' ? recurring.approve : recurring.reject)(a.id);
        send(res, { status: 303, headers: { location: a.request.merchantRedirectUrl } });
      } else if (agr) return false;
      if (agr) return true;
      const land = /^\/landing\/([^/]+)(?:\/(approve|abort))?$/.exec(url.pathname);
      if (!land) return false;
      const ref = decodeURIComponent(land[1]);
      const p = payments.get(ref);
      if (!p) {
        send(res, { status: 404, body: { title: 'Not Found' } });
      } else if (req.method === 'GET' && !land[2]) {
        send(res, { status: 200, text: landing(ref, p), headers: { 'content-type': 'text/html; charset=utf-8' } });
      } else if (req.method === 'POST' && land[2]) {
        if (p.state === 'CREATED') (land[2] === 'approve' ? approve : (r: string) => close(r, 'ABORTED'))(ref);
        send(res, { status: 303, headers: { location: p.request.returnUrl ?? '/' } });
      } else return false;
      return true;
    },
    parse: (req) => (req.text && req.path !== ROUTES.token.path ? JSON.parse(req.text) : null),
    badBody: () => problem(400, 'Bad Request', 'The body is not JSON'),
    notFound: (req) => problem(404, 'Not Found', `${req.method} ${req.path}`),
    record: (req, r) => {
      if (r) calls.push({ route: r, method: req.method, path: req.path, headers: req.headers, body: req.body });
    },
    refuse: (_r, problems) =>
      problem(
        400,
        'Bad Request',
        problems.join('; '),
        problems.map((reason) => ({ name: 'request', reason })),
      ),
    failure: (_r, status) => problem(status, status >= 500 ? 'Internal Server Error' : 'Bad Request'),
    guard: (r, req) => {
      const h = req.header;
      // Every call but the token needs a token from /accesstoken/get, the subscription key and the MSN.
      if (h('ocp-apim-subscription-key') !== FAKE_VIPPS.subscriptionKey)
        return problem(401, 'Unauthorized', 'Invalid Ocp-Apim-Subscription-Key');
      if (r === 'token') return null;
      const bearer = /^Bearer (.+)$/.exec(h('authorization') ?? '');
      if (!bearer || !tokens.has(bearer[1])) return problem(401, 'Unauthorized', 'Invalid access token');
      if (!WEBHOOK_ROUTES.includes(r) && h('merchant-serial-number') !== FAKE_VIPPS.msn)
        return problem(403, 'Forbidden', 'Merchant-Serial-Number does not match the token');
      // Money-moving calls need an Idempotency-Key; the same key answers the same again.
      const required: RequiredHeaders = 'Idempotency-Key';
      if (MONEY.includes(r) && !h(required)) return problem(400, 'Bad Request', `${required} header is required`);
      return null;
    },
    idempotencyKey: (r, req) => (MONEY.includes(r) ? req.header('idempotency-key') : undefined),
    headers: (reply): Record<string, string> => (reply.status >= 400 ? { 'content-type': 'application/problem+json' } : {}),
  });
  base = server.url;

  return {
    url: base,
    calls,
    payments,
    webhooks,
    callsTo: (r) => calls.filter((c) => c.route === r),
    lastPayment: () => {
      const all = [...payments.values()];
      if (!all.length) throw new Error('fake vipps: no payment created');
      return all[all.length - 1];
    },
    approve,
    recurring,
    abort: (ref) => close(ref, 'ABORTED'),
    expire: (ref) => close(ref, 'EXPIRED'),
    fail: (r, status = 500, times = 1) => server.fail(r, status, times),
    violations: server.violations,
    reset: () => {
      calls.length = 0;
      payments.clear();
      webhooks.length = 0;
      recurring.reset();
      server.reset();
    },
    close: () => server.close(),
  };
}

const agreementLanding = (id: string, name: string, amount: number) => `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vipps (test): avtale</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
button{display:block;width:100%;padding:.9rem;margin:.6rem 0;font-size:1rem;border-radius:.5rem;border:0;cursor:pointer}
.ok{background:#ff5b24;color:#fff}.no{background:#eee;color:#222}</style></head>
<body><main><h1>Godkjenn fast betaling</h1>
<p>${name.replace(/[<>&"]/g, '')}</p>
<p><strong>${(amount / 100).toFixed(2).replace('.', ',')} kr hvert år</strong></p>
<form method="post" action="/recurring-landing/${encodeURIComponent(id)}/approve"><button class="ok" type="submit">Godkjenn</button></form>
<form method="post" action="/recurring-landing/${encodeURIComponent(id)}/reject"><button class="no" type="submit">Avvis</button></form>
</main></body></html>`;

/** The environment that points the app at the fake. */
export function fakeVippsEnv(fake: FakeVipps): Record<string, string> {
  return {
    VIPPS_CLIENT_ID: FAKE_VIPPS.clientId,
    VIPPS_CLIENT_SECRET: FAKE_VIPPS.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: FAKE_VIPPS.subscriptionKey,
    VIPPS_MSN: FAKE_VIPPS.msn,
    VIPPS_WEBHOOK_SECRET: FAKE_VIPPS.webhookSecret,
    VIPPS_TEST_MODE: 'true',
    VIPPS_API_BASE: fake.url,
  };
}

/** An ePayment webhook event (the SDK's `WebhookEvent`) for a payment of the fake. */
export function vippsEvent(
  fake: FakeVipps,
  reference: string,
  name: PaymentEventName,
  over: Partial<WebhookEvent> = {},
): WebhookEvent {
  const p = fake.payments.get(reference);
  return {
    msn: FAKE_VIPPS.msn,
    reference,
    pspReference: over.pspReference ?? String(Date.now()) + randomBytes(3).toString('hex'),
    name,
    amount: p ? p.request.amount : nok(0),
    timestamp: new Date().toISOString(),
    idempotencyKey: null,
    success: true,
    ...over,
  };
}

/**
 * A delivery as Vipps signs it: x-ms-content-sha256 (base64 SHA-256 of the body), x-ms-date, and an
 * Authorization of HMAC-SHA256 over `POST\n<path and query>\n<date>;<host>;<hash>` with the secret.
 */
export function signVippsWebhook(
  body: string,
  opts: { secret?: string; host?: string; path?: string; date?: string } = {},
): Record<string, string> {
  const secret = opts.secret ?? FAKE_VIPPS.webhookSecret;
  const host = opts.host ?? 'localhost:3000';
  const path = opts.path ?? '/api/vipps/webhook';
  const date = opts.date ?? new Date().toUTCString();
  const hash = createHash('sha256').update(body, 'utf8').digest('base64');
  const signature = createHmac('sha256', secret).update(`POST\n${path}\n${date};${host};${hash}`, 'utf8').digest('base64');
  return {
    'content-type': 'application/json',
    host,
    'x-ms-date': date,
    'x-ms-content-sha256': hash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
  };
}
