import type { FastifyInstance } from 'fastify';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { pipelineOf } from '../../backend/src/platform/http/request-pipeline';
import { type RawClient, type RawResponse } from './support/raw-http';
import {
  declaredRoutes,
  ROLES,
  startCountingWrites,
  writtenTables,
  type Fixture,
  type Identity,
  type Role,
} from './support/route-fixture';
import { answerProblem, ROUTES, routeName, toRaw, type Route } from './support/route-table';
import { type TestApp, uniqueEmail } from './support/test-app';
import { startRouteSuite, type RouteSuite } from './support/route-suite';
import type { WriteCounter } from './support/write-counter';

/**
 * Every route × anonymous / student (owns Foundation) / another student (owns Accelerator, reaches
 * for the first one's course) / admin, asserted from the one route table. Each call has its own
 * new session, so routes that end a session (logout, delete) do not disturb the next.
 *
 * Each of those answers under /api also says how it may be cached: `private, no-store` unless the
 * route declares otherwise (the pipeline decides it on the matched route, not on the address). Only
 * these routes declare something else, for good reasons: the public catalogue is shared and
 * revalidated by its ETag, and a calendar app polls the private feed.
 */
const CACHE_DECLARED: Record<string, RegExp> = {
  'GET /api/catalog': /^public, max-age=0, must-revalidate$/,
  'GET /api/calendar/:file': /^private, no-cache$/,
  // A chart image never changes under its id: the student's or the admin's browser may keep it, no shared cache.
  'GET /api/mentor/images/:id': /^private, max-age=86400$/,
};

/** What is wrong with an answer's Cache-Control (null: nothing); only answers under /api are judged. */
function cacheProblem(route: Route, res: RawResponse): string | null {
  if (!route.path.startsWith('/api/')) return null;
  const value = res.headers['cache-control'];
  const declared = CACHE_DECLARED[routeName(route)];
  const expected = declared && res.status < 400 ? declared : /\bno-store\b/;
  return typeof value === 'string' && expected.test(value)
    ? null
    : `Cache-Control ${JSON.stringify(value)} on ${res.status} (expected ${String(expected)})`;
}

describe('authorisation matrix', () => {
  let suite: RouteSuite | undefined;
  let t: TestApp;
  let f: Fixture;
  let client: RawClient;
  let writes: WriteCounter;

  beforeAll(async () => {
    suite = await startRouteSuite();
    ({ t, f, client, writes } = suite);
  }, 60_000);
  afterAll(() => suite?.close());

  async function identity(route: Route, role: Role): Promise<Identity | null> {
    if (role === 'anonymous') return null;
    return route.fresh ? f.fresh(role) : f.id[role];
  }

  /** Everything a call needs (identity, session, records) is made first; then it can be sent. */
  async function prepare(route: Route, role: Role): Promise<{ send: () => Promise<RawResponse>; me: Identity | null }> {
    const me = await identity(route, role);
    const req = await route.valid(f, me);
    const cookie = me ? await f.cookieFor(me.user) : undefined;
    return { send: () => client.send(toRaw(route, req, { cookie })), me };
  }

  async function call(route: Route, role: Role): Promise<{ res: RawResponse; me: Identity | null }> {
    const { send, me } = await prepare(route, role);
    return { res: await send(), me };
  }

  it('the table names every route the server has (Nest controllers and plain Fastify routes), once', () => {
    const table = ROUTES.map(routeName);
    expect(new Set(table).size).toBe(table.length);
    expect([...table].sort()).toEqual(declaredRoutes(t));
  });

  it('the routes that declare their own caching are in the table, among more than 50 under /api', () => {
    const api = ROUTES.filter((r) => r.path.startsWith('/api/')).map(routeName);
    expect(api.length).toBeGreaterThan(50);
    for (const name of Object.keys(CACHE_DECLARED)) expect(api).toContain(name);
  });

  it('a route without its own caching answers `private, no-store`; an address no route answers and a page outside /api are not given the API default', async () => {
    const me = await client.send({
      method: 'GET',
      path: '/api/auth/me',
      headers: { cookie: await f.cookieFor(f.id.student.user) },
    });
    expect([me.status, me.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const admin = await client.send({
      method: 'GET',
      path: '/api/admin/users?range=[0,9]',
      headers: { cookie: await f.cookieFor(f.id.admin.user) },
    });
    expect([admin.status, admin.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const missing = await client.send({ method: 'GET', path: '/api/finnes-ikke' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toMatch(/no-store/);
    const page = await client.send({ method: 'GET', path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).not.toBe('private, no-store');
  });

  it("each route's own rate limits are the table's: the server declares them in the route policy, nothing else", () => {
    const declared = Object.fromEntries(
      pipelineOf(t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance).routeLimits(),
    );
    const table = Object.fromEntries(ROUTES.filter((r) => r.limits).map((r) => [routeName(r), r.limits]));
    expect(declared).toEqual(table);
    expect(Object.keys(table).length).toBeGreaterThanOrEqual(5);
  });

  it('the write count sees the rows a request writes, and not those of a transaction that was undone', async () => {
    await startCountingWrites(t, writes);
    const lead = await t
      .http()
      .post('/api/leads')
      .set('content-type', 'application/json')
      .send({ email: uniqueEmail('telling'), courseType: 'starter', source: '/' });
    expect(lead.status).toBe(201);
    expect(await writtenTables(t, writes)).toContain('leads (1)');

    await startCountingWrites(t, writes);
    const undone = t.ds.transaction(async (m) => {
      await m.query(`UPDATE "users" SET "firstName" = 'Telling' WHERE "id" = ?`, [f.id.student.user.id]);
      throw new Error('undone');
    });
    await expect(undone).rejects.toThrow('undone');
    expect(await writtenTables(t, writes)).toEqual([]);
  });

  it.each(ROUTES.map((r) => [routeName(r), r] as const))('%s', async (_name, route) => {
    const got: Partial<Record<Role, number>> = {};
    const problems: string[] = [];
    for (const role of ROLES) {
      const { send, me } = await prepare(route, role);
      const refused = route.access[role] >= 400;
      if (refused) await startCountingWrites(t, writes);
      const res = await send();
      got[role] = res.status;
      const shape = answerProblem(res, { html: route.html });
      if (shape) problems.push(`${role}: ${shape}`);
      const caching = cacheProblem(route, res);
      if (caching) problems.push(`${role}: ${caching}`);
      if (res.status === 401 && (res.json as { code?: string })?.code !== 'UNAUTHENTICATED') problems.push(`${role}: 401 code`);
      if (res.status < 300 && route.check) {
        try {
          route.check(res, me, f);
        } catch (e) {
          problems.push(`${role}: ${(e as Error).message}`);
        }
      }
      if (refused && res.status >= 400) {
        const changed = await writtenTables(t, writes);
        if (changed.length) problems.push(`${role}: refused with ${res.status}, but wrote to ${changed.join(', ')}`);
      }
    }
    expect({ status: got, problems }).toEqual({ status: route.access, problems: [] });
  });

  it("the other student never sees the student's data in any answer", async () => {
    // Something of the student's in every place a member route could leak it.
    const student = f.id.student;
    const cookie = await f.cookieFor(student.user);
    const starter = await t.ds.getRepository(CourseModule).findOneByOrFail({ courseId: 'starter', published: true });
    for (const [course, moduleId] of [
      ['starter', starter.id],
      ['foundation', f.foundationModuleId],
    ] as const) {
      const path = `/api/progress/${course}/modules/${moduleId}/complete`;
      const done = await client.send({ method: 'POST', path, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
      expect([path, done.status]).toEqual([path, 200]);
    }

    const readable = ROUTES.filter((r) => r.method === 'GET' && r.area !== 'admin' && r.access.otherStudent === 200);
    expect(readable.length).toBeGreaterThan(5);
    for (const route of readable) {
      const { res } = await call(route, 'otherStudent');
      expect([route.path, res.status]).toEqual([route.path, 200]);
      expect(res.text).not.toContain(student.user.email);
    }
    const own = await client.send({
      method: 'GET',
      path: '/api/progress/starter',
      headers: { cookie: await f.cookieFor(f.id.otherStudent.user) },
    });
    expect((own.json as { completedModules: number[] }).completedModules).toEqual([]);
  });
});
