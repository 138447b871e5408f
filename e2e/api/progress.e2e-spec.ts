import { CoursesService } from '../../backend/src/catalog/courses.service';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Progress } from '../../backend/src/access/entities/progress.entity';
import { loginAs, startTestApp, TestApp } from './support/test-app';

describe('progress: GET /api/progress/:courseId, POST …/modules/:moduleId/complete, PUT …/current', () => {
  let t: TestApp;
  let starterIds: number[];
  let foundationIds: number[];
  beforeAll(async () => {
    t = await startTestApp();
    const ids = async (courseId: string) =>
      (await t.ds.getRepository(CourseModule).find({ where: { courseId }, order: { position: 'ASC' } })).map((m) => m.id);
    starterIds = await ids('starter');
    foundationIds = await ids('foundation');
  });
  afterAll(() => t.close());

  const rowOf = (userId: number, courseId: string) => t.ds.getRepository(Progress).findOneBy({ userId, courseId });

  it('anonymous → 401 on every progress endpoint, nothing written', async () => {
    const a = await t.http().get('/api/progress/starter').expect(401);
    expect(a.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    await t.http().post(`/api/progress/starter/modules/${starterIds[0]}/complete`).send({}).expect(401);
    await t.http().put('/api/progress/starter/current').send({ currentModule: 1 }).expect(401);
    expect(await t.ds.getRepository(Progress).count()).toBe(0);
  });

  it('starter: any signed-in user starts empty, completes a module, moves on; lastUpdated kept', async () => {
    const { agent, user } = await loginAs(t);
    const empty = await agent.get('/api/progress/starter').expect(200);
    expect(empty.body).toEqual({ courseId: 'starter', completedModules: [], currentModule: 0, lastUpdated: null });

    const done = await agent.post(`/api/progress/starter/modules/${starterIds[1]}/complete`).send({}).expect(200);
    expect(done.body).toMatchObject({ courseId: 'starter', completedModules: [starterIds[1]], currentModule: 0 });
    expect(new Date(done.body.lastUpdated).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const moved = await agent.put('/api/progress/starter/current').send({ currentModule: 2 }).expect(200);
    expect(moved.body).toMatchObject({ completedModules: [starterIds[1]], currentModule: 2 });
    expect(moved.body.lastUpdated >= done.body.lastUpdated).toBe(true);

    const again = await agent.get('/api/progress/starter').expect(200);
    expect(again.body).toEqual(moved.body);
    const row = await rowOf(user.id, 'starter');
    expect(row).toMatchObject({ completedModules: [starterIds[1]], currentModule: 2 });
  });

  it('completing a module twice changes nothing (same list, same lastUpdated)', async () => {
    const { agent, user } = await loginAs(t);
    const first = await agent.post(`/api/progress/starter/modules/${starterIds[0]}/complete`).send({}).expect(200);
    await new Promise((r) => setTimeout(r, 20));
    const second = await agent.post(`/api/progress/starter/modules/${starterIds[0]}/complete`).send({}).expect(200);
    expect(second.body).toEqual(first.body);
    expect((await rowOf(user.id, 'starter'))!.completedModules).toEqual([starterIds[0]]);
    expect(await t.ds.getRepository(Progress).countBy({ userId: user.id })).toBe(1);
  });

  it('concurrent completions all land in the one row (no lost update, no duplicate row)', async () => {
    const { agent, user } = await loginAs(t);
    const results = await Promise.all([
      ...starterIds.map((id) => agent.post(`/api/progress/starter/modules/${id}/complete`).send({})),
      ...starterIds.map((id) => agent.post(`/api/progress/starter/modules/${id}/complete`).send({})),
      agent.put('/api/progress/starter/current').send({ currentModule: 3 }),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await t.ds.getRepository(Progress).countBy({ userId: user.id, courseId: 'starter' })).toBe(1);
    const res = await agent.get('/api/progress/starter').expect(200);
    expect(res.body.completedModules).toEqual([...starterIds].sort((a, b) => a - b));
    expect(res.body.currentModule).toBe(3);
  });

  it('a paid course: not owned → 403 on every endpoint; owned → saved, and it survives a new login', async () => {
    const stranger = await loginAs(t, { courses: ['kryptovaluta'] });
    const denied = await stranger.agent.get('/api/progress/foundation').expect(403);
    expect(denied.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    await stranger.agent.post(`/api/progress/foundation/modules/${foundationIds[0]}/complete`).send({}).expect(403);
    await stranger.agent.put('/api/progress/foundation/current').send({ currentModule: 1 }).expect(403);
    expect(await rowOf(stranger.user.id, 'foundation')).toBeNull();

    const owner = await loginAs(t, { courses: ['foundation'] });
    await owner.agent.post(`/api/progress/foundation/modules/${foundationIds[0]}/complete`).send({}).expect(200);
    await owner.agent.put('/api/progress/foundation/current').send({ currentModule: 1 }).expect(200);

    const again = t.agent();
    await again.post('/api/auth/login').send({ email: owner.user.email, password: owner.password }).expect(200);
    const res = await again.get('/api/progress/foundation').expect(200);
    expect(res.body).toMatchObject({ courseId: 'foundation', completedModules: [foundationIds[0]], currentModule: 1 });
  });

  it('unknown course → 404; a module of another course → 404; a bad module id → 400; nothing written', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    const unknown = await agent.get('/api/progress/nope').expect(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'Kurs ikke funnet' });
    await agent.post(`/api/progress/nope/modules/${starterIds[0]}/complete`).send({}).expect(404);

    const other = await agent.post(`/api/progress/foundation/modules/${starterIds[0]}/complete`).send({}).expect(404);
    expect(other.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Modulen finnes ikke i dette kurset' });
    await agent.post('/api/progress/foundation/modules/999999/complete').send({}).expect(404);

    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '01', '99999999999', '%20']) {
      const res = await agent.post(`/api/progress/foundation/modules/${bad}/complete`).send({});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Ugyldig modul-id' });
    }
    expect(await rowOf(user.id, 'foundation')).toBeNull();
  });

  it('PUT current validates 0..modules-1 and its body; nothing written on a rejection', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    await agent.put('/api/progress/foundation/current').send({ currentModule: 1 }).expect(200);
    const before = await rowOf(user.id, 'foundation');
    const cases: Array<[unknown, string]> = [
      [{ currentModule: foundationIds.length }, 'Ugyldig modul'],
      [{ currentModule: -1 }, 'Ugyldig modul'],
      [{ currentModule: 0.5 }, 'Modulnummeret må være et heltall'],
      [{ currentModule: '1' }, 'Modulnummeret må være et heltall'],
      [{}, 'Modulnummer er påkrevd'],
      [{ currentModule: null }, 'Modulnummer er påkrevd'],
      [{ currentModule: 0, userId: 1 }, 'Ukjent felt: userId'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.put('/api/progress/foundation/current').send(body as object);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message });
    }
    await agent.put('/api/progress/foundation/current').set('Content-Type', 'application/json').send('[1,').expect(400);
    const after = await rowOf(user.id, 'foundation');
    expect(after).toEqual(before);
  });

  it("another user's progress is unreachable: each sees only their own", async () => {
    const a = await loginAs(t, { courses: ['foundation'] });
    const b = await loginAs(t, { courses: ['foundation'] });
    await a.agent.post(`/api/progress/foundation/modules/${foundationIds[1]}/complete`).send({}).expect(200);
    await a.agent.put('/api/progress/foundation/current').send({ currentModule: 1 }).expect(200);
    const seenByB = await b.agent.get('/api/progress/foundation').expect(200);
    expect(seenByB.body).toEqual({ courseId: 'foundation', completedModules: [], currentModule: 0, lastUpdated: null });
    await b.agent.get(`/api/progress/foundation?userId=${a.user.id}`).expect(200, seenByB.body);
    await b.agent.post(`/api/progress/foundation/modules/${foundationIds[0]}/complete`).send({}).expect(200);
    const seenByA = await a.agent.get('/api/progress/foundation').expect(200);
    expect(seenByA.body.completedModules).toEqual([foundationIds[1]]);
  });

  it('a module taken out of the course drops out of the answer; the current index stays within the course', async () => {
    const { agent } = await loginAs(t, { courses: ['foundation'] });
    // The last module: completed and current, then taken out.
    const last = foundationIds.length - 1;
    await agent.post(`/api/progress/foundation/modules/${foundationIds[last]}/complete`).send({}).expect(200);
    await agent.put('/api/progress/foundation/current').send({ currentModule: last }).expect(200);
    await t.ds.getRepository(CourseModule).update({ id: foundationIds[last] }, { published: false });
    t.app.get(CoursesService).invalidate();
    try {
      const res = await agent.get('/api/progress/foundation').expect(200);
      expect(res.body).toMatchObject({ completedModules: [], currentModule: last - 1 });
      await agent.post(`/api/progress/foundation/modules/${foundationIds[last]}/complete`).send({}).expect(404);
    } finally {
      await t.ds.getRepository(CourseModule).update({ id: foundationIds[last] }, { published: true });
      t.app.get(CoursesService).invalidate();
    }
  });

  it('an admin may track any course', async () => {
    const { agent } = await loginAs(t, { role: 'admin' });
    await agent.post(`/api/progress/foundation/modules/${foundationIds[0]}/complete`).send({}).expect(200);
    const res = await agent.get('/api/progress/foundation').expect(200);
    expect(res.body.completedModules).toEqual([foundationIds[0]]);
  });

  describe('POST /api/progress/starter/merge (Starter progress kept in the browser while signed out)', () => {
    const merge = (agent: ReturnType<TestApp['agent']>, body: object) => agent.post('/api/progress/starter/merge').send(body);

    it('needs a session; nothing written without one', async () => {
      const res = await t
        .http()
        .post('/api/progress/starter/merge')
        .send({ completedModules: [starterIds[0]], currentModule: 1 })
        .expect(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('a first merge stores the browser’s progress; unknown module ids are ignored', async () => {
      const { agent, user } = await loginAs(t);
      const res = await merge(agent, {
        completedModules: [starterIds[2], starterIds[0], 999_999, foundationIds[0]],
        currentModule: 2,
      }).expect(200);
      expect(res.body).toMatchObject({
        courseId: 'starter',
        completedModules: [starterIds[0], starterIds[2]],
        currentModule: 2,
      });
      expect(await rowOf(user.id, 'starter')).toMatchObject({
        completedModules: [starterIds[0], starterIds[2]],
        currentModule: 2,
      });
      expect(
        await agent
          .get('/api/progress/starter')
          .expect(200)
          .then((r) => r.body),
      ).toEqual(res.body);
    });

    it('merges into what the server has: the union of completed modules and the furthest current module; a repeat changes nothing', async () => {
      const { agent, user } = await loginAs(t);
      await agent.post(`/api/progress/starter/modules/${starterIds[1]}/complete`).send({}).expect(200);
      await agent.put('/api/progress/starter/current').send({ currentModule: 3 }).expect(200);

      const merged = await merge(agent, { completedModules: [starterIds[0]], currentModule: 1 }).expect(200);
      expect(merged.body).toMatchObject({ completedModules: [starterIds[0], starterIds[1]], currentModule: 3 });

      await new Promise((r) => setTimeout(r, 20));
      const again = await merge(agent, { completedModules: [starterIds[0]], currentModule: 1 }).expect(200);
      expect(again.body).toEqual(merged.body);

      const further = await merge(agent, { completedModules: [], currentModule: 99 }).expect(200);
      expect(further.body).toMatchObject({
        completedModules: [starterIds[0], starterIds[1]],
        currentModule: starterIds.length - 1,
      });
      expect(await t.ds.getRepository(Progress).countBy({ userId: user.id })).toBe(1);
    });

    it('validates the body: a list of module ids and a module index', async () => {
      const { agent, user } = await loginAs(t);
      for (const body of [
        {},
        { completedModules: 'alt', currentModule: 0 },
        { completedModules: [1.5], currentModule: 0 },
        { completedModules: [-1], currentModule: 0 },
        { completedModules: [], currentModule: -1 },
        { completedModules: [], currentModule: '1' },
        { completedModules: Array.from({ length: 101 }, (_, i) => i + 1), currentModule: 0 },
        { completedModules: [], currentModule: 0, courseId: 'foundation' },
      ]) {
        const res = await merge(agent, body).expect(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      expect(await rowOf(user.id, 'starter')).toBeNull();
      // Only Starter is kept in the browser, so only Starter merges.
      await agent
        .post('/api/progress/foundation/merge')
        .send({ completedModules: [foundationIds[0]], currentModule: 0 })
        .expect(404);
    });
  });
});
