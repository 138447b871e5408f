import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { adminAgent, createUser, insertLead, insertOrder, loginAs, uniqueEmail } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

describe('admin API: students and course grants', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const me = async (agent: TestAgent) => (await agent.get('/api/auth/me').expect(200)).body.courses as string[];
  const studentCount = async () => (await t.http().get('/api/catalog').expect(200)).body.studentCount as number;

  it('a grant shows in the student’s /api/auth/me at once; revoking takes it away at once', async () => {
    const { agent: student, user } = await loginAs(t);
    expect(await me(student)).toEqual([]);
    const before = await studentCount();

    const res = await admin
      .post(`/api/admin/users/${user.id}/grants`)
      .send({ courseId: 'kryptovaluta', note: 'Gave fra mentor' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id,
      courseId: 'kryptovaluta',
      source: 'manual',
      note: 'Gave fra mentor',
      grantedBy: adminId,
      active: true,
      revokedAt: null,
    });
    expect(await me(student)).toEqual(['kryptovaluta']);
    expect(await studentCount()).toBe(before + 1);
    await student.get('/api/courses/kryptovaluta').expect(200);

    const revoked = await admin.delete(`/api/admin/grants/${res.body.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    expect(revoked.body).toMatchObject({ id: res.body.id, active: false, revokedBy: adminId, revokedAt: expect.any(String) });
    expect(await me(student)).toEqual([]);
    expect(await studentCount()).toBe(before);
    await student.get('/api/courses/kryptovaluta').expect(403);

    // Revoking again changes nothing (idempotent) and writes no second audit row.
    await admin.delete(`/api/admin/grants/${res.body.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    const audit = await t.ds
      .getRepository(AuditLog)
      .find({ where: { entity: 'grant', entityId: String(res.body.id) }, order: { id: 'ASC' } });
    expect(audit.map((a) => a.action)).toEqual(['grant.create', 'grant.revoke']);
    expect(audit[0]).toMatchObject({ actorId: adminId, before: null, after: { courseId: 'kryptovaluta', active: true } });
    expect(audit[1]).toMatchObject({ before: { active: true, revokedAt: null }, after: { active: false, revokedBy: adminId } });

    // After a revoke the course can be granted again.
    await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'kryptovaluta' }).expect(201);
    expect(await me(student)).toEqual(['kryptovaluta']);
  });

  it('granting a course the student already has is 409 ALREADY_OWNED; bad input is 4xx and writes nothing', async () => {
    const user = await createUser(t, { courses: ['foundation'] });
    const dup = await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'foundation' }).expect(409);
    expect(dup.body).toEqual({ statusCode: 409, code: 'ALREADY_OWNED', message: 'Eleven har allerede tilgang til dette kurset' });
    const unknown = await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'ukjent-kurs' }).expect(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Ukjent kurs' });
    await admin.post(`/api/admin/users/${user.id}/grants`).send({}).expect(400);
    await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'accelerator', source: 'purchase' }).expect(400);
    await admin
      .post(`/api/admin/users/${user.id}/grants`)
      .send({ courseId: 'accelerator', note: 'x'.repeat(501) })
      .expect(400);
    const noUser = await admin.post('/api/admin/users/999999/grants').send({ courseId: 'accelerator' }).expect(404);
    expect(noUser.body.message).toBe('Fant ikke eleven');
    await admin.delete('/api/admin/grants/999999').set('X-Requested-With', 'XMLHttpRequest').expect(404);
    expect(await t.ds.getRepository(Grant).countBy({ userId: user.id })).toBe(1);
  });

  it('two grants of one course at the same time end in one active grant', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'accelerator' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.ds.getRepository(Grant).countBy({ userId: user.id, courseId: 'accelerator' })).toBe(1);
  });

  it('POST /api/admin/users creates a passwordless student with a 7-day one-time sign-in link', async () => {
    const email = uniqueEmail('ny');
    await insertLead(t, { email, trafficSource: 'D' });
    const res = await admin
      .post('/api/admin/users')
      .send({ email: `  ${email.toUpperCase()} ` })
      .expect(201);
    expect(res.body).toMatchObject({ email, role: 'student', passwordSet: false, courses: [] });
    expect(res.body.loginUrl).toMatch(/^http:\/\/localhost:3000\/auto-login#token=[A-Za-z0-9_-]{20,}$/);
    const expires = Date.parse(res.body.loginUrlExpiresAt) - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000);

    // The link signs the student in once.
    const token = new URLSearchParams(new URL(res.body.loginUrl).hash.slice(1)).get('token');
    const student = t.agent();
    await student.post('/api/auth/token-login').send({ token }).expect(200);
    expect((await student.get('/api/auth/me').expect(200)).body).toMatchObject({ email, passwordSet: false });
    await t.agent().post('/api/auth/token-login').send({ token }).expect(401);

    // The student's earlier lead is linked to the new account; the creation is audited.
    const detail = await admin.get(`/api/admin/users/${res.body.id}`).expect(200);
    expect(detail.body.leads).toEqual([expect.objectContaining({ email, userId: res.body.id, hasAccount: true })]);
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'user.create', entityId: String(res.body.id) });
    expect(audit).toMatchObject({ actorId: adminId, before: null, after: { email, role: 'student' } });
    expect(JSON.stringify(audit.after)).not.toContain('passwordHash');

    const again = await admin.post('/api/admin/users').send({ email }).expect(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'Det finnes allerede en konto med denne e-postadressen' });
    const users = await t.ds.getRepository(User).count();
    await admin.post('/api/admin/users').send({ email: 'ikke-en-epost' }).expect(400);
    await admin.post('/api/admin/users').send({ email: uniqueEmail(), role: 'admin' }).expect(400);
    expect(await t.ds.getRepository(User).count()).toBe(users);
  });

  it('GET /api/admin/users/:id shows grants, orders, progress per course and attribution', async () => {
    const { agent: student, user } = await loginAs(t, { courses: ['foundation'] });
    await t.ds.getRepository(User).update({ id: user.id }, { attribution: { trafficSource: 'B', utmCampaign: 'vår' } });
    await insertOrder(t, { email: user.email, userId: user.id, courseId: 'foundation', status: 'paid' });
    const modules = await t.ds
      .getRepository(CourseModule)
      .find({ where: { courseId: 'foundation' }, order: { position: 'ASC' } });
    await student
      .post(`/api/progress/foundation/modules/${modules[0].id}/complete`)
      .send({})
      .expect((r) => {
        if (r.status >= 300) throw new Error(`progress: ${r.status} ${JSON.stringify(r.body)}`);
      });

    const res = await admin.get(`/api/admin/users/${user.id}`).expect(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'student',
      passwordSet: true,
      courses: ['foundation'],
      trafficSource: 'B',
      attribution: { trafficSource: 'B', utmCampaign: 'vår' },
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body.grants).toEqual([expect.objectContaining({ courseId: 'foundation', active: true })]);
    expect(res.body.orders).toEqual([
      expect.objectContaining({
        courseId: 'foundation',
        status: 'paid',
        amountOre: 199700,
        withinGuarantee: true,
        daysSincePurchase: 0,
      }),
    ]);
    expect(res.body.progress).toEqual([
      expect.objectContaining({
        courseId: 'foundation',
        completed: 1,
        total: modules.length,
        percent: Math.round(100 / modules.length),
      }),
    ]);
    await admin.get('/api/admin/users/999999').expect(404);
  });
});
