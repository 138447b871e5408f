import type TestAgent from 'supertest/lib/agent';
import { QUESTIONS_PER_HOUR } from '@academy/contracts';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { LessonQuestion } from '../../backend/src/community/entities/lesson-question.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

/**
 * Questions on every lesson (issue 26): owners ask under a module and read the answers (Markdown
 * rendered safely), the mentor answers and moderates from the panel (unanswered first, audited), the
 * asker gets one mail written in the answer's transaction, a per-account limit, export and erasure.
 */
describe('lesson questions', () => {
  const clock = new ManualClock(new Date('2026-05-04T08:00:00Z'));
  let t: TestApp;
  let admin: TestAgent;
  let owner: Awaited<ReturnType<typeof loginAs>>;
  let otherOwner: Awaited<ReturnType<typeof loginAs>>;
  let stranger: Awaited<ReturnType<typeof loginAs>>;
  let modules: CourseModule[];
  let accModule: CourseModule;

  const url = (moduleId: number, courseId = 'foundation') => `/api/courses/${courseId}/modules/${moduleId}/questions`;
  const ask = (agent: TestAgent, body: unknown, moduleId = modules[0].id) => agent.post(url(moduleId)).send({ body });

  beforeAll(async () => {
    t = await startTestApp({ MAIL_POLL_INTERVAL_MS: '0' }, { clock });
    ({ agent: admin } = await adminAgent(t));
    owner = await loginAs(t, { courses: ['foundation'] });
    otherOwner = await loginAs(t, { courses: ['accelerator'] }); // Accelerator includes Foundation
    stranger = await loginAs(t, { courses: ['kryptovaluta'] });
    modules = await t.ds
      .getRepository(CourseModule)
      .find({ where: { courseId: 'foundation', published: true }, order: { position: 'ASC' } });
    accModule = await t.ds
      .getRepository(CourseModule)
      .findOneOrFail({ where: { courseId: 'accelerator', published: true }, order: { position: 'ASC' } });
  });
  afterAll(() => t.close());

  it('owners ask and read; others get 401/403/404 in the error shape; bad bodies 400', async () => {
    await t.http().get(url(modules[0].id)).expect(401);
    const forbidden = await stranger.agent.get(url(modules[0].id)).expect(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    await ask(stranger.agent, 'Hei?').expect(403);
    // A module of another course, an unknown course, a malformed module id.
    expect((await owner.agent.get(url(accModule.id)).expect(404)).body.code).toBe('NOT_FOUND');
    await owner.agent.get(url(modules[0].id, 'nope')).expect(404);
    expect((await owner.agent.get('/api/courses/foundation/modules/01/questions').expect(400)).body.code).toBe(
      'VALIDATION_FAILED',
    );

    for (const bad of ['', '   ', 42, null, 'x'.repeat(4001)]) {
      const res = await ask(owner.agent, bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(typeof res.body.message).toBe('string');
    }
    await owner.agent.post(url(modules[0].id)).send({ body: 'Hei', extra: 1 }).expect(400);

    const created = await ask(
      owner.agent,
      '  Hvordan tegner jeg **en range**? <script>alert(1)</script> [lenke](javascript:alert(1))  ',
    ).expect(201);
    expect(created.body).toMatchObject({ mine: true, pinned: false, answer: null, body: expect.stringMatching(/^Hvordan/) });
    expect(created.body.bodyHtml).toContain('<strong>en range</strong>');
    expect(created.body.bodyHtml).not.toMatch(/<script|href="javascript:/i);
    expect(created.body.bodyHtml).not.toContain('<a ');
    expect(created.body.bodyHtml).toContain('&lt;script&gt;');

    const seen = await otherOwner.agent.get(url(modules[0].id)).expect(200);
    expect(seen.headers['cache-control']).toContain('no-store');
    expect(seen.body.questions).toHaveLength(1);
    expect(seen.body.questions[0]).toMatchObject({ id: created.body.id, mine: false, askerName: 'Elev' });
    // Another module's list is its own.
    expect((await owner.agent.get(url(modules[1].id)).expect(200)).body.questions).toEqual([]);
  });

  it('the mentor sees unanswered first, answers once with one mail in the transaction, and the answer shows in the player', async () => {
    const a = (await ask(owner.agent, 'Første spørsmål', modules[1].id).expect(201)).body.id as number;
    clock.advance(60_000);
    const b = (await ask(otherOwner.agent, 'Andre spørsmål', modules[1].id).expect(201)).body.id as number;
    await t.http().get('/api/admin/questions').expect(401);
    await owner.agent.get('/api/admin/questions').expect(403);

    const answered = await admin
      .post(`/api/admin/questions/${a}/answer`)
      .send({ body: 'Se på **volumet**.\n\n- punkt' })
      .expect(200);
    expect(answered.body).toMatchObject({
      id: a,
      status: 'answered',
      answerBody: 'Se på **volumet**.\n\n- punkt',
      askerEmail: owner.user.email,
    });
    expect(answered.body.answerHtml).toContain('<strong>volumet</strong>');

    const list = await admin.get('/api/admin/questions').query({ range: '[0,99]' }).expect(200);
    expect(list.headers['content-range']).toMatch(/^questions 0-\d+\/\d+$/);
    const ids = (list.body as Array<{ id: number; status: string }>).map((q) => q.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    const statuses = (list.body as Array<{ status: string }>).map((q) => q.status);
    expect(statuses.lastIndexOf('unanswered')).toBeLessThan(statuses.indexOf('answered'));
    const open = await admin
      .get('/api/admin/questions')
      .query({ filter: JSON.stringify({ status: 'unanswered' }) })
      .expect(200);
    expect((open.body as Array<{ id: number }>).map((q) => q.id)).toContain(b);
    expect((open.body as Array<{ id: number }>).map((q) => q.id)).not.toContain(a);
    await admin
      .get('/api/admin/questions')
      .query({ filter: JSON.stringify({ status: 'maybe' }) })
      .expect(400);

    // Editing the answer mails nothing more.
    await admin.post(`/api/admin/questions/${a}/answer`).send({ body: 'Se på volumet og strukturen.' }).expect(200);
    const mails = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'question_answered', toAddress: owner.user.email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Foundation');
    expect(mails[0].html).toContain('volumet');
    expect(mails[0].textBody).toContain('/course/foundation');

    const player = await owner.agent.get(url(modules[1].id)).expect(200);
    const mine = (player.body.questions as Array<{ id: number; answer: { body: string; html: string } | null }>).find(
      (q) => q.id === a,
    )!;
    expect(mine.answer).toMatchObject({ body: 'Se på volumet og strukturen.' });

    const audit = await t.ds.getRepository(AuditLog).findBy({ entity: 'lesson_question', entityId: String(a) });
    expect(audit.map((r) => r.action).sort()).toEqual(['question.answer', 'question.answer_edit']);

    for (const bad of [{}, { body: '' }, { body: 7 }]) await admin.post(`/api/admin/questions/${a}/answer`).send(bad).expect(400);
    expect((await admin.post('/api/admin/questions/999999/answer').send({ body: 'x' }).expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('moderation: pinned first, hidden gone from the player, delete removes it; all audited', async () => {
    const mod = modules[2].id;
    const first = (await ask(owner.agent, 'Gammelt spørsmål', mod).expect(201)).body.id as number;
    clock.advance(60_000);
    const second = (await ask(owner.agent, 'Nytt spørsmål', mod).expect(201)).body.id as number;
    let shown = (await owner.agent.get(url(mod)).expect(200)).body.questions as Array<{ id: number }>;
    expect(shown.map((q) => q.id)).toEqual([second, first]);

    expect((await admin.patch(`/api/admin/questions/${first}`).send({ pinned: true }).expect(200)).body.pinned).toBe(true);
    shown = (await owner.agent.get(url(mod)).expect(200)).body.questions;
    expect(shown.map((q) => q.id)).toEqual([first, second]);

    await admin.patch(`/api/admin/questions/${second}`).send({ hidden: true }).expect(200);
    shown = (await owner.agent.get(url(mod)).expect(200)).body.questions;
    expect(shown.map((q) => q.id)).toEqual([first]);

    for (const bad of [{}, { hidden: 'ja' }, { pinned: 1 }, { body: 'x' }, { hidden: null, pinned: false }, { pinned: null }]) {
      expect((await admin.patch(`/api/admin/questions/${first}`).send(bad).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
    // A bodiless write without X-Requested-With is refused (CSRF rule).
    await admin.delete(`/api/admin/questions/${first}`).expect(403);
    await admin.delete(`/api/admin/questions/${first}`).set('X-Requested-With', 'fetch').expect(200);
    expect(await t.ds.getRepository(LessonQuestion).existsBy({ id: first })).toBe(false);
    await admin.get(`/api/admin/questions/${first}`).expect(404);
    const actions = (await t.ds.getRepository(AuditLog).findBy({ entity: 'lesson_question', entityId: String(first) })).map(
      (r) => r.action,
    );
    expect(actions.sort()).toEqual(['question.delete', 'question.update']);
  });

  it('a module drip keeps closed cannot be asked about yet (409 MODULE_LOCKED)', async () => {
    const late = modules[modules.length - 1];
    await t.ds.getRepository(CourseModule).update({ id: late.id }, { releaseAfterDays: 30 });
    t.app.get(await import('../../backend/src/catalog/catalog.service').then((m) => m.CatalogService)).invalidate();
    const fresh = await loginAs(t);
    await t.ds
      .getRepository(Grant)
      .insert({ userId: fresh.user.id, courseId: 'foundation', source: 'manual', grantedAt: clock.now() });
    const res = await ask(fresh.agent, 'For tidlig?', late.id).expect(409);
    expect(res.body.code).toBe('MODULE_LOCKED');
    await t.ds.getRepository(CourseModule).update({ id: late.id }, { releaseAfterDays: 0 });
    t.app.get(await import('../../backend/src/catalog/catalog.service').then((m) => m.CatalogService)).invalidate();
  });

  it('each account may ask a limited number per hour (429 with Retry-After), whatever address it writes from', async () => {
    const busy = await loginAs(t, { courses: ['foundation'] });
    for (let i = 0; i < QUESTIONS_PER_HOUR; i++) await ask(busy.agent, `Spørsmål ${i}`, modules[3].id).expect(201);
    const over = await ask(busy.agent, 'Ett til', modules[3].id).set('X-Forwarded-For', '203.0.113.9').expect(429);
    expect(over.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back.
    await ask(otherOwner.agent, 'Jeg kan fortsatt spørre', modules[3].id).expect(201);
  });

  it('export lists the account’s questions; erasure keeps question and answer and anonymises the asker', async () => {
    const leaver = await loginAs(t, { courses: ['foundation'] });
    const id = (await ask(leaver.agent, 'Spørsmål før jeg slutter', modules[4].id).expect(201)).body.id as number;
    await admin.post(`/api/admin/questions/${id}/answer`).send({ body: 'Svaret blir stående.' }).expect(200);
    const exported = await leaver.agent.get('/api/account/export').expect(200);
    const data = typeof exported.body === 'object' && exported.body.questions ? exported.body : JSON.parse(exported.text);
    expect(data.questions).toEqual([
      expect.objectContaining({
        courseId: 'foundation',
        moduleId: modules[4].id,
        body: 'Spørsmål før jeg slutter',
        answer: 'Svaret blir stående.',
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('Første spørsmål');

    await leaver.agent.delete('/api/account').send({ password: leaver.password }).expect(200);
    const row = await t.ds.getRepository(LessonQuestion).findOneByOrFail({ id });
    expect(row).toMatchObject({
      userId: null,
      askerName: null,
      body: 'Spørsmål før jeg slutter',
      answerBody: 'Svaret blir stående.',
    });
    const shown = (
      (await owner.agent.get(url(modules[4].id)).expect(200)).body.questions as Array<{ id: number; askerName: string }>
    ).find((q) => q.id === id);
    expect(shown).toMatchObject({ askerName: 'Slettet bruker' });
    expect((await admin.get(`/api/admin/questions/${id}`).expect(200)).body).toMatchObject({ userId: null, askerEmail: null });
  });
});
