import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import type { User } from '../../backend/src/identity/entities/user.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Subscription } from '../../backend/src/orders/entities/subscription.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { createUser, loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * The mentor's side of VIP that renews by itself (issue 39, «Mentorpanelet»; docs/decisions.md
 * "Memberships"): the subscription on the student's page, «Stopp fornyelse» (the member's «Si opp»:
 * Stripe told, the member mailed, audited with the mentor as the actor), and the overview's counts.
 */
describe('VIP renewal in the panel (fake Stripe server, injected clock)', () => {
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

  const subs = () => t.ds.getRepository(Subscription);
  const deliver = (type: string, object: unknown) => deliverWebhook(t.http(), stripeEvent(type, object)).expect(200);

  /** A member who bought VIP with «Forny automatisk hvert år», paid, with the first invoice delivered. */
  async function renewingMember(): Promise<{ user: User; sub: Subscription }> {
    const { agent, user } = await loginAs(t);
    await agent
      .post('/api/checkout/sessions')
      .send({
        courseId: 'vip',
        email: uniqueEmail('vipfornyer'),
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
        autoRenew: true,
      })
      .expect(201);
    const session = fake.pay(fake.lastSession().id, clock.now());
    await deliver('checkout.session.completed', session);
    await deliver('invoice.paid', fake.invoiceObject(session.invoice!));
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    return { user, sub: await subs().findOneByOrFail({ orderId: order.id }) };
  }

  it('the student page shows the subscription: method, status, next charge, price, failed attempts, grace', async () => {
    const admin = await adminAgent(t);
    const { user, sub } = await renewingMember();
    const res = await admin.agent.get(`/api/admin/users/${user.id}`).expect(200);
    expect(res.body.subscription).toEqual({
      id: sub.id,
      productId: 'vip',
      method: 'card',
      status: 'active',
      priceOre: 500000,
      currentPeriodEnd: '2027-10-29T10:00:00.000Z',
      nextChargeAt: '2027-10-29T10:00:00.000Z',
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
      graceEndsAt: null,
      endedAt: null,
      createdAt: sub.createdAt.toISOString(),
      canStopRenewal: true,
    });

    // A failed renewal: the page says how many and until when access is kept.
    const grace = new Date('2027-11-05T22:59:59.999Z');
    await subs().update(sub.id, { status: 'past_due', failedAttempts: 2, graceEndsAt: grace });
    const failed = await admin.agent.get(`/api/admin/users/${user.id}`).expect(200);
    expect(failed.body.subscription).toMatchObject({
      status: 'past_due',
      failedAttempts: 2,
      graceEndsAt: grace.toISOString(),
      canStopRenewal: true,
    });

    // A student without one: none.
    const plain = await createUser(t);
    expect((await admin.agent.get(`/api/admin/users/${plain.id}`).expect(200)).body.subscription).toBeNull();
  });

  it('«Stopp fornyelse»: Stripe told cancel_at_period_end, the member mailed, audited with the mentor; twice is a plain 409', async () => {
    const admin = await adminAgent(t);
    const { user, sub } = await renewingMember();
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionId!)!;

    const res = await admin.agent.post(`/api/admin/users/${user.id}/subscription/stop-renewal`).send({}).expect(200);
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      currentPeriodEnd: '2027-10-29T10:00:00.000Z',
      canStopRenewal: false,
    });
    expect(fake.callsTo('subscriptions.update')).toHaveLength(1);
    expect(fake.callsTo('subscriptions.update')[0].body).toEqual({ cancel_at_period_end: 'true' });
    expect(stripeSub.cancel_at_period_end).toBe(true);
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    const mail = await t.ds
      .getRepository(OutboxMessage)
      .find({ where: { userId: user.id, kind: 'membership_renewal_cancelled' } });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: user.email, subject: 'VIP fornyes ikke lenger' });

    const audit = await t.ds
      .getRepository(AuditLog)
      .find({ where: { action: 'subscription.cancel', entity: 'subscription', entityId: String(sub.id) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      before: { cancelAtPeriodEnd: false },
      after: { cancelAtPeriodEnd: true },
    });

    const again = await admin.agent.post(`/api/admin/users/${user.id}/subscription/stop-renewal`).send({}).expect(409);
    expect(again.body.message).toBe('Eleven har ikke et VIP-abonnement som fornyes automatisk, så det er ingenting å stoppe.');
    const none = await createUser(t);
    await admin.agent.post(`/api/admin/users/${none.id}/subscription/stop-renewal`).send({}).expect(409);
    expect(fake.callsTo('subscriptions.update')).toHaveLength(1);
  });

  it('a student, the member themself or no session cannot stop it; Stripe down is a 503 and nothing changed', async () => {
    const { user, sub } = await renewingMember();
    const path = `/api/admin/users/${user.id}/subscription/stop-renewal`;
    await t.http().post(path).send({}).expect(401);
    const student = await loginAs(t);
    await student.agent.post(path).send({}).expect(403);
    expect(fake.callsTo('subscriptions.update')).toHaveLength(0);

    const admin = await adminAgent(t);
    fake.fail('subscriptions.update', 500);
    const down = await admin.agent.post(path).send({}).expect(503);
    expect(down.body.message).toMatch(/Ingenting er endret/);
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await t.ds.getRepository(OutboxMessage).countBy({ userId: user.id, kind: 'membership_renewal_cancelled' })).toBe(0);
  });

  it('the overview counts renewing members, renewals due in the next 30 days and subscriptions ended in the last 30', async () => {
    const admin = await adminAgent(t);
    const counts = async () => (await admin.agent.get('/api/admin/stats').expect(200)).body.subscriptions;
    const before = await counts();
    expect(before).toEqual({
      renewing: expect.any(Number),
      dueNext30Days: expect.any(Number),
      endedLast30Days: expect.any(Number),
    });

    const now = clock.now().getTime();
    const renewing = await renewingMember(); // renews in a year
    const due = await renewingMember();
    await subs().update(due.sub.id, { currentPeriodEnd: new Date(now + 20 * DAY) });
    const dueLater = await renewingMember();
    await subs().update(dueLater.sub.id, { currentPeriodEnd: new Date(now + 31 * DAY) });
    const cancelled = await renewingMember(); // runs to its end, renews no more
    await subs().update(cancelled.sub.id, { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now + 10 * DAY) });
    const endedLately = await renewingMember();
    await subs().update(endedLately.sub.id, { status: 'ended', endedAt: new Date(now - 10 * DAY) });
    const endedLongAgo = await renewingMember();
    await subs().update(endedLongAgo.sub.id, { status: 'ended', endedAt: new Date(now - 40 * DAY) });
    expect(renewing.sub.status).toBe('active');

    expect(await counts()).toEqual({
      renewing: before.renewing + 3,
      dueNext30Days: before.dueNext30Days + 1,
      endedLast30Days: before.endedLast30Days + 1,
    });
  });
});
