import type TestAgent from 'supertest/lib/agent';
import type { SearchResponse } from '@academy/contracts';
import { QuizAttempt } from '../../backend/src/access/quiz/entities/quiz-attempt.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import type { User } from '../../backend/src/identity/entities/user.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { addCalendarMonths as addMonths } from '../../backend/src/platform/time/calendar-period';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { getBinary, pdfText } from './support/pdf-text';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * VIP that renews, search and quizzes, as a member and a student meet them:
 * - a member whose VIP renews by itself is sold no second year (with or without the box): 409 with
 *   the renewal's date, price and method (docs/decisions.md "Automatic renewal");
 * - the receipt of a renewing VIP states the renewal's terms (price, interval, next date, how to
 *   cancel) on the receipt, its PDF and its mail; «Slå på fornyelse igjen» is confirmed by mail;
 * - search's full-text query asks the index for the viewer's modules only (no timing that tells
 *   whether a word is in a course the viewer does not own), on SQLite's FTS5 and MariaDB's FULLTEXT;
 * - a quiz is a test: a failed attempt does not say which questions were wrong until the quiz is
 *   passed, and after three failures each next attempt waits (counted from the stored attempts).
 * `npx jest --config e2e/jest.api.config.js e2e/api/third-contact-vip.e2e-spec.ts` (MariaDB: TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/).
 */
describe('VIP renewal at checkout and in mails, search scoped to owned modules, quizzes as tests', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock: ManualClock;
  const START = new Date('2026-10-29T10:00:00.000Z');

  beforeAll(async () => {
    clock = new ManualClock(START);
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), MAIL_POLL_INTERVAL_MS: '0', MEMBERSHIP_INTERVAL_MS: '0' }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    clock.set(START);
  });

  const form = (over: Record<string, unknown> = {}) => ({
    courseId: 'vip',
    email: uniqueEmail('vip3'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    autoRenew: true,
    ...over,
  });
  const deliver = async (type: string, object: unknown) =>
    (await deliverWebhook(t.http(), stripeEvent(type, object)).expect(200)).body as Record<string, unknown>;
  const mails = (userId: number, kind: string) =>
    t.ds.getRepository(OutboxMessage).find({ where: { userId, kind }, order: { id: 'ASC' } });
  const bodyOf = async (m: OutboxMessage) =>
    (await t.ds.getRepository(OutboxBody).findOneByOrFail({ messageId: m.id })).textBody.replace(/\s+/g, ' ');

  async function renewingMember(): Promise<{ agent: TestAgent; user: User; order: Order }> {
    const { agent, user } = await loginAs(t);
    await agent.post('/api/checkout/sessions').send(form()).expect(201);
    const session = fake.pay(fake.lastSession().id, clock.now());
    await deliver('checkout.session.completed', session);
    await deliver('invoice.paid', fake.invoiceObject(session.invoice!));
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    return { agent, user, order };
  }

  it('a member whose VIP renews is sold no second year, with the box or without: the renewal is named', async () => {
    const { agent } = await renewingMember();
    const renewsAt = addMonths(START, 12);
    const dateText = new Intl.DateTimeFormat('nb-NO', {
      timeZone: 'Europe/Oslo',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(renewsAt);
    const created = fake.callsTo('sessions.create').length;
    for (const autoRenew of [false, true]) {
      const res = await agent.post('/api/checkout/sessions').send(form({ autoRenew })).expect(409);
      expect(res.body.code).toBe('ALREADY_RENEWING');
      expect(res.body.message).toContain(`fornyes allerede automatisk ${dateText} for 5 000 kr (med kortet ditt)`);
      expect(res.body.message).toMatch(/trenger ikke kjøpe et nytt år/);
    }
    expect(fake.callsTo('sessions.create')).toHaveLength(created);

    // Cancelled («Si opp»): the period ends, and buying the next year is offered again (one period).
    await agent.post('/api/membership/cancel-renewal').send({}).expect(200);
    await agent
      .post('/api/checkout/sessions')
      .send(form({ autoRenew: false }))
      .expect(201);
  });

  it('the receipt of a renewing VIP states the terms on the receipt, its PDF and its mail; resuming is confirmed by mail', async () => {
    const { agent, user, order } = await renewingMember();
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: order.id, kind: 'receipt' });
    const terms = receipt.renewalTerms ?? '';
    expect(terms).toMatch(/fornyes hvert år \(hver 12\. måned\) for 5 000 kr med kortet ditt/);
    expect(terms).toMatch(/Neste fornyelse er 29\. oktober 2027/);
    expect(terms).toMatch(/si opp når som helst før det på VIP-siden \(.+\/account\/settings#membership-vip\)/);

    const doc = (await agent.get(`/api/orders/${order.id}/receipt`).expect(200)).body;
    expect(doc.receipt.renewalTerms).toBe(terms);
    const pdf = pdfText((await getBinary(agent, `/api/orders/${order.id}/receipt.pdf`).expect(200)).body as Buffer);
    expect(pdf).toMatch(/Automatisk fornyelse/);
    expect(pdf).toMatch(/for 5 000 kr/);
    const [mail] = await mails(user.id, 'receipt');
    expect(await bodyOf(mail)).toContain(terms);

    // A single period (no box) says nothing of renewal.
    const single = await loginAs(t);
    await single.agent
      .post('/api/checkout/sessions')
      .send(form({ autoRenew: false }))
      .expect(201);
    const paid = fake.pay(fake.lastSession().id, clock.now());
    await deliver('checkout.session.completed', paid);
    const singleOrder = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: paid.id });
    expect((await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: singleOrder.id })).renewalTerms).toBeNull();

    // «Si opp» and «Slå på fornyelse igjen» each confirmed by mail.
    await agent.post('/api/membership/cancel-renewal').send({}).expect(200);
    expect(await mails(user.id, 'membership_renewal_cancelled')).toHaveLength(1);
    await agent.post('/api/membership/resume-renewal').send({}).expect(200);
    const resumed = await mails(user.id, 'membership_renewal_resumed');
    expect(resumed).toHaveLength(1);
    expect(resumed[0].subject).toBe('VIP fornyes automatisk igjen 29. oktober 2027');
    const text = await bodyOf(resumed[0]);
    expect(text).toMatch(/fornyes automatisk 29\. oktober 2027 for 5 000 kr \(med kortet ditt\)/);
    expect(text).toMatch(/sier du opp før 29\. oktober 2027 på medlemssiden: «Si opp», så bekrefter du/);

    // The renewal a year on: its own receipt names the next date, a year later.
    const stripeSub = [...fake.subscriptions.values()].find(
      (x) => x.id === (fake.sessions.get(order.providerReference!)?.subscription ?? ''),
    )!;
    clock.set(addMonths(START, 12));
    const invoice = fake.renew(stripeSub.id, { paid: true, at: clock.now() });
    await deliver('invoice.paid', fake.invoiceObject(invoice.id));
    const renewal = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: invoice.id });
    const renewalReceipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: renewal.id, kind: 'receipt' });
    expect(renewalReceipt.renewalTerms).toMatch(/for 5 000 kr med kortet ditt\. Neste fornyelse er 29\. oktober 2028\./);
  });

  it("search asks the full-text index for the viewer's modules only", async () => {
    const { agent: admin } = await adminAgent(t);
    const foundation = await t.ds
      .getRepository(CourseModule)
      .findOneOrFail({ where: { courseId: 'foundation', published: true }, order: { position: 'ASC' } });
    await admin
      .put(`/api/admin/modules/${foundation.id}/captions`)
      .send({ vtt: 'WEBVTT\n\n00:00:03.000 --> 00:00:06.000\nHvalrossmetoden i Wyckoffs spring.\n', approved: true })
      .expect(200);
    const { agent: owner } = await loginAs(t, { courses: ['foundation'] });
    const { agent: stranger } = await loginAs(t, { courses: ['kryptovaluta'] });

    const seen: Array<{ sql: string; params: unknown[] }> = [];
    let ownersCount = 0;
    const original = t.ds.query.bind(t.ds);
    const spy = jest.spyOn(t.ds, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
      if (/\bMATCH\b/i.test(sql)) seen.push({ sql, params: params ?? [] });
      return original(sql, params);
    }) as never);
    try {
      const mine = (await owner.get('/api/search').query({ q: 'hvalross' }).expect(200)).body as SearchResponse;
      expect(mine.results.map((r) => r.moduleId)).toEqual([foundation.id]);
      ownersCount = seen.length;
      const theirs = (await stranger.get('/api/search').query({ q: 'hvalross' }).expect(200)).body as SearchResponse;
      expect(theirs.results.map((r) => r.moduleId)).not.toContain(foundation.id);
    } finally {
      spy.mockRestore();
    }
    // Each search asks about its modules a few at a time (captions.service.ts): the owner's
    // statements, then the stranger's.
    const ownerQueries = seen.slice(0, ownersCount);
    const strangerQueries = seen.slice(ownersCount);
    expect(ownerQueries.length).toBeGreaterThan(0);
    expect(strangerQueries.length).toBeGreaterThan(0);
    // The stranger's full-text queries, without the module filter after them: the index itself yields
    // nothing of Foundation, so the time they take does not depend on what Foundation holds.
    const fullTextOnly = (q: { sql: string }) =>
      q.sql.replace(/\s+AND\s+(c\.)?["`]approved["`]\s*=\s*1\s+AND\s+(c\.)?["`]moduleId["`]\s+IN\s+\([^)]*\)/, '');
    const rowsOf = async (q: { sql: string; params: unknown[] }) => [
      ...new Set(
        ((await t.ds.query(fullTextOnly(q), q.params)) as Array<{ moduleId: number | string }>).map((r) => Number(r.moduleId)),
      ),
    ];
    const rowsOfAll = async (qs: Array<{ sql: string; params: unknown[] }>) => (await Promise.all(qs.map(rowsOf))).flat();
    for (const q of strangerQueries) expect(fullTextOnly(q)).not.toBe(q.sql);
    expect(await rowsOfAll(ownerQueries)).toEqual([foundation.id]);
    expect(await rowsOfAll(strangerQueries)).toEqual([]);
  });

  it('a quiz is a test: no naming of wrong questions before the pass, and a wait after three failures', async () => {
    const { agent: admin } = await adminAgent(t);
    const module = await t.ds
      .getRepository(CourseModule)
      .findOneOrFail({ where: { courseId: 'foundation', published: true }, order: { position: 'DESC' } });
    const quiz = {
      passPercent: 100,
      questions: [
        {
          text: 'Hva kjennetegner en range?',
          explanation: 'Sidelengs mellom støtte og motstand.',
          choices: [
            { text: 'Trend', correct: false },
            { text: 'Sidelengs', correct: true },
          ],
        },
        {
          text: 'Hva begrenser tapet?',
          explanation: 'Stop-loss.',
          choices: [
            { text: 'Stop-loss', correct: true },
            { text: 'Å doble ned', correct: false },
          ],
        },
      ],
    };
    await admin.put(`/api/admin/modules/${module.id}/quiz`).send(quiz).expect(200);
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    const url = `/api/courses/foundation/modules/${module.id}/quiz`;
    const attempt = (answers: number[][]) => agent.post(`${url}/attempts`).send({ answers });

    for (let i = 1; i <= 3; i++) {
      const failed = (await attempt([[1], [1]]).expect(201)).body;
      expect(failed).toMatchObject({ scorePercent: 50, passed: false, explained: false, explanations: [] });
      expect(JSON.stringify(failed)).not.toMatch(/Stop-loss|question/);
      expect(failed.nextAttemptAt).toBe(i < 3 ? null : new Date(clock.now().getTime() + 60_000).toISOString());
    }
    // The fourth waits a minute after the third failure: refused (not stored) until then.
    const early = await attempt([[1], [0]]).expect(429);
    expect(early.body.message).toMatch(/prøv på nytt om 1 minutt/);
    expect(await t.ds.getRepository(QuizAttempt).countBy({ userId: user.id })).toBe(3);
    expect((await agent.get(url).expect(200)).body).toMatchObject({
      attempts: 3,
      passed: false,
      nextAttemptAt: expect.any(String),
    });

    clock.set(new Date(START.getTime() + 61_000));
    const fourth = (await attempt([[0], [0]]).expect(201)).body;
    expect(fourth).toMatchObject({ passed: false, explained: false, explanations: [] });
    // Two minutes after the fourth failure.
    expect(fourth.nextAttemptAt).toBe(new Date(clock.now().getTime() + 120_000).toISOString());
    clock.set(new Date(START.getTime() + 61_000 + 119_000));
    await attempt([[1], [0]]).expect(429);
    clock.set(new Date(START.getTime() + 61_000 + 120_000));
    const passed = (await attempt([[1], [0]]).expect(201)).body;
    expect(passed).toMatchObject({ passed: true, explained: true, explanations: [], nextAttemptAt: null });

    // Once passed: no waiting, and a later attempt says which question was wrong and why.
    const practice = (await attempt([[0], [0]]).expect(201)).body;
    expect(practice).toMatchObject({
      passed: false,
      explained: true,
      explanations: [{ question: 0, explanation: 'Sidelengs mellom støtte og motstand.' }],
      nextAttemptAt: null,
      everPassed: true,
    });
  });
});
