import type TestAgent from 'supertest/lib/agent';
import type { AdminSequence } from '@academy/contracts';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { UnsubscribeService } from '../../backend/src/outbox/unsubscribe.service';
import { Enrolment } from '../../backend/src/marketing/entities/sequence.entity';
import { Subscriber } from '../../backend/src/marketing/entities/subscriber.entity';
import { MarketingRunner } from '../../backend/src/marketing/marketing.runner';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { confirmByLink } from './support/marketing-confirm';
import { linkIn, startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { signInByLink, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const PUBLIC_URL = 'http://localhost:3000';
/** Monday 9 March 2026, 11:00 in Oslo (UTC+1). */
const START = new Date('2026-03-09T10:00:00Z');

describe('sequences: enrolment on events, steps at Oslo hours (injected clock), stops, edits, counts', () => {
  const clock = new ManualClock(START);
  let sink: SmtpSink;
  let t: TestApp;
  let admin: { agent: TestAgent; id: number; email: string };
  let starter: AdminSequence;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, MAIL_POLL_INTERVAL_MS: '0', MARKETING_POLL_INTERVAL_MS: '0' }, { clock });
    admin = await adminAgent(t);
    const list = await admin.agent.get('/api/admin/sequences').expect(200);
    starter = list.body.find((s: AdminSequence) => s.trigger === 'lead' && s.triggerValue === 'starter');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** One round of the scheduler at the clock's time, then the outbox. */
  async function tick(): Promise<void> {
    await t.app.get(MarketingRunner).runOnce();
    await t.app.get(OutboxWorker).drain();
  }

  const subjects = (email: string) =>
    sink
      .to(email)
      .filter((m) => !m.subject.startsWith('Bekreft') && !m.subject.startsWith('Velkommen'))
      .map((m) => m.subject);

  /** A Starter lead with the box ticked and the confirmation link used. */
  async function confirmedStarterLead(email: string, via: 'lead' | 'signup' = 'lead'): Promise<void> {
    if (via === 'lead')
      await t
        .http()
        .post('/api/leads')
        .send({ email, courseType: 'starter', source: '/starter', marketingConsent: true })
        .expect(201);
    else
      await t
        .http()
        .post('/api/create-user')
        .send({ email, courseType: 'starter', trafficSource: 'A', marketingConsent: true })
        .expect(200);
    await t.app.get(OutboxWorker).drain();
    const confirm = sink.to(email).find((m) => m.subject.startsWith('Bekreft'))!;
    await confirmByLink(t, linkIn(confirm.text, `${PUBLIC_URL}/api/marketing/confirm?`));
  }

  it('a useful Starter sequence is seeded: Norwegian, 3 mails over 7 days, leading to Foundation, editable', () => {
    expect(starter).toBeDefined();
    expect(starter.active).toBe(true);
    expect(starter.steps).toHaveLength(3);
    expect(starter.steps.reduce((days, s) => days + s.waitDays, 0)).toBe(7);
    expect(starter.steps.map((s) => s.subject).join(' ')).toMatch(/Foundation/);
    expect(starter.steps[2].body).toContain('/bestill?course=foundation');
    expect(starter.steps.slice(1).every((s) => s.stopIfBought === 'foundation')).toBe(true);
  });

  it('a confirmed Starter lead gets the three mails at the chosen Oslo hours, enrolled once however often it signs up', async () => {
    clock.set(START);
    const email = uniqueEmail('sekvens');
    await confirmedStarterLead(email);
    // Signing up again (the form, or the free sign-up) does not enrol twice.
    await t
      .http()
      .post('/api/leads')
      .send({ email, courseType: 'starter', source: '/igjen', marketingConsent: true })
      .expect(201);
    expect(await t.ds.getRepository(Enrolment).countBy({ email, sequenceId: starter.id })).toBe(1);
    await tick();
    expect(subjects(email)).toEqual([]);
    // Step 1: one day later at 09:00 Oslo = 08:00 UTC; a minute before, nothing.
    clock.set(new Date('2026-03-10T07:59:00Z'));
    await tick();
    expect(subjects(email)).toEqual([]);
    clock.set(new Date('2026-03-10T08:00:00Z'));
    await tick();
    await tick();
    expect(subjects(email)).toEqual([starter.steps[0].subject]);
    const first = sink.to(email).find((m) => m.subject === starter.steps[0].subject)!;
    expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(first.text).toContain(`${PUBLIC_URL}/kurs/starter?utm_source=sekvens`);
    // Step 2: three days after step 1, 09:00 Oslo.
    clock.set(new Date('2026-03-13T07:59:00Z'));
    await tick();
    expect(subjects(email)).toHaveLength(1);
    clock.set(new Date('2026-03-13T08:00:00Z'));
    await tick();
    expect(subjects(email)).toEqual([starter.steps[0].subject, starter.steps[1].subject]);
    // Step 3: three more days, at 18:00 Oslo = 17:00 UTC; seven days after the sign-up.
    clock.set(new Date('2026-03-16T16:59:00Z'));
    await tick();
    expect(subjects(email)).toHaveLength(2);
    clock.set(new Date('2026-03-16T17:00:00Z'));
    await tick();
    clock.advance(30 * 86400_000);
    await tick();
    expect(subjects(email)).toEqual(starter.steps.map((s) => s.subject));
    expect(await t.ds.getRepository(Enrolment).findOneByOrFail({ email, sequenceId: starter.id })).toMatchObject({
      status: 'finished',
    });
  });

  it('nothing for an unconfirmed address; nothing more after an unsubscribe mid-sequence; a purchase stops the steps that say so', async () => {
    clock.set(START);
    const unconfirmed = uniqueEmail('ubekreftet');
    await t
      .http()
      .post('/api/leads')
      .send({ email: unconfirmed, courseType: 'starter', source: '/', marketingConsent: true })
      .expect(201);
    const leaver = uniqueEmail('forlater');
    await confirmedStarterLead(leaver);
    const buyer = uniqueEmail('kjoper');
    await confirmedStarterLead(buyer, 'signup');
    clock.set(new Date('2026-03-10T08:00:00Z'));
    await tick();
    expect(subjects(unconfirmed)).toEqual([]);
    expect(subjects(leaver)).toEqual([starter.steps[0].subject]);
    expect(subjects(buyer)).toEqual([starter.steps[0].subject]);
    // The leaver unsubscribes (one click); the buyer buys Foundation.
    await t
      .http()
      .post(t.app.get(UnsubscribeService).url(leaver).slice(PUBLIC_URL.length))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    const user = await t.ds.getRepository(User).findOneByOrFail({ email: buyer });
    await t.ds.getRepository(Grant).insert({ userId: user.id, courseId: 'foundation', source: 'manual', grantedAt: clock.now() });
    clock.set(new Date('2026-03-20T08:00:00Z'));
    await tick();
    await tick();
    expect(subjects(unconfirmed)).toEqual([]);
    expect(subjects(leaver)).toEqual([starter.steps[0].subject]);
    expect(subjects(buyer)).toEqual([starter.steps[0].subject]);
    expect(await t.ds.getRepository(Enrolment).findOneByOrFail({ email: leaver, sequenceId: starter.id })).toMatchObject({
      status: 'stopped',
    });
    expect(await t.ds.getRepository(Enrolment).findOneByOrFail({ email: buyer, sequenceId: starter.id })).toMatchObject({
      status: 'stopped',
      stopReason: 'kjøpt',
    });
    // The panel shows per step how many wait, were sent and stopped.
    const view = (await admin.agent.get(`/api/admin/sequences/${starter.id}`).expect(200)).body as AdminSequence;
    expect(view.steps[1].stopped).toBeGreaterThanOrEqual(2);
    expect(view.steps[0].sent).toBeGreaterThanOrEqual(3);
  });

  it('editing a sequence changes only the steps not yet sent; the counts follow', async () => {
    const seq = await admin.agent
      .post('/api/admin/sequences')
      .send({
        name: 'Variant C-tips',
        trigger: 'lead',
        triggerValue: 'C',
        steps: [
          { waitDays: 0, sendHour: 9, subject: 'C1', body: 'Første' },
          { waitDays: 2, sendHour: 12, subject: 'C2', body: 'Andre' },
        ],
      })
      .expect(201);
    const id = seq.body.id as number;
    clock.set(new Date('2026-04-01T10:00:00Z'));
    const email = uniqueEmail('variant-c');
    await t
      .http()
      .post('/api/leads')
      .send({ email, courseType: 'foundation', source: '/c', trafficSource: 'C', marketingConsent: true })
      .expect(201);
    const other = uniqueEmail('variant-a');
    await t
      .http()
      .post('/api/leads')
      .send({ email: other, courseType: 'foundation', source: '/a', trafficSource: 'A', marketingConsent: true })
      .expect(201);
    await t.app.get(OutboxWorker).drain();
    for (const e of [email, other]) {
      const confirm = sink.to(e).find((m) => m.subject.startsWith('Bekreft'))!;
      await confirmByLink(t, linkIn(confirm.text, `${PUBLIC_URL}/api/marketing/confirm?`));
    }
    await tick();
    expect(subjects(email)).toEqual(['C1']);
    expect(subjects(other)).toEqual([]);
    let view = (await admin.agent.get(`/api/admin/sequences/${id}`).expect(200)).body as AdminSequence;
    expect(view.steps.map((s) => [s.waiting, s.sent, s.stopped])).toEqual([
      [0, 1, 0],
      [1, 0, 0],
    ]);
    // The mentor edits both steps and adds a third: the sent one is not sent again, the rest use the new text.
    await admin.agent
      .put(`/api/admin/sequences/${id}`)
      .send({
        name: 'Variant C-tips',
        trigger: 'lead',
        triggerValue: 'C',
        steps: [
          { id: view.steps[0].id, waitDays: 0, sendHour: 9, subject: 'C1 ny', body: 'Første' },
          { id: view.steps[1].id, waitDays: 1, sendHour: 12, subject: 'C2 ny', body: 'Andre' },
          { waitDays: 1, sendHour: 12, subject: 'C3', body: 'Tredje' },
        ],
      })
      .expect(200);
    // 1 April 12:00 Oslo (summer time, UTC+2) + 1 day = 2 April 10:00 UTC.
    clock.set(new Date('2026-04-02T09:59:00Z'));
    await tick();
    expect(subjects(email)).toEqual(['C1']);
    clock.set(new Date('2026-04-02T10:00:00Z'));
    await tick();
    clock.set(new Date('2026-04-03T10:00:00Z'));
    await tick();
    expect(subjects(email)).toEqual(['C1', 'C2 ny', 'C3']);
    view = (await admin.agent.get(`/api/admin/sequences/${id}`).expect(200)).body as AdminSequence;
    expect(view.steps.map((s) => s.sent)).toEqual([1, 1, 1]);
    await admin.agent.put(`/api/admin/sequences/${id}`).send({ name: 'x', trigger: 'lead', steps: [] }).expect(400);
    await admin.agent
      .put(`/api/admin/sequences/${id}`)
      .send({ name: 'x', trigger: 'nope', steps: [{ waitDays: 0, sendHour: 9, subject: 's', body: 'b' }] })
      .expect(400);
    await admin.agent
      .post('/api/admin/sequences')
      .send({ name: 'x', trigger: 'lead', steps: [{ waitDays: 0, sendHour: 24, subject: 's', body: 'b' }] })
      .expect(400);
  });

  it("'lead captured' per variant enrols by the lead's stored attribution: the visit's first touch, not the page's code", async () => {
    clock.set(new Date('2026-04-20T08:00:00Z'));
    const ids: Record<string, number> = {};
    for (const v of ['A', 'B'])
      ids[v] = (
        await admin.agent
          .post('/api/admin/sequences')
          .send({
            name: `Bare variant ${v}`,
            trigger: 'lead',
            triggerValue: v,
            steps: [{ waitDays: 0, sendHour: 9, subject: `Variant ${v} først`, body: 'Hei!' }],
          })
          .expect(201)
      ).body.id as number;
    // The form is on page A, but the visit came in through B first.
    const email = uniqueEmail('forste-touch');
    await t
      .http()
      .post('/api/leads')
      .send({
        email,
        courseType: 'foundation',
        source: '/a',
        trafficSource: 'A',
        attribution: { trafficSource: 'B', landingPath: '/b' },
        marketingConsent: true,
      })
      .expect(201);
    expect(await t.ds.getRepository(Enrolment).countBy({ email, sequenceId: ids.B })).toBe(1);
    expect(await t.ds.getRepository(Enrolment).countBy({ email, sequenceId: ids.A })).toBe(0);
    // The list's variant (broadcast segments) agrees.
    const row = await t.ds.getRepository(Subscriber).findOneByOrFail({ email });
    expect(row.variants).toContain(',B,');
    expect(row.variants).not.toContain(',A,');
    await t.app.get(OutboxWorker).drain();
    await confirmByLink(
      t,
      linkIn(sink.to(email).find((m) => m.subject.startsWith('Bekreft'))!.text, `${PUBLIC_URL}/api/marketing/confirm?`),
    );
    await tick();
    expect(subjects(email)).toEqual(['Variant B først']);
    // Without a first touch the page's own code counts.
    const plain = uniqueEmail('side-kode');
    await t
      .http()
      .post('/api/leads')
      .send({ email: plain, courseType: 'foundation', source: '/a', trafficSource: 'A', marketingConsent: true })
      .expect(201);
    expect(await t.ds.getRepository(Enrolment).countBy({ email: plain, sequenceId: ids.A })).toBe(1);
    expect(await t.ds.getRepository(Enrolment).countBy({ email: plain, sequenceId: ids.B })).toBe(0);
    // Off again, so later tests see only their own sequences.
    for (const id of Object.values(ids)) await admin.agent.put(`/api/admin/sequences/${id}`).send({ active: false }).expect(200);
  });

  it("'Starter completed' and 'bought course X' start their sequences", async () => {
    clock.set(new Date('2026-05-04T08:00:00Z'));
    for (const [trigger, triggerValue, subject] of [
      ['starter_completed', null, 'Gratulerer med Starter'],
      ['bought', 'foundation', 'Foundation: slik starter du'],
    ] as const)
      await admin.agent
        .post('/api/admin/sequences')
        .send({ name: subject, trigger, triggerValue, steps: [{ waitDays: 0, sendHour: 9, subject, body: 'Hei!' }] })
        .expect(201);
    const email = uniqueEmail('fullfort');
    await confirmedStarterLead(email, 'signup');
    const user = await t.ds.getRepository(User).findOneByOrFail({ email });
    const agent = await signInByLink(t, user);
    const modules = await t.ds.getRepository(CourseModule).find({ where: { courseId: 'starter' }, order: { position: 'ASC' } });
    for (const m of modules) await agent.post(`/api/progress/starter/modules/${m.id}/complete`).send({}).expect(200);
    await tick();
    expect(subjects(email)).toContain('Gratulerer med Starter');

    const buyer = uniqueEmail('kjop');
    await t
      .agent()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email: buyer,
        firstName: 'Ola',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(201);
    await tick();
    expect(subjects(buyer).filter((s) => !s.startsWith('Kvittering'))).toEqual(['Foundation: slik starter du']);
  });

  it('two purchases by one new buyer at the same moment: both paid, one list entry as customer, one enrolment per sequence', async () => {
    clock.set(new Date('2026-05-11T08:00:00Z'));
    const subject = 'Takk for kjøpet';
    const seq = await admin.agent
      .post('/api/admin/sequences')
      .send({ name: 'Etter ethvert kjøp', trigger: 'bought', steps: [{ waitDays: 0, sendHour: 9, subject, body: 'Hei!' }] })
      .expect(201);
    const buyer = uniqueEmail('samtidig-kjop');
    const statuses = await Promise.all(
      ['foundation', 'accelerator'].map((courseId) =>
        t
          .agent()
          .post('/api/checkout/sessions')
          .send({
            courseId,
            email: buyer,
            firstName: 'Kari',
            lastName: 'Nordmann',
            paymentMethod: 'card',
            acceptTerms: true,
            acceptRisk: true,
          })
          .then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([201, 201]);
    expect(await t.ds.getRepository(Order).countBy({ email: buyer, status: 'paid' })).toBe(2);
    expect(await t.ds.getRepository(Subscriber).findBy({ email: buyer })).toEqual([
      expect.objectContaining({ status: 'customer' }),
    ]);
    expect(await t.ds.getRepository(Enrolment).countBy({ email: buyer, sequenceId: seq.body.id })).toBe(1);
    await tick();
    expect(subjects(buyer).filter((s) => s === subject)).toHaveLength(1);
  });
});
