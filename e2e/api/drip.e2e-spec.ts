import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Progress } from '../../backend/src/access/entities/progress.entity';
import { adminAgent } from './admin-helpers';
import { createUser, loginAs, startTestApp, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const START = new Date('2026-03-01T10:00:00.000Z');
const SECRET_VIDEO = 'dQw4w9WgXcQ';
const SECRET_TEXT = 'Hemmelig innhold som åpnes etter en uke';

describe('drip release: modules that open some days after the grant', () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let first: CourseModule;
  let dripped: CourseModule;

  beforeAll(async () => {
    clock = new ManualClock(START);
    t = await startTestApp({}, { clock });
    admin = await adminAgent(t);
    [first, dripped] = await t.ds
      .getRepository(CourseModule)
      .find({ where: { courseId: 'foundation' }, order: { position: 'ASC' } });
    const res = await admin.agent
      .patch(`/api/admin/modules/${dripped.id}`)
      .send({ releaseAfterDays: 7, videoId: SECRET_VIDEO, description: SECRET_TEXT, topics: ['Skjult tema'] })
      .expect(200);
    expect(res.body).toMatchObject({ id: dripped.id, releaseAfterDays: 7, videoId: SECRET_VIDEO });
  });
  afterAll(() => t.close());

  /** A signed-in student whose Foundation grant was made at the clock's current time. */
  async function student() {
    const s = await loginAs(t);
    const res = await t.ds
      .getRepository(Grant)
      .insert({ userId: s.user.id, courseId: 'foundation', source: 'manual', grantedAt: clock.now() });
    return { ...s, grantId: Number(res.identifiers[0].id) };
  }

  it('the admin sets releaseAfterDays through /api/admin/modules/:id (audited, validated)', async () => {
    const got = await admin.agent.get(`/api/admin/modules/${dripped.id}`).expect(200);
    expect(got.body.releaseAfterDays).toBe(7);
    expect((await admin.agent.get(`/api/admin/modules/${first.id}`).expect(200)).body.releaseAfterDays).toBe(0);
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'module.update', entityId: String(dripped.id) });
    expect(audit.after).toMatchObject({ releaseAfterDays: 7 });
    for (const bad of [-1, 1.5, 'sju', 4000]) {
      const res = await admin.agent.patch(`/api/admin/modules/${dripped.id}`).send({ releaseAfterDays: bad }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const list = await admin.agent
      .get('/api/admin/modules')
      .query({ filter: JSON.stringify({ id: [dripped.id] }) })
      .expect(200);
    expect(list.body[0].releaseAfterDays).toBe(7);
  });

  it('before the release: locked with releaseAt, no description, topics or video id sent; completing it is refused', async () => {
    const s = await student();
    const res = await s.agent.get('/api/courses/foundation').expect(200);
    const [open, locked] = res.body.modules;
    expect(open).toMatchObject({ id: first.id, locked: false, releaseAt: null });
    expect(open.description).not.toBe('');
    expect(locked).toMatchObject({
      id: dripped.id,
      title: dripped.title,
      locked: true,
      releaseAt: new Date(START.getTime() + 7 * DAY).toISOString(),
      description: '',
      topics: [],
      videoId: null,
      hasVideo: false,
    });
    expect(res.text).not.toContain(SECRET_VIDEO);
    expect(res.text).not.toContain(SECRET_TEXT);
    expect(res.text).not.toContain('Skjult tema');

    const refused = await s.agent.post(`/api/progress/foundation/modules/${dripped.id}/complete`).send({}).expect(409);
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'MODULE_LOCKED' });
    expect(refused.body.message).toContain('8. mars 2026');
    expect(await t.ds.getRepository(Progress).findOneBy({ userId: s.user.id, courseId: 'foundation' })).toBeNull();

    // The open module completes; the course is then half done, not done.
    const done = await s.agent.post(`/api/progress/foundation/modules/${first.id}/complete`).send({}).expect(200);
    expect(done.body.completedModules).toEqual([first.id]);
    // Moving to the locked module is allowed (the player shows it locked).
    await s.agent.put('/api/progress/foundation/current').send({ currentModule: 1 }).expect(200);
  });

  it('an admin (no grant) sees every module open', async () => {
    const res = await admin.agent.get('/api/courses/foundation').expect(200);
    expect(res.body.modules[1]).toMatchObject({ id: dripped.id, locked: false, videoId: SECRET_VIDEO, description: SECRET_TEXT });
  });

  it('the release counts from the grant on the clock: open after 7 days, then it completes', async () => {
    const s = await student();
    clock.advance(7 * DAY - 60_000);
    expect((await s.agent.get('/api/courses/foundation').expect(200)).body.modules[1].locked).toBe(true);
    await s.agent.post(`/api/progress/foundation/modules/${dripped.id}/complete`).send({}).expect(409);
    clock.advance(60_000);
    const res = await s.agent.get('/api/courses/foundation').expect(200);
    expect(res.body.modules[1]).toMatchObject({
      locked: false,
      videoId: SECRET_VIDEO,
      description: SECRET_TEXT,
      topics: ['Skjult tema'],
    });
    expect(res.body.modules[1].releaseAt).toBe(new Date(clock.now().getTime()).toISOString());
    await s.agent.post(`/api/progress/foundation/modules/${first.id}/complete`).send({}).expect(200);
    const done = await s.agent.post(`/api/progress/foundation/modules/${dripped.id}/complete`).send({}).expect(200);
    expect(done.body.completedModules).toEqual([first.id, dripped.id].sort((a, b) => a - b));
  });

  it('the admin releases everything early for one student (per grant, audited once); others stay locked', async () => {
    const s = await student();
    const other = await student();
    expect((await s.agent.get('/api/courses/foundation').expect(200)).body.modules[1].locked).toBe(true);

    const res = await admin.agent.post(`/api/admin/grants/${s.grantId}/release`).send({}).expect(200);
    expect(res.body).toMatchObject({ id: s.grantId, releasedEarlyAt: clock.now().toISOString() });
    await admin.agent.post(`/api/admin/grants/${s.grantId}/release`).send({}).expect(200);
    expect(await t.ds.getRepository(AuditLog).countBy({ action: 'grant.release', entityId: String(s.grantId) })).toBe(1);

    const mine = await s.agent.get('/api/courses/foundation').expect(200);
    expect(mine.body.modules[1]).toMatchObject({ locked: false, videoId: SECRET_VIDEO });
    await s.agent.post(`/api/progress/foundation/modules/${dripped.id}/complete`).send({}).expect(200);
    const theirs = await other.agent.get('/api/courses/foundation').expect(200);
    expect(theirs.body.modules[1].locked).toBe(true);
    expect(theirs.text).not.toContain(SECRET_VIDEO);

    const detail = await admin.agent.get(`/api/admin/users/${s.user.id}`).expect(200);
    expect(detail.body.grants.find((g: { id: number }) => g.id === s.grantId).releasedEarlyAt).toBe(clock.now().toISOString());
  });

  it('only admins release early; an unknown grant is 404', async () => {
    const s = await student();
    await s.agent.post(`/api/admin/grants/${s.grantId}/release`).send({}).expect(403);
    await t.http().post(`/api/admin/grants/${s.grantId}/release`).set('x-requested-with', 'XMLHttpRequest').expect(401);
    await admin.agent.post('/api/admin/grants/999999/release').send({}).expect(404);
    expect((await t.ds.getRepository(Grant).findOneByOrFail({ id: s.grantId })).releasedEarlyAt).toBeNull();
  });

  it('a revoked grant does not count: a new grant starts the wait again', async () => {
    const u = await createUser(t);
    const old = new Date(clock.now().getTime() - 30 * DAY);
    await t.ds
      .getRepository(Grant)
      .insert({ userId: u.id, courseId: 'foundation', source: 'manual', grantedAt: old, revokedAt: old });
    await t.ds.getRepository(Grant).insert({ userId: u.id, courseId: 'foundation', source: 'manual', grantedAt: clock.now() });
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email: u.email, password: 'hemmelig123' }).expect(200);
    expect((await agent.get('/api/courses/foundation').expect(200)).body.modules[1].locked).toBe(true);
  });
});
