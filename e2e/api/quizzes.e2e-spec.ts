import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { QuizAttempt } from '../../backend/src/access/quiz/entities/quiz-attempt.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Certificate } from '../../backend/src/certificates/entities/certificate.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

/**
 * Quizzes on modules (issue 37): the mentor builds one (validated, recent sign-in, audited), owners
 * take it without ever seeing the right choices, every attempt is stored and the best counts, the
 * certificate waits for every quiz, export and erasure include the attempts, and the public
 * certificate page is rendered on the server with its Open Graph tags.
 * `npx jest --config e2e/jest.api.config.js e2e/api/quizzes.e2e-spec.ts` (MariaDB: TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/).
 */

/** A stand-in for the storefront's server bundle: it shows what the server handed the page (the real one: browser spec). */
const SSR_FIXTURE = `
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
exports.prerenderPaths = () => [];
exports.isAppPath = () => false;
exports.shellHead = () => '<title>Shell</title>';
exports.render = (url, ctx) => {
  const c = ctx.certificate;
  if (!c || !c.verification) return { html: '<h1>Fant ikke sertifikatet</h1>', head: '<title>Fant ikke</title>', status: 404 };
  const v = c.verification;
  return {
    html: '<h1>Sertifikatet er gyldig</h1>',
    head: '<meta property="og:title" content="Kursbevis for ' + esc(v.holderName) + ' – ' + esc(v.courseTitle) + '">' +
      '<meta property="og:description" content="' + esc(v.issuedAt) + '">',
    status: 200,
  };
};
`;

const QUIZ = {
  passPercent: 60,
  questions: [
    {
      text: 'Hva kjennetegner en range?',
      explanation: 'En range er sidelengs bevegelse mellom støtte og motstand.',
      choices: [
        { text: 'Tydelig trend opp', correct: false },
        { text: 'Sidelengs bevegelse', correct: true },
        { text: 'Gap i åpningen', correct: false },
      ],
    },
    {
      text: 'Hvilke er risikostyring?',
      explanation: 'Stop-loss og posisjonsstørrelse begrenser tapet på hver handel.',
      choices: [
        { text: 'Stop-loss', correct: true },
        { text: 'Posisjonsstørrelse', correct: true },
        { text: 'Å doble ned', correct: false },
      ],
    },
  ],
};

describe('quizzes: built by the mentor, taken by owners, the certificate waits for them', () => {
  let t: TestApp;
  let admin: TestAgent;
  let modules: CourseModule[];
  let quizModule: CourseModule;
  let pages: string;

  const quizUrl = (moduleId: number, courseId = 'foundation') => `/api/courses/${courseId}/modules/${moduleId}/quiz`;
  const adminQuiz = (moduleId: number) => `/api/admin/modules/${moduleId}/quiz`;
  const attempt = (agent: TestAgent, answers: unknown, moduleId = quizModule.id) =>
    agent.post(`${quizUrl(moduleId)}/attempts`).send({ answers });
  const completeAll = async (agent: TestAgent, ids: number[]) => {
    for (const id of ids) await agent.post(`/api/progress/foundation/modules/${id}/complete`).send({}).expect(200);
  };

  beforeAll(async () => {
    pages = mkdtempSync(join(tmpdir(), 'quiz-pages-'));
    mkdirSync(join(pages, 'frontend', 'dist', 'client'), { recursive: true });
    mkdirSync(join(pages, 'frontend', 'dist', 'server'), { recursive: true });
    writeFileSync(
      join(pages, 'frontend', 'dist', 'client', 'index.html'),
      '<!doctype html><html lang="nb"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
    );
    writeFileSync(join(pages, 'frontend', 'dist', 'server', 'entry-server.cjs'), SSR_FIXTURE);
    t = await startTestApp({ STATIC_ROOT: pages });
    ({ agent: admin } = await adminAgent(t));
    modules = await t.ds
      .getRepository(CourseModule)
      .find({ where: { courseId: 'foundation', published: true }, order: { position: 'ASC' } });
    quizModule = modules[1];
  });
  afterAll(async () => {
    await t.close();
    rmSync(pages, { recursive: true, force: true });
  });

  it('the mentor builds a quiz: validated with Norwegian messages, audited; students and visitors may not', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ ...QUIZ, passPercent: 0 }, /Bestått-grensen/],
      [{ ...QUIZ, passPercent: '60' }, /Bestått-grensen/],
      [{ ...QUIZ, questions: [] }, /mellom 1 og 30 spørsmål/],
      [
        { ...QUIZ, questions: [{ ...QUIZ.questions[0], choices: [QUIZ.questions[0].choices[1]] }] },
        /Spørsmål 1 må ha mellom 2 og 6/,
      ],
      [
        {
          ...QUIZ,
          questions: [QUIZ.questions[0], { ...QUIZ.questions[1], choices: Array(7).fill({ text: 'x', correct: true }) }],
        },
        /Spørsmål 2 må ha mellom 2 og 6/,
      ],
      [
        {
          ...QUIZ,
          questions: [{ ...QUIZ.questions[0], choices: QUIZ.questions[0].choices.map((c) => ({ ...c, correct: false })) }],
        },
        /Spørsmål 1 må ha minst ett riktig svar/,
      ],
      [{ ...QUIZ, questions: [{ ...QUIZ.questions[0], text: '  ' }] }, /Spørsmål 1 må ha en tekst/],
      [
        { ...QUIZ, questions: [{ ...QUIZ.questions[0], choices: [{ text: 'a', correct: 'ja' }, QUIZ.questions[0].choices[1]] }] },
        /Svaralternativ 1 i spørsmål 1/,
      ],
      [{ ...QUIZ, questions: ['tekst'] }, /Spørsmål 1 må ha tekst, forklaring og svaralternativer/],
      [{ ...QUIZ, extra: true }, /.+/],
    ];
    for (const [body, message] of bad) {
      const res = await admin
        .put(adminQuiz(quizModule.id))
        .send(body as object)
        .expect(400);
      expect(res.body.message).toMatch(message);
    }
    await admin.get(adminQuiz(quizModule.id)).expect(404);
    await admin.put(adminQuiz(999999)).send(QUIZ).expect(404);

    const student = await loginAs(t, { courses: ['foundation'] });
    await student.agent.put(adminQuiz(quizModule.id)).send(QUIZ).expect(403);
    await t.http().put(adminQuiz(quizModule.id)).send(QUIZ).expect(401);

    const saved = (await admin.put(adminQuiz(quizModule.id)).send(QUIZ).expect(200)).body;
    expect(saved).toMatchObject({ moduleId: quizModule.id, passPercent: 60, version: 1, questions: QUIZ.questions });
    expect(saved.stats).toMatchObject({ attempts: 0, passRatePercent: null, mostMissed: null });
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'quiz.put', entityId: String(quizModule.id) });
    expect(audit.entity).toBe('module');
    // The same questions again keep the version; other questions raise it.
    expect(
      (
        await admin
          .put(adminQuiz(quizModule.id))
          .send({ ...QUIZ, passPercent: 50 })
          .expect(200)
      ).body.version,
    ).toBe(1);
    expect((await admin.put(adminQuiz(quizModule.id)).send(QUIZ).expect(200)).body).toMatchObject({
      version: 1,
      passPercent: 60,
    });
  });

  it('owners get the questions without the right answers; strangers and visitors are refused', async () => {
    const owner = await loginAs(t, { courses: ['foundation'] });
    const view = (await owner.agent.get(quizUrl(quizModule.id)).expect(200)).body;
    expect(view).toEqual({
      moduleId: quizModule.id,
      passPercent: 60,
      questions: [
        { text: QUIZ.questions[0].text, choices: QUIZ.questions[0].choices.map((c) => c.text), correctCount: 1 },
        { text: QUIZ.questions[1].text, choices: QUIZ.questions[1].choices.map((c) => c.text), correctCount: 2 },
      ],
      bestScorePercent: null,
      passed: false,
      attempts: 0,
      nextAttemptAt: null,
    });
    expect(JSON.stringify(view)).not.toMatch(/correct"|explanation|støtte og motstand/);

    const stranger = await loginAs(t, { courses: ['kryptovaluta'] });
    expect((await stranger.agent.get(quizUrl(quizModule.id)).expect(403)).body).toMatchObject({ code: 'FORBIDDEN' });
    await attempt(stranger.agent, [[1], [0, 1]]).expect(403);
    await t.http().get(quizUrl(quizModule.id)).expect(401);
    await t
      .http()
      .post(`${quizUrl(quizModule.id)}/attempts`)
      .send({ answers: [[1], [0, 1]] })
      .expect(401);
    expect(await t.ds.getRepository(QuizAttempt).countBy({ userId: stranger.user.id })).toBe(0);
    // A module without a quiz, a module of another course.
    await owner.agent.get(quizUrl(modules[0].id)).expect(404);
    await owner.agent.get(quizUrl(quizModule.id, 'starter')).expect(404);
  });

  it('a failed attempt answers the score only (which questions were wrong waits for the pass); answers are checked', async () => {
    const owner = await loginAs(t, { courses: ['foundation'] });
    for (const [answers, message] of [
      ['1', /liste/],
      [[[1]], /Quizen har 2 spørsmål/],
      [[[1], []], /Velg minst ett svar på spørsmål 2/],
      [[[1], [3]], /Svaret på spørsmål 2 er ikke et av alternativene/],
      [[[1], ['0']], /liste/],
      [[[1], [0.5]], /liste/],
    ] as Array<[unknown, RegExp]>) {
      const res = await attempt(owner.agent, answers).expect(400);
      expect(res.body.message).toMatch(message);
    }
    // Right on question 1; on question 2 one of two right choices only: no partial credit.
    const failed = (await attempt(owner.agent, [[1], [0]]).expect(201)).body;
    expect(failed).toEqual({
      scorePercent: 50,
      passed: false,
      explained: false,
      explanations: [],
      bestScorePercent: 50,
      everPassed: false,
      nextAttemptAt: null,
    });
    expect(JSON.stringify(failed)).not.toMatch(/Posisjonsstørrelse|Stop-loss"|correct/);
    const view = (await owner.agent.get(quizUrl(quizModule.id)).expect(200)).body;
    expect(view).toMatchObject({ bestScorePercent: 50, passed: false, attempts: 1 });
    expect((await owner.agent.get('/api/courses/foundation/quizzes').expect(200)).body).toEqual({
      quizzes: [{ moduleId: quizModule.id, passed: false, bestScorePercent: 50 }],
    });
  });

  it('the certificate is issued only after the pass, and at once when the last quiz is passed', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    await completeAll(
      agent,
      modules.map((m) => m.id),
    );
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([]);
    await agent.get('/api/certificates/foundation').expect(404);
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(0);

    expect((await attempt(agent, [[0], [0, 2]]).expect(201)).body).toMatchObject({ scorePercent: 0, passed: false });
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(0);

    const passed = (await attempt(agent, [[1], [1, 0]]).expect(201)).body;
    expect(passed).toEqual({
      scorePercent: 100,
      passed: true,
      explained: true,
      explanations: [],
      bestScorePercent: 100,
      everPassed: true,
      nextAttemptAt: null,
    });
    // Issued by the pass itself (before the answer), not by a later list.
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id, courseId: 'foundation' })).toBe(1);
    // A worse attempt later: the best counts, the pass stays.
    await attempt(agent, [[0], [0]]).expect(201);
    expect((await agent.get(quizUrl(quizModule.id)).expect(200)).body).toMatchObject({
      bestScorePercent: 100,
      passed: true,
      attempts: 3,
    });
    expect((await agent.get('/api/certificates').expect(200)).body).toHaveLength(1);
  });

  it('passing first and completing the last module afterwards issues it too; earlier certificates stay valid', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    await attempt(agent, [[1], [0, 1]]).expect(201);
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(0);
    await completeAll(
      agent,
      modules.map((m) => m.id),
    );
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(1);

    // A quiz added to another module later: the certificate already issued stays valid.
    await admin.put(adminQuiz(modules[2].id)).send(QUIZ).expect(200);
    const list = (await agent.get('/api/certificates').expect(200)).body as Array<{ code: string }>;
    expect(list).toHaveLength(1);
    const verified = (await t.http().get(`/api/certificates/verify/${list[0].code}`).expect(200)).body;
    expect(verified.revoked).toBe(false);
    // …while a student who has not passed the new quiz gets none.
    const late = await loginAs(t, { courses: ['foundation'] });
    await attempt(late.agent, [[1], [0, 1]]).expect(201);
    await completeAll(
      late.agent,
      modules.map((m) => m.id),
    );
    expect((await late.agent.get('/api/certificates').expect(200)).body).toEqual([]);
    await attempt(late.agent, [[1], [0, 1]], modules[2].id).expect(201);
    expect((await late.agent.get('/api/certificates').expect(200)).body).toHaveLength(1);
    await admin.delete(adminQuiz(modules[2].id)).set('X-Requested-With', 'fetch').expect(200);
    await late.agent.get(quizUrl(modules[2].id)).expect(404);
  });

  it('the mentor sees attempts, pass rate and the question most often answered wrong', async () => {
    const stats = (await admin.get(adminQuiz(quizModule.id)).expect(200)).body.stats;
    const attempts = await t.ds.getRepository(QuizAttempt).findBy({ moduleId: quizModule.id });
    const passedCount = attempts.filter((a) => a.passed).length;
    expect(stats.attempts).toBe(attempts.length);
    expect(stats.passRatePercent).toBe(Math.round((passedCount * 100) / attempts.length));
    expect(stats.mostMissed).toMatchObject({ index: 1, text: QUIZ.questions[1].text });
    expect(stats.perQuestion[1].wrong).toBeGreaterThan(stats.perQuestion[0].wrong);
    expect(stats.students).toBeGreaterThanOrEqual(stats.passedStudents);
  });

  it('export lists the attempts; erasure removes them', async () => {
    const leaver = await loginAs(t, { courses: ['foundation'] });
    await attempt(leaver.agent, [[2], [0, 1]]).expect(201);
    const exported = await leaver.agent.get('/api/account/export').expect(200);
    const data = typeof exported.body === 'object' && exported.body.quizAttempts ? exported.body : JSON.parse(exported.text);
    expect(data.quizAttempts).toEqual([
      {
        courseId: 'foundation',
        moduleId: quizModule.id,
        answers: [[2], [0, 1]],
        scorePercent: 50,
        passed: false,
        createdAt: expect.any(String),
      },
    ]);
    await leaver.agent.delete('/api/account').send({ password: leaver.password }).expect(200);
    expect(await t.ds.getRepository(QuizAttempt).countBy({ userId: leaver.user.id })).toBe(0);
  });

  it('the public certificate page is rendered on the server with its facts; an unknown code is a 404 page', async () => {
    const cert = await t.ds.getRepository(Certificate).findOneOrFail({ where: { courseId: 'foundation' } });
    await t.ds.getRepository(Certificate).update({ id: cert.id }, { holderName: 'Kari <Nordmann>' });
    const page = await t.http().get(`/sertifikat/${cert.code.toLowerCase()}`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(`<meta property="og:title" content="Kursbevis for Kari &lt;Nordmann&gt; – ${cert.courseTitle}">`);
    expect(page.text).toContain(cert.issuedAt.toISOString());
    // The state the browser hydrates with carries the same facts (and never the holder's e-mail or id).
    expect(page.text).toContain('"certificate":{"code":');
    const holder = await t.ds.getRepository(User).findOneByOrFail({ id: cert.userId });
    expect(page.text).not.toContain('"userId"');
    expect(page.text).not.toContain(holder.email);
    const missing = await t.http().get('/sertifikat/AAAA-BBBB-CCCC-DDDD').expect(404);
    expect(missing.text).toContain('Fant ikke sertifikatet');
    await t.http().get('/sertifikat/ikke-en-kode').expect(404);
  });

  it('the student-facing quiz routes allow 30 attempts an hour per account', async () => {
    const busy = await loginAs(t, { courses: ['foundation'] });
    // Passed first: a passed quiz has no waits between attempts, so only the hourly limit holds it back.
    await attempt(busy.agent, [[1], [0, 1]]).expect(201);
    for (let i = 1; i < 30; i++) await attempt(busy.agent, [[0], [0]]).expect(201);
    expect((await attempt(busy.agent, [[0], [0]]).expect(429)).body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
