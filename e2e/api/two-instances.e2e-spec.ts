import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, queryDatabase, startServer, type RunningServer } from '../support/server';
import { signWebhook, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Two app processes on one MariaDB behind a small round-robin proxy, as docker compose runs `app` and
 * `app-2` behind Caddy (docs/decisions.md "Going live"; Caddy's own failover:
 * caddy-failover.e2e-spec.ts): nothing lives in one process.
 * A session made on one is valid on the other; a webhook delivered to both fulfils once; each mail is
 * sent once with both outbox workers running; rate limits count across both; a broadcast goes out once.
 * Needs the backend build (`npm run build`).
 */
jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(150);
  }
}

describe('two app instances behind one proxy (MariaDB)', () => {
  let db: TestDatabase;
  let stripe: FakeStripe;
  let sink: SmtpSink;
  let proxy: Server;
  let proxyUrl: string;
  let a: RunningServer;
  let b: RunningServer;
  const targets: number[] = [];
  let turn = 0;

  beforeAll(async () => {
    db = await createTestDatabase({ mysql: true });
    [stripe, sink] = await Promise.all([startFakeStripe(), startSmtpSink()]);
    // The proxy: each request to the next instance in turn (Caddy's round_robin).
    proxy = createServer((req, res) => {
      const port = targets[turn++ % targets.length];
      const up = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const env = {
      PUBLIC_URL: proxyUrl,
      SMTP_URL: sink.url,
      MAIL_POLL_INTERVAL_MS: '200',
      MARKETING_POLL_INTERVAL_MS: '300',
      RATE_LIMIT_LOGIN: '6',
    };
    // The first migrates and makes the mentor's account; the second starts on the same database.
    a = await startServer({ databaseUrl: db.url, admin: true, fakes: { stripe }, env });
    b = await startServer({ databaseUrl: db.url, admin: true, fakes: { stripe }, env });
    targets.push(a.port, b.port);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((r) => proxy?.close(r));
    await Promise.all([stripe?.close(), sink?.close()]);
    await db?.drop();
  });

  /** A JSON request as the site's pages send it (same origin), to one instance or through the proxy. */
  async function send(base: string, method: string, path: string, body?: unknown, cookie?: string) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: proxyUrl,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const sid = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null, sid };
  }

  let adminCookie = '';

  it('a session made on one instance is valid on the other', async () => {
    const login = await send(a.url, 'POST', '/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    adminCookie = login.sid!;
    const me = await send(b.url, 'GET', '/api/auth/me', undefined, adminCookie);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: ADMIN.email });
    const out = await send(b.url, 'POST', '/api/auth/logout', {}, adminCookie);
    expect(out.status).toBe(204);
    expect((await send(a.url, 'GET', '/api/auth/me', undefined, adminCookie)).json).toBeNull();
    adminCookie = (await send(a.url, 'POST', '/api/auth/login', { email: ADMIN.email, password: ADMIN.password })).sid!;
  });

  it('each mail is sent once with both outbox workers running', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `to-${i}-${Date.now().toString(36)}@example.no`);
    for (const email of emails)
      expect(
        (await send(proxyUrl, 'POST', '/api/create-user', { email, courseType: 'starter', trafficSource: 'starter' })).status,
      ).toBe(200);
    await until(() => emails.every((e) => sink.to(e).length > 0), 'a welcome mail to every address');
    await sleep(1500);
    expect(emails.map((e) => sink.to(e).length)).toEqual(emails.map(() => 1));
  });

  it('a webhook delivered to both instances fulfils the order once', async () => {
    const email = `kjoper-${Date.now().toString(36)}@example.no`;
    const checkout = await send(proxyUrl, 'POST', '/api/checkout/sessions', {
      courseId: 'foundation',
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'card',
      acceptTerms: true,
      acceptRisk: true,
    });
    expect(checkout.status).toBe(201);
    const session = stripe.pay(stripe.lastSession().id);
    const signed = signWebhook(stripeEvent('checkout.session.completed', session));
    const deliver = (base: string) =>
      fetch(`${base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
        body: signed.body,
      }).then((r) => r.status);
    expect(await Promise.all([deliver(a.url), deliver(b.url)])).toEqual([200, 200]);
    const grants = await queryDatabase<{ n: number }>(
      db.url,
      `SELECT COUNT(*) AS n FROM grants g JOIN users u ON u.id = g.userId WHERE u.email = '${email}' AND g.courseId = 'foundation'`,
    );
    expect(Number(grants[0].n)).toBe(1);
    const paid = await queryDatabase<{ n: number }>(
      db.url,
      `SELECT COUNT(*) AS n FROM orders WHERE providerReference = '${session.id}' AND status = 'paid'`,
    );
    expect(Number(paid[0].n)).toBe(1);
    await until(() => sink.to(email).length > 0, 'the receipt');
    await sleep(1500);
    const subjects = sink.to(email).map((m) => m.subject);
    expect(subjects).toEqual([...new Set(subjects)]);
  });

  it('rate limits count across both instances', async () => {
    const statuses: Array<[string, number]> = [];
    for (let i = 0; i < 10; i++) {
      const base = i % 2 ? b.url : a.url;
      const r = await send(base, 'POST', '/api/auth/login', { email: 'ingen@example.no', password: 'feil-passord-1' });
      statuses.push([i % 2 ? 'b' : 'a', r.status]);
    }
    // Six wrong passwords in all (the mentor's sign-ins above count too), then both refuse.
    expect(statuses.filter(([, s]) => s !== 429).length).toBeLessThanOrEqual(6);
    expect(statuses.slice(-2)).toEqual([
      ['a', 429],
      ['b', 429],
    ]);
  });

  it('a broadcast is sent once to each subscriber with both marketing workers running', async () => {
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const subscribers = Array.from({ length: 5 }, (_, i) => `abonnent-${i}-${Date.now().toString(36)}@example.no`);
    for (const email of subscribers)
      await queryDatabase(
        db.url,
        `INSERT INTO marketing_subscribers (email, status, previousStatus, userId, isLead, variants, consentText, consentVersion, consentAt, consentSource, consentIp, confirmedAt, unsubscribedAt, confirmSentAt, createdAt, updatedAt)
         VALUES ('${email}', 'subscribed', NULL, NULL, 1, ',A,', 'Ja takk', '1', '${now}', '/', NULL, '${now}', NULL, '${now}', '${now}', '${now}')`,
      );
    const created = await send(
      proxyUrl,
      'POST',
      '/api/admin/broadcasts',
      { subject: 'Nytt fra akademiet', body: 'Hei!', segment: { audience: 'all' } },
      adminCookie,
    );
    expect(created.status).toBe(201);
    const sent = await send(proxyUrl, 'POST', `/api/admin/broadcasts/${String(created.json!.id)}/send`, {}, adminCookie);
    expect(sent.status).toBe(200);
    const got = (e: string) => sink.to(e).filter((m) => m.subject === 'Nytt fra akademiet').length;
    await until(() => subscribers.every((e) => got(e) > 0), 'the broadcast to every subscriber', 60_000);
    await sleep(1500);
    expect(subscribers.map(got)).toEqual(subscribers.map(() => 1));
  });
});
