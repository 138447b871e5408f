import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type TestAgent from 'supertest/lib/agent';
import { AdminModule } from '../../backend/src/admin/admin.module';
import { LiveModule } from '../../backend/src/live/live.module';
import { MarketingModule } from '../../backend/src/marketing/marketing.module';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { Partner } from '../../backend/src/partners/entities/partner.entity';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every admin route, with a body a real admin request would send. */
const ROUTES: Array<[Method, string, Record<string, unknown>?]> = [
  ['GET', '/api/admin/leads'],
  ['GET', '/api/admin/leads/export.csv'],
  ['GET', '/api/admin/leads/1'],
  ['PUT', '/api/admin/leads/1', { contacted: true }],
  ['PATCH', '/api/admin/leads/1', { note: 'Ringt' }],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/1'],
  ['POST', '/api/admin/users', { email: 'ny-elev@example.no' }],
  ['POST', '/api/admin/users/1/grants', { courseId: 'kryptovaluta' }],
  ['POST', '/api/admin/users/1/subscription/stop-renewal'],
  ['DELETE', '/api/admin/grants/1'],
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders/1'],
  ['POST', '/api/admin/orders/1/refund', { reason: 'Angret' }],
  ['GET', '/api/admin/reports/sales'],
  ['GET', '/api/admin/reports/sales.csv'],
  ['POST', '/api/admin/fiken/postings/1/retry'],
  ['POST', '/api/admin/fiken/backfill'],
  ['GET', '/api/admin/courses'],
  ['GET', '/api/admin/courses/foundation'],
  ['PUT', '/api/admin/courses/foundation', { title: 'Hacket' }],
  ['PATCH', '/api/admin/courses/foundation', { title: 'Hacket' }],
  ['GET', '/api/admin/modules'],
  ['GET', '/api/admin/modules/1'],
  ['POST', '/api/admin/modules', { courseId: 'starter', title: 'Ny modul' }],
  ['PUT', '/api/admin/modules/1', { title: 'Hacket' }],
  ['PATCH', '/api/admin/modules/1', { title: 'Hacket' }],
  ['DELETE', '/api/admin/modules/1'],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings', { videoOverlayText: 'Hacket' }],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/audit-log'],
  ['GET', '/api/admin/audit-log/1'],
  ['GET', '/api/admin/outbox'],
  ['GET', '/api/admin/outbox/1'],
  ['POST', '/api/admin/outbox/1/resend'],
  ['POST', '/api/admin/grants/1/release'],
  ['POST', '/api/admin/grants/1/mentorship', { days: 30 }],
  ['GET', '/api/admin/campaign-codes'],
  ['GET', '/api/admin/campaign-codes/1'],
  ['POST', '/api/admin/campaign-codes', { code: 'HACKET', percentOff: 90, courseIds: ['foundation'] }],
  ['PUT', '/api/admin/campaign-codes/1', { percentOff: 90 }],
  ['PATCH', '/api/admin/campaign-codes/1', { percentOff: 90 }],
  ['DELETE', '/api/admin/campaign-codes/1'],
  ['GET', '/api/admin/certificates'],
  ['GET', '/api/admin/certificates/1'],
  ['POST', '/api/admin/certificates/1/revoke'],
  ['GET', '/api/admin/broadcasts'],
  ['GET', '/api/admin/broadcasts/1'],
  ['GET', '/api/admin/broadcasts/1/preview'],
  ['POST', '/api/admin/broadcasts/count', { segment: 'all' }],
  ['POST', '/api/admin/broadcasts/preview', { subject: 'Hei', body: 'Tekst' }],
  ['POST', '/api/admin/broadcasts', { subject: 'Hei', body: 'Tekst', segment: 'all' }],
  ['PUT', '/api/admin/broadcasts/1', { subject: 'Hacket' }],
  ['PATCH', '/api/admin/broadcasts/1', { subject: 'Hacket' }],
  ['POST', '/api/admin/broadcasts/1/test', { email: 'ute@example.no' }],
  ['POST', '/api/admin/broadcasts/1/send', {}],
  ['POST', '/api/admin/broadcasts/1/cancel'],
  ['GET', '/api/admin/sequences'],
  ['GET', '/api/admin/sequences/1'],
  ['POST', '/api/admin/sequences', { name: 'Ny', trigger: 'lead', steps: [] }],
  ['PUT', '/api/admin/sequences/1', { name: 'Hacket' }],
  ['PATCH', '/api/admin/sequences/1', { active: false }],
  ['GET', '/api/admin/live-sessions'],
  ['GET', '/api/admin/live-sessions/1'],
  ['POST', '/api/admin/live-sessions', { title: 'Hacket', startsAt: '2030-01-01T18:00', durationMinutes: 60 }],
  ['PUT', '/api/admin/live-sessions/1', { title: 'Hacket' }],
  ['PATCH', '/api/admin/live-sessions/1', { title: 'Hacket' }],
  ['DELETE', '/api/admin/live-sessions/1'],
  ['POST', '/api/admin/modules/1/video-upload', {}],
  ['GET', '/api/admin/modules/1/captions'],
  ['PUT', '/api/admin/modules/1/captions', { vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHacket\n', approved: true }],
  ['GET', '/api/admin/modules/1/quiz'],
  ['PUT', '/api/admin/modules/1/quiz', { passPercent: 50, questions: [] }],
  ['DELETE', '/api/admin/modules/1/quiz'],
  ['GET', '/api/admin/questions'],
  ['GET', '/api/admin/questions/1'],
  ['POST', '/api/admin/questions/1/answer', { body: 'Hacket' }],
  ['PATCH', '/api/admin/questions/1', { hidden: true }],
  ['DELETE', '/api/admin/questions/1'],
  ['GET', '/api/admin/mentor-threads'],
  ['GET', '/api/admin/mentor-threads/1'],
  ['POST', '/api/admin/mentor-threads/1/messages', { body: 'Hacket' }],
  ['PATCH', '/api/admin/mentor-threads/1', { status: 'lukket' }],
  ['GET', '/api/admin/users/1/discord'],
  ['POST', '/api/admin/users/1/discord/sync', {}],
  ['DELETE', '/api/admin/leads/1'],
  ['POST', '/api/admin/leads/contacted', { ids: [1], contacted: true }],
  ['GET', '/api/admin/campaign-codes/1/orders'],
  ['GET', '/api/admin/orders/export.csv'],
  ['GET', '/api/admin/users/export.csv'],
  ['GET', '/api/admin/work-queue'],
  ['GET', '/api/admin/payment-reviews'],
  ['POST', '/api/admin/payment-reviews/1/resolve', {}],
  ['PATCH', '/api/admin/users/1', { firstName: 'Hacket' }],
  ['POST', '/api/admin/users/1/signin-link', {}],
  ['POST', '/api/admin/users/bulk-grant', { userIds: [1], courseId: 'kryptovaluta' }],
  ['POST', '/api/admin/grants/1/membership', { days: 30 }],
  ['POST', '/api/admin/grants/1/membership/end', {}],
  ['GET', '/api/admin/status'],
  ['POST', '/api/admin/status/run', {}],
  ['GET', '/api/admin/partners'],
  ['GET', '/api/admin/partners/1'],
  ['POST', '/api/admin/partners', { name: 'Hacker', email: 'hacker@example.no', commissionPercent: 90, codes: ['HACKET'] }],
  ['DELETE', '/api/admin/partners/1'],
  ['POST', '/api/admin/partners/1/payouts', { paidAt: '2026-11-29', reference: 'Hacket' }],
  ['GET', '/api/admin/partner-payouts'],
];

/** Rows of three (jest would take a missing third value for a `done` callback). */
const CASES = ROUTES.map(([m, p, b]) => [m, p, b ?? null] as const);

/**
 * The admin routes the app really declares, read from Nest's metadata: `METHOD /path/:param`. The
 * admin module holds most; marketing and live sessions keep their admin controllers beside their domain.
 */
function declaredRoutes(): string[] {
  const controllers: Function[] = [AdminModule, MarketingModule, LiveModule]
    .flatMap((m) => Reflect.getMetadata('controllers', m) as Function[])
    .filter((c) => String(Reflect.getMetadata(PATH_METADATA, c)).startsWith('api/admin'));
  const out: string[] = [];
  for (const c of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, c));
    for (const name of Object.getOwnPropertyNames(c.prototype)) {
      const fn = c.prototype[name];
      if (name === 'constructor' || typeof fn !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, fn);
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as number];
      out.push(`${method} /${[base, path].filter((p) => p && p !== '/').join('/')}`);
    }
  }
  return out.sort();
}

function call(agent: TestAgent, method: Method, path: string, body?: Record<string, unknown> | null) {
  const req = agent[method.toLowerCase() as 'get'](path).set('X-Requested-With', 'XMLHttpRequest');
  return method === 'GET' || method === 'DELETE' ? req : req.send(body ?? {});
}

describe('admin API: access', () => {
  let t: TestApp;
  let student: TestAgent;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: student } = await loginAs(t, { courses: ['foundation'] }));
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  it('the table names every route the admin module declares', () => {
    const table = ROUTES.map(([m, p]) => `${m} ${p.replace(/\/(\d+|foundation)(?=\/|$)/g, '/:id')}`).sort();
    expect([...new Set(table)]).toEqual(declaredRoutes());
  });

  it.each(CASES)('%s %s answers 401 without a session', async (method, path, body) => {
    const res = await call(t.http(), method, path, body);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it.each(CASES)('%s %s answers 403 to a student', async (method, path, body) => {
    const res = await call(student, method, path, body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
  });

  it('the refused requests wrote nothing', async () => {
    expect(await t.ds.getRepository(AuditLog).count()).toBe(0);
    expect(await t.ds.getRepository(User).existsBy({ email: 'ny-elev@example.no' })).toBe(false);
    expect(await t.ds.getRepository(Partner).count()).toBe(0);
    const course = await t.http().get('/api/catalog').expect(200);
    expect(course.body.items.find((i: { id: string }) => i.id === 'foundation').title).toBe('Foundation');
  });

  it.each(CASES.filter(([m]) => m === 'GET'))('%s %s is open to the admin', async (method, path) => {
    const res = await call(admin, method, path);
    // Reads answer 200, or 404 for a record that does not exist; never 401/403.
    expect([200, 404]).toContain(res.status);
  });

  it('a session cookie that does not exist is anonymous (401), also on writes', async () => {
    const res = await t
      .http()
      .put('/api/admin/settings')
      .set('Cookie', 'sid=' + 'x'.repeat(43))
      .send({ videoOverlayText: 'Hacket' });
    expect(res.status).toBe(401);
  });
});
