import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { rawClient, type RawClient, type RawResponse } from './support/raw-http';
import { buildFixture, routeSuiteEnv, staticRootFixture, type Fixture, type Identity, type Role } from './support/route-fixture';
import { ROUTES, routeName, toRaw, type Route } from './support/route-table';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Every answer under /api says how it may be cached: `private, no-store` unless the route declares
 * otherwise (the pipeline decides it on the matched route, not on the address). Only these routes
 * declare something else, for good reasons: the public catalogue is shared and revalidated by its
 * ETag, and a calendar app polls the private feed.
 */
const DECLARED: Record<string, RegExp> = {
  'GET /api/catalog': /^public, max-age=0, must-revalidate$/,
  'GET /api/calendar/:file': /^private, no-cache$/,
  // A chart image never changes under its id: the student's or the admin's browser may keep it, no shared cache.
  'GET /api/mentor/images/:id': /^private, max-age=86400$/,
};

/** The roles whose answer is checked: each that the route lets through, and anonymous (often a refusal). */
function rolesFor(route: Route): Role[] {
  const ok = (['admin', 'student', 'anonymous'] as const).filter((r) => route.access[r] < 400);
  return [...new Set<Role>([...ok.slice(0, 1), 'anonymous'])];
}

describe('Cache-Control on every /api answer', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let f: Fixture;
  let client: RawClient;
  const pages = staticRootFixture();

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), ...routeSuiteEnv({ STATIC_ROOT: pages.dir }) });
    f = await buildFixture(t, fake);
    client = await rawClient(t);
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await t?.close();
    await fake?.close();
    pages.remove();
  });

  async function call(route: Route, role: Role): Promise<RawResponse> {
    const me: Identity | null = role === 'anonymous' ? null : route.fresh ? await f.fresh(role) : f.id[role];
    const req = await route.valid(f, me);
    const cookie = me ? await f.cookieFor(me.user) : undefined;
    return client.send(toRaw(route, req, { cookie }));
  }

  const api = ROUTES.filter((r) => r.path.startsWith('/api/'));

  it('walks the whole table', () => {
    expect(api.length).toBeGreaterThan(50);
    for (const name of Object.keys(DECLARED)) expect(api.map(routeName)).toContain(name);
  });

  it.each(api.map((r) => [routeName(r), r] as const))('%s', async (name, route) => {
    const seen: string[] = [];
    for (const role of rolesFor(route)) {
      const res = await call(route, role);
      const value = res.headers['cache-control'];
      const declared = DECLARED[name];
      const expected = declared && res.status < 400 ? declared : /\bno-store\b/;
      const ok = typeof value === 'string' && expected.test(value);
      if (!ok) seen.push(`${role} ${res.status}: ${JSON.stringify(value)} (expected ${String(expected)})`);
    }
    expect(seen).toEqual([]);
  });

  it('a route without its own caching answers `private, no-store`', async () => {
    const me = f.id.student;
    const res = await client.send({ method: 'GET', path: '/api/auth/me', headers: { cookie: await f.cookieFor(me.user) } });
    expect([res.status, res.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const admin = await client.send({
      method: 'GET',
      path: '/api/admin/users?range=[0,9]',
      headers: { cookie: await f.cookieFor(f.id.admin.user) },
    });
    expect([admin.status, admin.headers['cache-control']]).toEqual([200, 'private, no-store']);
  });

  it('an address no route answers, and a page outside /api, are not given the API default', async () => {
    const missing = await client.send({ method: 'GET', path: '/api/finnes-ikke' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toMatch(/no-store/);
    const page = await client.send({ method: 'GET', path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).not.toBe('private, no-store');
  });
});
