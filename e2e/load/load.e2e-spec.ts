import { randomBytes } from 'node:crypto';
import { queryDatabase, requireBuild, startServer, type RunningServer } from '../support/server';
import { rawClientFor, type RawClient, type RawRequest, type RawResponse } from '../api/support/raw-http';
import { createTestDatabase, type TestDatabase } from '../api/support/test-database';

/**
 * Load, on loopback only and bounded in time: LOAD_VISITORS (200) concurrent visitors walk the
 * funnel for LOAD_SECONDS (20 in `npm test`; `LOAD_SECONDS=60` for the full run) against the
 * production build on a fresh MariaDB database: landing page → lead → checkout in demo mode
 * (a new buyer each time: order, grant, session) → the player's progress with that session.
 * No 5xx, no failed connection, and afterwards the database holds exactly what the clients were told.
 */

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const VISITORS = Number(process.env.LOAD_VISITORS ?? 200);
const RUN = randomBytes(3).toString('hex');
/** The server's LAUNCH_SEATS (its default). */
const LAUNCH_SEATS = 100;

type Step = 'landing' | 'lead' | 'checkout' | 'progress' | 'complete';
const STEPS: Step[] = ['landing', 'lead', 'checkout', 'progress', 'complete'];
const EXPECTED: Record<Step, number> = { landing: 200, lead: 201, checkout: 201, progress: 200, complete: 200 };

interface Tally {
  statuses: Map<string, number>;
  latencies: Record<Step, number[]>;
  failures: string[];
  leadIds: number[];
  leadEmails: string[];
  buyers: string[];
  completes: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

describe(`load: ${VISITORS} visitors for ${SECONDS} s through the funnel (production build, MariaDB)`, () => {
  let db: TestDatabase;
  let server: RunningServer;
  let client: RawClient;
  let moduleIds: number[];

  beforeAll(async () => {
    requireBuild({ frontend: true });
    db = await createTestDatabase({ mysql: true });
    server = await startServer({
      databaseUrl: db.url,
      env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', LAUNCH_SEATS: String(LAUNCH_SEATS) },
    });
    client = rawClientFor('127.0.0.1', server.port, { keepAlive: true, maxSockets: VISITORS });
    const rows = await queryDatabase<{ id: number }>(
      db.url,
      "SELECT id FROM modules WHERE courseId = 'foundation' AND published = 1 ORDER BY position",
    );
    moduleIds = rows.map((r) => Number(r.id));
  }, 120_000);

  afterAll(async () => {
    client?.close();
    await server?.stop();
    await db?.drop();
  });

  it('the production landing page: 200 HTML with the CSP and no inline script', async () => {
    const res = await client.send({ method: 'GET', path: '/' });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com(;|$)/);
    const scripts = res.text.match(/<script\b[^>]*>/gi) ?? [];
    const inline = scripts.filter((s) => !/\bsrc=/.test(s) && !/type="application\/(json|ld\+json)"/.test(s));
    expect(inline).toEqual([]);
    expect(res.text).not.toMatch(/\son(load|click|error)=/i);
  });

  it('zero 5xx and zero failed requests; the database holds exactly the accepted leads, orders and grants', async () => {
    expect(moduleIds.length).toBeGreaterThan(0);
    const tally: Tally = {
      statuses: new Map(),
      latencies: { landing: [], lead: [], checkout: [], progress: [], complete: [] },
      failures: [],
      leadIds: [],
      leadEmails: [],
      buyers: [],
      completes: 0,
    };
    let seq = 0;
    const started = Date.now();
    const deadline = started + SECONDS * 1000;

    async function step(name: Step, req: RawRequest): Promise<RawResponse | null> {
      const t0 = performance.now();
      let res: RawResponse;
      try {
        res = await client.send(req);
      } catch (e) {
        tally.failures.push(`${name}: ${(e as Error).message}`);
        return null;
      }
      tally.latencies[name].push(performance.now() - t0);
      const key = `${name} ${res.status}`;
      tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
      if (res.status !== EXPECTED[name]) {
        tally.failures.push(`${name}: ${res.status} ${res.text.slice(0, 160)}`);
        return null;
      }
      return res;
    }

    const json = (body: unknown, cookie?: string): Pick<RawRequest, 'headers' | 'body'> => ({
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

    async function visitor(v: number): Promise<void> {
      while (Date.now() < deadline) {
        const n = ++seq;
        if (!(await step('landing', { method: 'GET', path: '/', headers: { 'accept-encoding': 'br, gzip' } }))) continue;

        const leadEmail = `lead-${RUN}-${n}@example.no`;
        const lead = await step('lead', {
          method: 'POST',
          path: '/api/leads',
          ...json({ email: leadEmail, courseType: 'foundation', source: '/' }),
        });
        if (!lead) continue;
        tally.leadIds.push((lead.json as { id: number }).id);
        tally.leadEmails.push(leadEmail);

        const buyer = `buyer-${RUN}-${n}@example.no`;
        const bought = await step('checkout', {
          method: 'POST',
          path: '/api/checkout/sessions',
          ...json({
            courseId: 'foundation',
            email: buyer,
            firstName: 'Last',
            lastName: `Test ${v}`,
            paymentMethod: 'card',
            acceptTerms: true,
            acceptRisk: true,
          }),
        });
        if (!bought) continue;
        tally.buyers.push(buyer);
        const setCookie = ([] as string[]).concat(bought.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
        if (!setCookie || (bought.json as { demo?: boolean }).demo !== true) {
          tally.failures.push(`checkout: no demo sign-in (${bought.text.slice(0, 120)})`);
          continue;
        }
        const cookie = setCookie.split(';')[0];

        if (!(await step('progress', { method: 'GET', path: '/api/progress/foundation', headers: { cookie } }))) continue;
        const moduleId = moduleIds[n % moduleIds.length];
        const done = await step('complete', {
          method: 'POST',
          path: `/api/progress/foundation/modules/${moduleId}/complete`,
          headers: { cookie, 'x-requested-with': 'fetch' },
        });
        if (done) tally.completes++;
      }
    }

    await Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(v)));
    const elapsed = (Date.now() - started) / 1000;

    // What the clients saw.
    const total = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
    const lines = STEPS.map((s) => {
      const l = [...tally.latencies[s]].sort((a, b) => a - b);
      return `${s.padEnd(9)} ${String(l.length).padStart(6)} req  p50 ${percentile(l, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(l, 99).toFixed(0).padStart(5)} ms`;
    });
    console.log(
      [
        `load: ${VISITORS} visitors, ${elapsed.toFixed(1)} s, ${total} requests (${(total / elapsed).toFixed(0)}/s), ${tally.buyers.length} purchases`,
        ...lines,
        `statuses: ${JSON.stringify(Object.fromEntries(tally.statuses))}`,
      ].join('\n'),
    );

    if (tally.failures.length || server.child.exitCode !== null)
      console.log(
        `server ${server.child.exitCode === null ? 'running' : `exited ${server.child.exitCode}`}; its last output:\n${server.output().slice(-4000)}`,
      );
    expect(server.child.exitCode).toBeNull();
    expect([...tally.statuses.keys()].filter((k) => Number(k.split(' ')[1]) >= 500)).toEqual([]);
    expect(tally.failures.slice(0, 20)).toEqual([]);
    // Enough happened for the numbers to mean something: every visitor went through the funnel.
    expect(tally.buyers.length).toBeGreaterThanOrEqual(VISITORS);
    expect(tally.completes).toBe(tally.buyers.length);

    // What the database holds: exactly what the clients were told.
    const count = async (sql: string) => Number((await queryDatabase<{ n: number | string }>(db.url, sql))[0].n);
    const leadRows = await queryDatabase<{ id: number | string }>(
      db.url,
      `SELECT id FROM leads WHERE email LIKE 'lead-${RUN}-%'`,
    );
    expect(leadRows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...tally.leadIds].sort((a, b) => a - b));
    expect(await count(`SELECT COUNT(*) AS n FROM orders WHERE email LIKE 'buyer-${RUN}-%'`)).toBe(tally.buyers.length);
    // Every buyer paid Foundation's launch price (1 997 kr) or, once the launch seats were gone, its
    // ordinary price (2 997 kr). Checkouts are priced when opened, so those open at the moment the last
    // seat went may still get the launch price: at least LAUNCH_SEATS, at most that plus the visitors.
    const paidAt = (ore: number) =>
      count(
        `SELECT COUNT(*) AS n FROM orders WHERE email LIKE 'buyer-${RUN}-%' AND status = 'paid' AND provider = 'demo' AND amountOre = ${ore}`,
      );
    const atLaunch = await paidAt(199700);
    expect(atLaunch + (await paidAt(299700))).toBe(tally.buyers.length);
    expect(atLaunch).toBeGreaterThanOrEqual(Math.min(LAUNCH_SEATS, tally.buyers.length));
    expect(atLaunch).toBeLessThanOrEqual(LAUNCH_SEATS + VISITORS);
    expect(await count(`SELECT COUNT(*) AS n FROM launch_seats WHERE courseId = 'foundation'`)).toBe(tally.buyers.length);
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM grants g JOIN orders o ON o.id = g.orderId WHERE o.email LIKE 'buyer-${RUN}-%' AND g.source = 'purchase' AND g.courseId = 'foundation' AND g.userId = o.userId AND g.revokedAt IS NULL`,
      ),
    ).toBe(tally.buyers.length);
    expect(await count(`SELECT COUNT(*) AS n FROM grants`)).toBe(tally.buyers.length);
    expect(await count(`SELECT COUNT(*) AS n FROM users WHERE email LIKE 'buyer-${RUN}-%'`)).toBe(tally.buyers.length);
    expect(
      await count(`SELECT COUNT(*) AS n FROM progress p JOIN users u ON u.id = p.userId WHERE u.email LIKE 'buyer-${RUN}-%'`),
    ).toBe(tally.completes);
    // The server is still healthy and did not log an error.
    expect((await client.send({ method: 'GET', path: '/api/health' })).status).toBe(200);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});
