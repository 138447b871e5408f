import fc from 'fast-check';
import { SessionsService } from '../../backend/src/identity/sessions.service';
import Stripe from 'stripe';
import { CSRF_EXEMPT } from '../../backend/src/bootstrap';
import { FAKE_WEBHOOK_SECRET } from './support/fake-stripe';
import {
  accept,
  contentType,
  junkCookie,
  junkKey,
  junkListQuery,
  junkQuery,
  junkSegment,
  junkValue,
  origin,
  ownKeys,
  rawBody,
  wellFormed,
} from './support/hostile-arbitraries';
import { wireHeader, wirePath, type RawClient, type RawRequest, type RawResponse } from './support/raw-http';
import {
  declaredRoutes,
  startCountingWrites,
  writtenTables,
  type Fixture,
  type Identity,
  type Role,
} from './support/route-fixture';
import { answerProblem, fillPath, queryString, ROUTES, routeName, type Route, type RouteRequest } from './support/route-table';
import { type TestApp } from './support/test-app';
import { startRouteSuite, type RouteSuite } from './support/route-suite';
import type { WriteCounter } from './support/write-counter';

/**
 * Hostile input, property-based (fast-check): every route of the route table gets its valid request
 * broken in every way — bodies, content types, origins, cookies, accept headers, query strings and
 * path parameters — and must answer 2xx for valid input or 4xx in the error shape, never 5xx, and
 * write nothing when it refuses. Each route first gets the valid request and each break on its own
 * (examplePlans: whatever the seed, every route meets each kind of break once); the seeded runs after
 * them combine breaks. Runs are bounded and seeded: HOSTILE_SEED and HOSTILE_RUNS reproduce or widen
 * a run (the seed of a failure is printed by fast-check).
 */

const SEED = Number(process.env.HOSTILE_SEED ?? 20251108);
/** Runs per route, the examples included (the path property runs six times as many). */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 16);
const PUBLIC_ORIGIN = 'http://localhost:3000';

type BodyPlan =
  | { kind: 'valid' }
  | { kind: 'mutate'; ops: Array<{ del: boolean; key: string; value: unknown }> }
  | { kind: 'value'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'none' };

type CookiePlan =
  | { kind: 'valid' }
  | { kind: 'none' }
  | { kind: 'junk'; value: string }
  | { kind: 'validThenJunk'; junk: string }
  | { kind: 'junkThenValid'; junk: string };

interface Plan {
  body: BodyPlan;
  /** undefined: the valid request's content type. null: no Content-Type header. */
  contentType: string | null | undefined;
  /** Path parameters as they go on the wire; null: the valid ones. */
  params: Record<string, string> | null;
  /** The query string (without `?`); null: the valid one. */
  query: string | null;
  extraQuery: string | null;
  cookie: CookiePlan;
  origin: string | null;
  accept: string | null;
  xrw: boolean;
  /** Stripe webhook only: sign whatever is sent with the real secret. */
  signJunk: boolean;
}

const VALID_PLAN: Plan = {
  body: { kind: 'valid' },
  contentType: undefined,
  params: null,
  query: null,
  extraQuery: null,
  cookie: { kind: 'valid' },
  origin: null,
  accept: null,
  xrw: false,
  signJunk: false,
};

function planArb(route: Route, sample: RouteRequest, cookieName: string): fc.Arbitrary<Plan> {
  const bodyKeys = Object.keys(
    (sample.json && typeof sample.json === 'object' ? sample.json : null) ??
      sample.form ??
      (sample.raw ? JSON.parse(sample.raw.body) : {}),
  );
  const key = bodyKeys.length ? fc.oneof(fc.constantFrom(...bodyKeys), junkKey) : junkKey;
  const paramNames = Object.keys(sample.params ?? {});
  const often = <T>(valid: T, junk: fc.Arbitrary<T>, weight = 2) =>
    fc.oneof({ arbitrary: fc.constant(valid), weight }, { arbitrary: junk, weight: 1 });

  const body: fc.Arbitrary<BodyPlan> = fc.oneof(
    { arbitrary: fc.constant<BodyPlan>({ kind: 'valid' }), weight: 1 },
    {
      arbitrary: fc
        .array(fc.record({ del: fc.boolean(), key, value: junkValue }), { minLength: 1, maxLength: 4 })
        .map((ops): BodyPlan => ({ kind: 'mutate', ops })),
      weight: 4,
    },
    { arbitrary: junkValue.map((value): BodyPlan => ({ kind: 'value', value })), weight: 1 },
    { arbitrary: rawBody.map((text): BodyPlan => ({ kind: 'raw', text })), weight: 2 },
    { arbitrary: fc.constant<BodyPlan>({ kind: 'none' }), weight: 1 },
  );
  const cookie: fc.Arbitrary<CookiePlan> = fc.oneof(
    { arbitrary: fc.constant<CookiePlan>({ kind: 'valid' }), weight: 4 },
    fc.constant<CookiePlan>({ kind: 'none' }),
    junkCookie(cookieName).map((value): CookiePlan => ({ kind: 'junk', value })),
    junkCookie(cookieName).map((junk): CookiePlan => ({ kind: 'validThenJunk', junk })),
    junkCookie(cookieName).map((junk): CookiePlan => ({ kind: 'junkThenValid', junk })),
  );
  const params: fc.Arbitrary<Record<string, string> | null> = paramNames.length
    ? often<Record<string, string> | null>(
        null,
        fc
          .tuple(...paramNames.map(() => fc.option(junkSegment, { nil: undefined })))
          .map((segs) => Object.fromEntries(paramNames.map((n, i) => [n, segs[i] ?? encodeURIComponent(sample.params![n])]))),
      )
    : fc.constant(null);
  const query: fc.Arbitrary<string | null> = route.filterKeys
    ? often<string | null>(null, junkListQuery(route.filterKeys, route.sortKeys ?? []), 1)
    : route.queryKeys
      ? often<string | null>(null, junkQuery(route.queryKeys), 1)
      : fc.constant(null);

  const hostile = fc.record({
    body,
    contentType: often<string | null | undefined>(undefined, contentType),
    params,
    query,
    extraQuery: often<string | null>(null, junkQuery([]), 3),
    cookie,
    origin: often<string | null>(null, fc.oneof(origin, fc.constant(PUBLIC_ORIGIN)), 3),
    accept: often<string | null>(null, accept, 2),
    xrw: fc.boolean(),
    signJunk: route.area === 'stripe' ? fc.boolean() : fc.constant(false),
  });
  return fc.oneof({ arbitrary: fc.constant(VALID_PLAN), weight: 1 }, { arbitrary: hostile, weight: 6 });
}

/**
 * The valid request, then one break at a time: no body, a body cut short, a form where JSON is
 * expected (writes); no session and a forged one (signed-in routes); another site's origin; a path
 * parameter longer than any id; a query string of junk.
 */
function examplePlans(route: Route, sample: RouteRequest, cookieName: string, role: Role): Plan[] {
  const one = (p: Partial<Plan>): Plan => ({ ...VALID_PLAN, ...p });
  const plans = [VALID_PLAN, one({ origin: 'http://evil.example' })];
  if (route.method !== 'GET')
    plans.push(
      one({ body: { kind: 'none' } }),
      one({ body: { kind: 'raw', text: '{"' } }),
      one({ contentType: 'application/x-www-form-urlencoded' }),
    );
  if (role !== 'anonymous')
    plans.push(one({ cookie: { kind: 'none' } }), one({ cookie: { kind: 'junk', value: `${cookieName}=${'A'.repeat(43)}` } }));
  const params = Object.keys(sample.params ?? {});
  if (params.length) plans.push(one({ params: Object.fromEntries(params.map((n) => [n, 'x'.repeat(300)])) }));
  if (route.filterKeys || route.queryKeys) plans.push(one({ query: 'range=%7B&sort=%5B%22x&filter=%00&q=%E0%A4%A' }));
  return plans;
}

const isValidPlan = (p: Plan) =>
  p.body.kind === 'valid' &&
  p.contentType === undefined &&
  p.params === null &&
  p.query === null &&
  p.extraQuery === null &&
  p.cookie.kind === 'valid' &&
  (p.origin === null || p.origin === PUBLIC_ORIGIN) &&
  // Headers within what any server accepts (Node's limit is 16 KB for all of them).
  (p.accept === null || Buffer.byteLength(p.accept) < 2048) &&
  !p.signJunk;

/** The valid body as an object to break (JSON, form or the webhook's event). */
function bodyObject(valid: RouteRequest): Record<string, unknown> {
  if (valid.json && typeof valid.json === 'object' && !Array.isArray(valid.json)) return { ...(valid.json as object) };
  if (valid.form) return { ...valid.form };
  if (valid.raw) return JSON.parse(valid.raw.body) as Record<string, unknown>;
  return {};
}

function build(route: Route, valid: RouteRequest, plan: Plan, cookie: string | undefined): RawRequest {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let defaultType: string | undefined;
  const isForm = !!valid.form;

  switch (plan.body.kind) {
    case 'valid':
      if (valid.raw) {
        body = valid.raw.body;
        defaultType = valid.raw.headers['content-type'];
      } else if (valid.form) {
        body = new URLSearchParams(valid.form).toString();
        defaultType = 'application/x-www-form-urlencoded';
      } else if (valid.json !== undefined) {
        body = JSON.stringify(valid.json);
        defaultType = 'application/json';
      }
      break;
    case 'mutate': {
      const o = bodyObject(valid);
      const entries = new Map<string, unknown>(Object.entries(o));
      for (const op of plan.body.ops) {
        if (op.del) entries.delete(op.key);
        else entries.set(op.key, op.value);
      }
      if (isForm) {
        const enc = (x: string) => encodeURIComponent(wellFormed(x));
        body = [...entries].map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`).join('&');
        defaultType = 'application/x-www-form-urlencoded';
      } else {
        body = JSON.stringify(ownKeys([...entries]));
        defaultType = 'application/json';
      }
      break;
    }
    case 'value':
      body = JSON.stringify(plan.body.value) ?? 'null';
      defaultType = 'application/json';
      break;
    case 'raw':
      body = plan.body.text;
      defaultType = isForm ? 'application/x-www-form-urlencoded' : 'application/json';
      break;
    case 'none':
      break;
  }
  const type = plan.contentType === undefined ? defaultType : plan.contentType;
  if (type !== undefined && type !== null) headers['content-type'] = wireHeader(type);
  if (valid.raw) {
    // The webhook's own signature headers (Stripe's, Mux's) go along with its body.
    for (const [k, v] of Object.entries(valid.raw.headers)) if (k !== 'content-type') headers[k] = v;
    if (plan.signJunk && body !== undefined) headers['stripe-signature'] = signRaw(body);
  }
  // A machine caller's credentials (the metrics token, a webhook's basic auth) go along with every variant.
  for (const [k, v] of Object.entries(valid.headers ?? {})) headers[k] = v;
  if (route.method !== 'GET' && body === undefined && !valid.raw && valid.json === undefined && !valid.form)
    headers['x-requested-with'] = 'XMLHttpRequest';
  if (plan.xrw) headers['x-requested-with'] = 'XMLHttpRequest';
  if (plan.origin !== null) headers.origin = wireHeader(plan.origin);
  if (plan.accept !== null) headers.accept = wireHeader(plan.accept);

  const c = plan.cookie;
  const cookieHeader =
    c.kind === 'valid'
      ? cookie
      : c.kind === 'none'
        ? undefined
        : c.kind === 'junk'
          ? c.value
          : c.kind === 'validThenJunk'
            ? [cookie, c.junk].filter(Boolean).join('; ')
            : [c.junk, cookie].filter(Boolean).join('; ');
  // Beside a cookie the valid request carries itself (the Vipps sign-in's attempt cookie).
  if (cookieHeader)
    headers.cookie = wireHeader(valid.headers?.cookie ? `${valid.headers.cookie}; ${cookieHeader}` : cookieHeader);

  const path = plan.params ? fillPath(route.path, plan.params, false) : (valid.path ?? fillPath(route.path, valid.params));
  const q = [plan.query ?? queryString(valid.query).slice(1), plan.extraQuery ?? ''].filter(Boolean).join('&');
  return { method: route.method, path: wirePath(path + (q ? `?${q}` : '')), headers, body };
}

/** The signature header Stripe would send for this exact body. */
function signRaw(body: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret: FAKE_WEBHOOK_SECRET });
}

/** The role that may use the route (the one the fuzzer signs in as). */
function fuzzRole(route: Route): Role {
  for (const role of ['anonymous', 'student', 'admin'] as const) if (route.access[role] < 400) return role;
  throw new Error(`no role may use ${routeName(route)}`);
}

function describeRequest(r: RawRequest): string {
  const body =
    r.body === undefined
      ? ''
      : `\n  body: ${String(r.body).slice(0, 300)}${String(r.body).length > 300 ? ` … (${String(r.body).length} chars)` : ''}`;
  return `${r.method} ${r.path.slice(0, 300)}\n  headers: ${JSON.stringify(r.headers).slice(0, 500)}${body}`;
}

describe('hostile input (fast-check)', () => {
  let t: TestApp;
  let suite: RouteSuite | undefined;
  let f: Fixture;
  let client: RawClient;
  let cookieName: string;
  let writes: WriteCounter;

  beforeAll(async () => {
    suite = await startRouteSuite();
    ({ t, f, client, writes } = suite);
    cookieName = t.app.get(SessionsService).cookieName;
  }, 60_000);
  afterAll(() => suite?.close());

  it('covers every route the server has', () => {
    expect(ROUTES.map(routeName).sort()).toEqual(declaredRoutes(t));
  });

  it.each(ROUTES.map((r, i) => [routeName(r), r, i] as const))('%s', async (_name, route, index) => {
    const role = fuzzRole(route);
    const me = async (): Promise<Identity | null> => (role === 'anonymous' ? null : route.fresh ? f.fresh(role) : f.id[role]);
    const sample = await route.valid(f, await me());
    let validSeen = 0;

    await fc.assert(
      fc.asyncProperty(planArb(route, sample, cookieName), async (plan) => {
        const who = await me();
        const valid = await route.valid(f, who);
        const cookie = who ? await f.cookieFor(who.user) : undefined;
        const req = build(route, valid, plan, cookie);
        await startCountingWrites(t, writes);
        let res: RawResponse;
        try {
          res = await client.send(req);
        } catch (e) {
          throw new Error(`no answer (${(e as Error).message}) to\n${describeRequest(req)}`);
        }
        const problems: string[] = [];
        // A signed event the site cannot process answers 503 on purpose (Stripe delivers it again);
        // only someone with the webhook secret can send one.
        const retryLater =
          plan.signJunk && res.status === 503 && (res.json as { code?: string } | undefined)?.code === 'SERVICE_UNAVAILABLE';
        const shape = retryLater ? null : answerProblem(res, { html: route.html, site: !req.path.startsWith('/api') });
        if (shape) problems.push(shape);
        if (isValidPlan(plan)) {
          validSeen++;
          if (res.status !== route.access[role])
            problems.push(`valid request answered ${res.status}, expected ${route.access[role]}`);
        }
        // The CSRF rule: a write to the API from another origin, or not as JSON, never goes through
        // (except on the explicit list of routes that authenticate by a signature).
        if (route.method !== 'GET' && !CSRF_EXEMPT.has(routeName(route)) && req.path.startsWith('/api/') && res.status < 400) {
          if (plan.origin !== null && plan.origin !== PUBLIC_ORIGIN)
            problems.push(`a write from Origin ${plan.origin} succeeded`);
          const sent = req.headers ?? {};
          const ct = String(sent['content-type'] ?? '').toLowerCase();
          if (!ct.startsWith('application/json') && (!!req.body || !sent['x-requested-with']))
            problems.push(`a write with Content-Type "${ct}" succeeded`);
        }
        // Without the session token anywhere in the Cookie header, a member or admin route never answers.
        if (
          (route.area === 'member' || route.area === 'admin') &&
          (plan.cookie.kind === 'none' || plan.cookie.kind === 'junk') &&
          res.status < 400
        )
          problems.push('answered without a session');
        if (res.status >= 400) {
          const changed = await writtenTables(t, writes);
          if (changed.length) problems.push(`refused with ${res.status}, but wrote to ${changed.join(', ')}`);
        }
        if (problems.length)
          throw new Error(
            `${problems.join('; ')}\nrequest: ${describeRequest(req)}\nanswer: ${res.status} ${res.text.slice(0, 300)}`,
          );
      }),
      // The valid request and each break on its own always run first (as examples), so no seed can leave a route without them.
      {
        numRuns: RUNS,
        seed: SEED + index,
        endOnFailure: true,
        examples: examplePlans(route, sample, cookieName, role).map((p) => [p] as [Plan]),
      },
    );
    expect(validSeen).toBeGreaterThan(0);
  });

  it('paths: encoded junk, traversal, bad encodings and very long paths, on every method', async () => {
    const prefix = fc.constantFrom(
      '/',
      '/api/',
      '/api/admin/',
      '/api/admin/leads/',
      '/api/progress/',
      '/api/courses/',
      '/api/checkout/sessions/',
      '/admin/',
      '/admin/assets/',
      '/assets/',
      '//',
      '/api//auth/me/',
    );
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
    const admin = await f.cookieFor(f.id.admin.user);
    await fc.assert(
      fc.asyncProperty(
        prefix,
        fc.array(junkSegment, { minLength: 1, maxLength: 4 }),
        method,
        fc.boolean(),
        async (pre, segs, m, signedIn) => {
          const path = wirePath(pre + segs.join('/')).slice(0, 6000);
          const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
          if (signedIn) headers.cookie = admin;
          await startCountingWrites(t, writes);
          const res = await client.send({ method: m, path, headers });
          const problems: string[] = [];
          if (m !== 'HEAD') {
            const shape = answerProblem(res, { site: !path.startsWith('/api') });
            if (shape) problems.push(shape);
          } else if (res.status >= 500) problems.push(`HEAD answered ${res.status}`);
          // Nothing outside the built folders is ever served.
          if (/"workspaces"|root:x:0:0|DATABASE_URL|\[boot loader\]/.test(res.text))
            problems.push('served a file from outside the site');
          if (res.status >= 400) {
            const changed = await writtenTables(t, writes);
            if (changed.length) problems.push(`refused with ${res.status}, but wrote to ${changed.join(', ')}`);
          }
          if (problems.length)
            throw new Error(`${problems.join('; ')}\n${m} ${path.slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`);
        },
      ),
      { numRuns: RUNS * 6, seed: SEED, endOnFailure: true },
    );
  }, 120_000);

  /** Each of these once answered 500 (or Fastify's English error), found by the properties above. */
  it.each([
    [
      'a body nested 10 000 levels deep',
      'POST',
      '/api/auth/token-login',
      {},
      '['.repeat(10_000) + ']'.repeat(10_000),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an e-mail with a lone surrogate (not Unicode)',
      'POST',
      '/api/leads',
      {},
      '{"email":"\\ud800@example.no","courseType":"starter","source":"/"}',
      400,
      'VALIDATION_FAILED',
    ],
    ['a lone surrogate in a key', 'POST', '/api/leads', {}, '{"\\udfff":1}', 400, 'VALIDATION_FAILED'],
    [
      'range that is an object',
      'GET',
      '/api/admin/outbox?range=%7B%22a%22%3A1%7D',
      { admin: '1' },
      undefined,
      400,
      'BAD_REQUEST',
    ],
    ['range that is a number', 'GET', '/api/admin/leads?range=5', { admin: '1' }, undefined, 400, 'BAD_REQUEST'],
    ['a route parameter longer than any id', 'GET', `/api/courses/${'x'.repeat(300)}`, {}, undefined, 404, 'NOT_FOUND'],
    ['a route parameter that is not valid percent-encoding', 'GET', '/api/courses/%E0%A4%A', {}, undefined, 400, 'BAD_REQUEST'],
    ['headers larger than the server accepts', 'GET', '/api/catalog', { big: '1' }, undefined, 431, 'PAYLOAD_TOO_LARGE'],
    ['a signed webhook whose body is JSON null', 'POST', '/api/stripe/webhook', { sign: '1' }, 'null', 400, 'BAD_REQUEST'],
    [
      'a signed webhook without data.object',
      'POST',
      '/api/stripe/webhook',
      { sign: '1' },
      '{"id":"evt_1","type":"checkout.session.completed","data":null}',
      400,
      'BAD_REQUEST',
    ],
  ] as const)('regression: %s', async (_label, method, path, opts, body, status, code) => {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if ('admin' in opts) headers.cookie = await f.cookieFor(f.id.admin.user);
    if ('big' in opts) headers.cookie = `x=${'a'.repeat(20_000)}`;
    if ('sign' in opts) headers['stripe-signature'] = signRaw(body!);
    await startCountingWrites(t, writes);
    const res = await client.send({ method, path, headers, body });
    expect([res.status, (res.json as { code?: string })?.code]).toEqual([status, code]);
    expect(answerProblem(res)).toBeNull();
    expect(await writtenTables(t, writes)).toEqual([]);
  });

  it('no request put anything on Object.prototype', () => {
    const probe: Record<string, unknown> = {};
    for (const k of ['polluted', 'role', 'isAdmin', 'admin', 'x', 'a', 'b']) expect(probe[k]).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as { constructor: unknown }).constructor).toBe(Object);
  });
});
