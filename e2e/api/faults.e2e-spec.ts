import { request as httpRequest } from 'node:http';
import { MSG } from '@academy/contracts';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { WebhookEvent } from '../../backend/src/orders/entities/webhook-event.entity';
import { fakeStripeEnv, signWebhook, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { queryDatabase, startServer, type RunningServer } from '../support/server';
import { rawClient, type RawClient, type RawRequest, type RawResponse } from './support/raw-http';
import { createIdentity, sessionCookie, staticRootFixture } from './support/route-fixture';
import { TcpProxy } from './support/tcp-proxy';
import { createTestDatabase, MYSQL_TEST_SERVER, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp, uniqueEmail } from './support/test-app';

/**
 * Faults. A MariaDB outage made by cutting a TCP proxy between the app and MariaDB (the basic
 * health/lead case is in health-outage.e2e-spec.ts; this suite covers every kind of request, drops
 * in the middle of requests, and a Stripe webhook during the outage). Then SIGTERM during traffic
 * on the production build as a child process.
 */

const UNAVAILABLE = { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('MariaDB outage (through a TCP proxy)', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let fake: FakeStripe;
  let client: RawClient;
  let studentCookie: string;
  let adminCookie: string;
  let starterModuleId: number;
  const pages = staticRootFixture();
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    const server = new URL(MYSQL_TEST_SERVER);
    proxy = new TcpProxy(server.hostname, Number(server.port || 3306));
    await proxy.start();
    fake = await startFakeStripe();
    const db = await createTestDatabase({ mysql: true });
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    t = await startTestApp(
      { ...fakeStripeEnv(fake), MAIL_POLL_INTERVAL_MS: '0', STATIC_ROOT: pages.dir },
      { db: { ...db, url: viaProxy.toString() } },
    );
    client = await rawClient(t);
    studentCookie = await sessionCookie(t, (await createIdentity(t, 'student')).user);
    adminCookie = await sessionCookie(t, (await createIdentity(t, 'admin')).user);
    const starter = await client.send({ method: 'GET', path: '/api/courses/starter' });
    starterModuleId = (starter.json as { modules: Array<{ id: number }> }).modules[0].id;
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    if (!proxy.listening) await proxy.start(proxy.port);
    client?.close();
    await t?.close();
    await proxy.stop();
    await fake?.close();
    pages.remove();
  });

  async function down(): Promise<void> {
    await proxy.stop();
  }

  /** Brings MariaDB back and waits (≤ 15 s) until the app says so by itself. */
  async function up(): Promise<void> {
    await proxy.start(proxy.port);
    for (let i = 0; i < 75; i++) {
      if ((await client.send({ method: 'GET', path: '/api/health' })).status === 200) return;
      await sleep(200);
    }
    throw new Error('the app did not recover within 15 s of MariaDB coming back');
  }

  const json = (body: unknown, cookie?: string): Pick<RawRequest, 'headers' | 'body'> => ({
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

  /** One request of every kind; `db` means it cannot be answered without the database. */
  const REQUESTS: Array<{ name: string; db: boolean; ok: number; req: () => RawRequest }> = [
    { name: 'health', db: true, ok: 200, req: () => ({ method: 'GET', path: '/api/health' }) },
    {
      name: 'who am I (signed in)',
      db: true,
      ok: 200,
      req: () => ({ method: 'GET', path: '/api/auth/me', headers: { cookie: studentCookie } }),
    },
    {
      name: 'progress',
      db: true,
      ok: 200,
      req: () => ({ method: 'GET', path: '/api/progress/foundation', headers: { cookie: studentCookie } }),
    },
    {
      name: 'complete a module',
      db: true,
      ok: 200,
      req: () => ({
        method: 'POST',
        path: `/api/progress/starter/modules/${starterModuleId}/complete`,
        headers: { cookie: studentCookie, 'x-requested-with': 'fetch' },
      }),
    },
    {
      name: 'admin list',
      db: true,
      ok: 200,
      req: () => ({ method: 'GET', path: '/api/admin/leads', headers: { cookie: adminCookie } }),
    },
    {
      name: 'account export',
      db: true,
      ok: 200,
      req: () => ({ method: 'GET', path: '/api/account/export', headers: { cookie: studentCookie } }),
    },
    {
      name: 'login',
      db: true,
      ok: 401,
      req: () => ({ method: 'POST', path: '/api/auth/login', ...json({ email: 'ingen@example.no', password: 'x' }) }),
    },
    {
      name: 'lead',
      db: true,
      ok: 201,
      req: () => ({
        method: 'POST',
        path: '/api/leads',
        ...json({ email: uniqueEmail('nede'), courseType: 'starter', source: '/' }),
      }),
    },
    {
      name: 'free sign-up',
      db: true,
      ok: 200,
      req: () => ({
        method: 'POST',
        path: '/api/create-user',
        ...json({ email: uniqueEmail('nede'), courseType: 'starter', trafficSource: 'A' }),
      }),
    },
    {
      name: 'checkout',
      db: true,
      ok: 201,
      req: () => ({
        method: 'POST',
        path: '/api/checkout/sessions',
        ...json({
          courseId: 'foundation',
          email: uniqueEmail('nede'),
          firstName: 'Ola',
          lastName: 'Nordmann',
          paymentMethod: 'card',
          acceptTerms: true,
          acceptRisk: true,
        }),
      }),
    },
    {
      name: 'forgot password',
      db: false,
      ok: 200,
      req: () => ({ method: 'POST', path: '/api/auth/forgot-password', ...json({ email: uniqueEmail('nede') }) }),
    },
    { name: 'course content', db: false, ok: 200, req: () => ({ method: 'GET', path: '/api/courses/starter' }) },
    { name: 'catalogue', db: false, ok: 200, req: () => ({ method: 'GET', path: '/api/catalog' }) },
    {
      name: 'no-JavaScript lead form',
      db: true,
      ok: 303,
      req: () => ({
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: `form-name=lead-capture&email=${encodeURIComponent(uniqueEmail('skjema'))}&course-type=starter&source=%2F`,
      }),
    },
    { name: 'landing page', db: false, ok: 200, req: () => ({ method: 'GET', path: '/' }) },
    { name: 'app page (shell)', db: false, ok: 200, req: () => ({ method: 'GET', path: '/dashboard' }) },
  ];

  /** A 503 in the error shape with the clear message (HTML routes may answer a page). */
  function unavailableProblem(res: RawResponse, html: boolean): string | null {
    if (res.status !== 503) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
    if (html && String(res.headers['content-type']).startsWith('text/html')) return null;
    const b = res.json as Record<string, unknown> | undefined;
    if (!b || b.statusCode !== 503 || b.code !== 'SERVICE_UNAVAILABLE' || b.message !== MSG.serviceUnavailable)
      return `503 without the clear message: ${res.text.slice(0, 200)}`;
    return null;
  }

  it('every kind of request: 503 with a clear message while MariaDB is down (a session is not "signed out"), and recovery by itself', async () => {
    for (const r of REQUESTS) expect([r.name, (await client.send(r.req())).status]).toEqual([r.name, r.ok]);

    await down();
    const problems: string[] = [];
    for (const r of REQUESTS) {
      const res = await client.send(r.req());
      if (r.db) {
        const p = unavailableProblem(res, r.name.includes('form'));
        if (p) problems.push(`${r.name}: ${p}`);
      } else if (res.status !== r.ok && unavailableProblem(res, false)) {
        // Answered from memory where it can be; otherwise the same 503.
        problems.push(`${r.name}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
    // Still down a while later: answers stay 503 (no hanging requests, no crash).
    await sleep(1500);
    const again = await client.send(REQUESTS[1].req());
    expect(again.json).toEqual(UNAVAILABLE);

    await up();
    // Every kind works again, three times over (no broken pooled connections left behind).
    for (let round = 0; round < 3; round++)
      for (const r of REQUESTS) expect([r.name, (await client.send(r.req())).status]).toEqual([r.name, r.ok]);
    expect(unhandled).toEqual([]);
  });

  it('MariaDB cut while requests are in flight: each answers 2xx or 503, never 500; then all is well', async () => {
    const burst = () => Promise.all(Array.from({ length: 60 }, (_, i) => client.send(REQUESTS[1 + (i % 9)].req())));
    const inFlight = burst();
    await sleep(15);
    await down();
    const during = await inFlight;
    const bad = during.filter((r) => r.status >= 500 && unavailableProblem(r, false));
    expect(bad.map((r) => `${r.status} ${r.text.slice(0, 120)}`)).toEqual([]);
    expect(during.some((r) => r.status === 503)).toBe(true);
    await up();
    const after = await burst();
    expect(after.filter((r) => r.status >= 400 && r.status !== 401).map((r) => `${r.status} ${r.text.slice(0, 120)}`)).toEqual(
      [],
    );
    expect(unhandled).toEqual([]);
  });

  it('a Stripe webhook during the outage answers 5xx (so Stripe delivers it again); the retry is processed once', async () => {
    const email = uniqueEmail('kjoper');
    const created = await client.send({
      method: 'POST',
      path: '/api/checkout/sessions',
      ...json({
        courseId: 'accelerator',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      }),
    });
    expect(created.status).toBe(201);
    const session = fake.pay(fake.lastSession().id);
    const event = stripeEvent('checkout.session.completed', { ...session });
    const signed = signWebhook(event);
    const deliver = () =>
      client.send({
        method: 'POST',
        path: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
        body: signed.body,
      });

    await down();
    const during = await deliver();
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(during.json).toEqual(UNAVAILABLE);
    await up();

    const order = () => t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    expect((await order()).status).toBe('pending');
    expect(await t.ds.getRepository(WebhookEvent).countBy({ id: event.id })).toBe(0);

    const retry = await deliver();
    expect([retry.status, retry.json]).toEqual([200, { received: true }]);
    const again = await deliver();
    expect([again.status, again.json]).toEqual([200, { received: true, duplicate: true }]);
    const paid = await order();
    expect(paid.status).toBe('paid');
    expect(await t.ds.getRepository(Grant).countBy({ orderId: paid.id })).toBe(1);
    expect(await t.ds.getRepository(WebhookEvent).countBy({ id: event.id })).toBe(1);
  });
});

/** A request on its own connection, with the time its answer arrived. */
function timedRequest(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; at: number; error?: string }> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, at: Date.now() }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, text: '', at: Date.now(), error: e.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

describe('SIGTERM during traffic (production build, child process)', () => {
  let db: TestDatabase;
  let server: RunningServer | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      env: { ADMIN_EMAIL: 'mentor@example.no', ADMIN_PASSWORD: 'admin-passord-123', MAIL_DISABLED: 'true' },
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop(2000);
    await db?.drop();
  });

  it('requests in flight when the signal comes all finish 2xx; the process exits 0 and what it answered is stored', async () => {
    const s = server!;
    // Slow requests (argon2 sign-ins) and writes, all sent before the signal.
    const logins = Array.from({ length: 24 }, () =>
      timedRequest(s.url, 'POST', '/api/auth/login', { email: 'mentor@example.no', password: 'admin-passord-123' }),
    );
    const leads = Array.from({ length: 24 }, (_, i) =>
      timedRequest(s.url, 'POST', '/api/leads', { email: `sigterm-${i}@example.no`, courseType: 'starter', source: '/' }),
    );
    const all = [...logins, ...leads];
    // Signal as soon as the first sign-in is answered: the rest are still being worked on.
    const first = await Promise.race(logins);
    expect(first.status).toBe(200);
    const signalledAt = Date.now();
    s.child.kill('SIGTERM');
    // While it drains (SHUTDOWN_DRAIN_MS, 1 s by default) health says so and requests are still served.
    await sleep(150);
    const [health, duringDrain] = await Promise.all([
      timedRequest(s.url, 'GET', '/api/health'),
      timedRequest(s.url, 'POST', '/api/leads', { email: 'sigterm-drain@example.no', courseType: 'starter', source: '/' }),
    ]);
    expect([health.status, JSON.parse(health.text || '{}').status]).toEqual([503, 'draining']);
    expect(duringDrain.status).toBe(201);
    const results = await Promise.all(all);
    const exit = await s.exited;

    expect(
      results.filter((r) => r.status < 200 || r.status >= 300).map((r) => `${r.status} ${r.error ?? r.text.slice(0, 120)}`),
    ).toEqual([]);
    // Some answers really came after the signal (they were in flight, and were finished).
    expect(results.filter((r) => r.at >= signalledAt).length).toBeGreaterThan(0);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(s.output()).toContain('Stopped after SIGTERM');
    expect(s.output()).not.toMatch(/"level":50|Unhandled|ECONNREFUSED/);

    const rows = await queryDatabase<{ n: number | string }>(
      db.url,
      "SELECT COUNT(*) AS n FROM leads WHERE email LIKE 'sigterm-%'",
    );
    expect(Number(rows[0].n)).toBe(24 + 1);
    // After exit nothing listens any more.
    const late = await timedRequest(s.url, 'GET', '/api/health');
    expect(late.status).toBe(0);
    server = null;
  }, 60_000);
});
