import type TestAgent from 'supertest/lib/agent';
import { IsNull } from 'typeorm';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import type { User } from '../../backend/src/identity/entities/user.entity';
import { MembershipRound } from '../../backend/src/membership/membership-round';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { Subscription } from '../../backend/src/orders/entities/subscription.entity';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import { renewalChargeId } from '../../backend/src/orders/subscriptions/vipps-recurring-charges.service';
import { registerVippsWebhook } from '../../backend/src/orders/vipps/vipps-webhook-registration';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { addCalendarMonths as addMonths } from '../../backend/src/platform/time/calendar-period';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { osloDate } from '../../backend/src/platform/time/oslo-time';
import { adminAgent } from './admin-helpers';
import { fakeVippsEnv, signVippsWebhook, startFakeVipps, type FakeVipps } from './support/fake-vipps';
import type { RecurringWebhookEvent } from './support/fake-vipps-recurring';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * VIP that renews by Vipps (issue 39; docs/decisions.md "Memberships"): a Recurring API v3 agreement
 * approved in the app with the first period as its initial charge, the renewal charges the shop
 * creates itself (due early enough for Vipps, once per period whatever replays), the Recurring events
 * (each recorded once), «Si opp» and a stop in the Vipps app, a failed renewal's grace, and a refund
 * of a renewal. Time is the injected clock's; the fake Vipps reads the same clock for its due-date rule.
 */
describe('VIP that renews by Vipps (fake Vipps Recurring API, injected clock)', () => {
  let t: TestApp;
  let vipps: FakeVipps;
  let clock: ManualClock;
  let round: MembershipRound;
  // A Friday before DST ends in Oslo (the last Sunday of October 2027 is the 31st).
  const START = new Date('2026-10-29T10:00:00.000Z');

  beforeAll(async () => {
    clock = new ManualClock(START);
    vipps = await startFakeVipps();
    vipps.recurring.now = () => clock.now();
    t = await startTestApp({ ...fakeVippsEnv(vipps), MAIL_POLL_INTERVAL_MS: '0', MEMBERSHIP_INTERVAL_MS: '0' }, { clock });
    round = t.app.get(MembershipRound);
  });
  afterAll(async () => {
    await t.close();
    await vipps.close();
  });
  beforeEach(() => {
    vipps.reset();
    clock.set(START);
  });

  const form = (over: Record<string, unknown> = {}) => ({
    courseId: 'vip',
    email: uniqueEmail('vippsfornyer'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'vipps',
    acceptTerms: true,
    acceptRisk: true,
    autoRenew: true,
    ...over,
  });
  const subs = () => t.ds.getRepository(Subscription);
  const orders = () => t.ds.getRepository(Order);
  const activeVip = (userId: number) =>
    t.ds.getRepository(Grant).find({ where: { userId, courseId: 'vip', revokedAt: IsNull() } });
  /** The calls about one agreement (the members of earlier tests renew in the same database). */
  const callsFor = (route: Parameters<FakeVipps['callsTo']>[0], agreementId: string) =>
    vipps.callsTo(route).filter((c) => c.path.includes(`/agreements/${agreementId}`));
  const mails = (userId: number, kind: string) => t.ds.getRepository(OutboxMessage).find({ where: { userId, kind } });

  /** A Recurring event delivered as Vipps signs it; the answer's body. */
  async function deliver(event: RecurringWebhookEvent): Promise<Record<string, unknown>> {
    const body = JSON.stringify(event);
    const req = t.http().post('/api/vipps/webhook');
    for (const [k, v] of Object.entries(signVippsWebhook(body))) req.set(k, v);
    return (await req.send(body).expect(200)).body as Record<string, unknown>;
  }
  /** Every event twice (a replay), then twice again: the second and later answers are duplicates. */
  async function deliverAll(events: RecurringWebhookEvent[]): Promise<void> {
    for (const e of events) {
      expect(await deliver(e)).not.toHaveProperty('duplicate');
      expect(await deliver(e)).toMatchObject({ duplicate: true });
      expect(await deliver(e)).toMatchObject({ duplicate: true });
    }
  }

  /** A signed-in member who bought VIP with renewal by Vipps and approved the agreement in the app. */
  async function renewingMember(): Promise<{ agent: TestAgent; user: User; sub: Subscription; order: Order }> {
    const { agent, user } = await loginAs(t);
    const res = await agent.post('/api/checkout/sessions').send(form()).expect(201);
    const agreement = vipps.recurring.lastAgreement();
    expect(res.body.url).toBe(agreement.confirmationUrl);
    await deliverAll(vipps.recurring.approve(agreement.id));
    const order = await orders().findOneByOrFail({ providerReference: res.body.reference });
    return { agent, user, order, sub: await subs().findOneByOrFail({ orderId: order.id }) };
  }

  /** The round at `at`: creates the renewal's charge when it is due soon. */
  async function roundAt(at: Date) {
    clock.set(at);
    await round.runDue();
  }

  it('buys with renewal by Vipps: a yearly LEGACY agreement with the first period as its initial charge, approved in the app', async () => {
    const { agent, user, order, sub } = await renewingMember();
    const agreement = vipps.recurring.lastAgreement();
    expect(agreement.request).toMatchObject({
      pricing: { type: 'LEGACY', amount: 500000, currency: 'NOK' },
      interval: { unit: 'YEAR', count: 1 },
      initialCharge: { amount: 500000, transactionType: 'DIRECT_CAPTURE', orderId: order.providerReference },
      merchantRedirectUrl: expect.stringContaining(`/betaling/fullfort?session_id=${order.providerReference}`),
      merchantAgreementUrl: expect.stringMatching(/\/dashboard#membership-vip$/),
    });
    expect(agreement.request.productName.length).toBeLessThanOrEqual(45);
    expect(order).toMatchObject({
      status: 'paid',
      amountOre: 500000,
      provider: 'vipps',
      paymentMethod: 'vipps',
      userId: user.id,
    });
    // DIRECT_CAPTURE: captured when charged; the ePayment API is never asked.
    expect(order.capturedAt).not.toBeNull();
    expect(vipps.callsTo('capture')).toHaveLength(0);
    expect(vipps.callsTo('create')).toHaveLength(0);
    expect(sub).toMatchObject({ method: 'vipps', status: 'active', providerSubscriptionId: agreement.id, priceOre: 500000 });
    expect(sub.currentPeriodEnd!.toISOString()).toBe(addMonths(START, 12).toISOString());
    const [vip] = await activeVip(user.id);
    expect(vip.accessEndsAt!.toISOString()).toBe(addMonths(START, 12).toISOString());
    expect(await t.ds.getRepository(Receipt).countBy({ orderId: order.id })).toBe(1);
    const m = (await agent.get('/api/membership').expect(200)).body.memberships[0];
    expect(m).toMatchObject({ renews: true, renewalMethod: 'vipps', renewalPriceOre: 500000, subscription: { method: 'vipps' } });
  });

  it('the return page polls the agreement as Vipps asks: pending, then paid once ACTIVE and the initial charge CHARGED', async () => {
    const res = await t.http().post('/api/checkout/sessions').send(form()).expect(201);
    const reference = res.body.reference as string;
    expect((await t.http().get(`/api/checkout/sessions/${reference}`).expect(200)).body.status).toBe('pending');
    vipps.recurring.approve(vipps.recurring.lastAgreement().id); // no webhook: the page finds it
    const page = await t.http().get(`/api/checkout/sessions/${reference}`).expect(200);
    expect(page.body.status).toBe('paid');
    expect(vipps.callsTo('agreements.get').length).toBeGreaterThan(0);
    expect(vipps.callsTo('charges.get').length).toBeGreaterThan(0);
    // The webhook that follows changes nothing.
    const order = await orders().findOneByOrFail({ providerReference: reference });
    const captured = vipps.recurring.event(
      'recurring.charge-captured.v1',
      vipps.recurring.lastAgreement().id,
      [...vipps.recurring.charges.values()][0],
    );
    await deliver(captured);
    expect(await t.ds.getRepository(Receipt).countBy({ orderId: order.id })).toBe(1);
  });

  it('a rejected agreement ends the order; nothing is granted', async () => {
    const res = await t.http().post('/api/checkout/sessions').send(form()).expect(201);
    vipps.recurring.reject(vipps.recurring.lastAgreement().id);
    const page = await t.http().get(`/api/checkout/sessions/${res.body.reference}`).expect(200);
    expect(page.body.status).toBe('expired');
  });

  it('renewal succeeds: the shop creates one charge (due ahead, retryDays, an idempotency key per period), then a new period, one receipt', async () => {
    const { agent, user, sub } = await renewingMember();
    const periodEnd = addMonths(START, 12);
    // 11 days before: not yet. 10 days before: the charge, once however often the round runs.
    await roundAt(new Date(periodEnd.getTime() - 11 * DAY));
    expect(callsFor('charges.create', sub.providerSubscriptionId!)).toHaveLength(0);
    await roundAt(new Date(periodEnd.getTime() - 10 * DAY));
    await round.runDue();
    const created = callsFor('charges.create', sub.providerSubscriptionId!);
    expect(created).toHaveLength(1);
    const chargeId = renewalChargeId(sub.id, periodEnd);
    expect(created[0].body).toMatchObject({
      amount: 500000,
      transactionType: 'DIRECT_CAPTURE',
      retryDays: 3,
      orderId: chargeId,
      due: osloDate(new Date(periodEnd.getTime() - DAY)),
    });
    expect(created[0].headers['idempotency-key']).toBe(`charge-${chargeId}`);
    expect((await subs().findOneByOrFail({ id: sub.id })).nextChargeId).toBe(chargeId);

    // Vipps takes it on its due date; the event arrives three times.
    clock.set(new Date(periodEnd.getTime() - DAY));
    await deliverAll(vipps.recurring.process(chargeId, true));
    const renewals = await orders().find({ where: { userId: user.id, courseId: 'vip' }, order: { id: 'ASC' } });
    expect(renewals).toHaveLength(2);
    expect(renewals[1]).toMatchObject({ status: 'paid', amountOre: 500000, provider: 'vipps', providerReference: chargeId });
    expect(await t.ds.getRepository(Receipt).countBy({ orderId: renewals[1].id })).toBe(1);
    const after = await subs().findOneByOrFail({ id: sub.id });
    expect(after).toMatchObject({ status: 'active', nextChargeId: null, failedAttempts: 0 });
    expect(after.currentPeriodEnd!.toISOString()).toBe(addMonths(START, 24).toISOString());
    const ends = (await activeVip(user.id)).map((g) => g.accessEndsAt!.toISOString());
    expect(ends).toContain(addMonths(START, 24).toISOString());
    expect((await agent.get('/api/membership').expect(200)).body.memberships[0].receipts).toHaveLength(2);
    // The next round creates nothing more for this period.
    await round.runDue();
    expect(callsFor('charges.create', sub.providerSubscriptionId!)).toHaveLength(1);
  });

  it('a renewal charge is never due sooner than Vipps allows, and the fake refuses one that is (and one above the price limit)', async () => {
    const { sub } = await renewingMember();
    const periodEnd = addMonths(START, 12);
    // The round ran late: one day before the end. The charge is due two days from today.
    await roundAt(new Date(periodEnd.getTime() - DAY));
    const body = callsFor('charges.create', sub.providerSubscriptionId!)[0].body as { due: string };
    expect(body.due).toBe(osloDate(new Date(clock.now().getTime() + 2 * DAY)));
    // What the fake refuses, as Vipps does (the shop never sends these).
    const refusedSoon = vipps.recurring.handle(
      'charges.create',
      {
        params: { agreementId: sub.providerSubscriptionId! },
        body: { amount: 500000, due: osloDate(clock.now()), retryDays: 3, description: 'x', transactionType: 'DIRECT_CAPTURE' },
      } as never,
      '',
    );
    expect(refusedSoon.status).toBe(400);
    const refusedHigh = vipps.recurring.handle(
      'charges.create',
      {
        params: { agreementId: sub.providerSubscriptionId! },
        body: {
          amount: 500000 * 5 + 1,
          due: osloDate(new Date(clock.now().getTime() + 3 * DAY)),
          retryDays: 3,
          description: 'x',
          transactionType: 'DIRECT_CAPTURE',
        },
      } as never,
      '',
    );
    expect(refusedHigh.status).toBe(400);
  });

  it('renewal fails: a grace of 7 days with a mail, then the membership ends and the agreement is stopped', async () => {
    const { user, sub } = await renewingMember();
    const periodEnd = addMonths(START, 12);
    await roundAt(new Date(periodEnd.getTime() - 10 * DAY));
    const chargeId = renewalChargeId(sub.id, periodEnd);
    clock.set(new Date(periodEnd.getTime() + 3 * DAY)); // retryDays over
    await deliverAll(vipps.recurring.process(chargeId, false));
    const failed = await subs().findOneByOrFail({ id: sub.id });
    expect(failed).toMatchObject({ status: 'past_due', failedAttempts: 1, nextChargeId: null });
    expect(failed.graceEndsAt).not.toBeNull();
    expect(await mails(user.id, 'membership_renewal_failed')).toHaveLength(1);
    // In the grace, access is kept.
    await round.runDue();
    expect(await activeVip(user.id)).not.toHaveLength(0);
    // After it, the subscription ends, Vipps is told, access ends.
    clock.set(new Date(failed.graceEndsAt!.getTime() + 1000));
    await round.runDue();
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ status: 'ended' });
    expect(vipps.recurring.agreements.get(sub.providerSubscriptionId!)!.status).toBe('STOPPED');
    expect(callsFor('agreements.update', sub.providerSubscriptionId!)[0].body).toEqual({ status: 'STOPPED' });
    expect(await activeVip(user.id)).toHaveLength(0);
  });

  it('«Si opp» in the shop stops the agreement and cancels the coming charge; access runs to the end; it cannot be resumed at Vipps', async () => {
    const { agent, user, sub } = await renewingMember();
    const periodEnd = addMonths(START, 12);
    await roundAt(new Date(periodEnd.getTime() - 10 * DAY));
    const chargeId = renewalChargeId(sub.id, periodEnd);
    await agent.post('/api/membership/cancel-renewal').send({}).expect(200);
    expect(callsFor('charges.cancel', sub.providerSubscriptionId!)).toHaveLength(1);
    expect(callsFor('agreements.update', sub.providerSubscriptionId!)[0].body).toEqual({ status: 'STOPPED' });
    expect([...vipps.recurring.charges.values()].find((c) => c.id === chargeId)!.status).toBe('CANCELLED');
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: true, nextChargeId: null });
    expect(await mails(user.id, 'membership_renewal_cancelled')).toHaveLength(1);
    const m = (await agent.get('/api/membership').expect(200)).body.memberships[0];
    expect(m).toMatchObject({ renews: false, subscription: { method: 'vipps', canResume: false } });
    const resume = await agent.post('/api/membership/resume-renewal').send({}).expect(409);
    expect(resume.body.message).toMatch(/Vipps-avtalen ble stoppet/);
    // Vipps' events of the stop, replayed: nothing more.
    await deliverAll([
      vipps.recurring.event('recurring.agreement-stopped.v1', sub.providerSubscriptionId!, null, 'MERCHANT'),
      vipps.recurring.event(
        'recurring.charge-canceled.v1',
        sub.providerSubscriptionId!,
        [...vipps.recurring.charges.values()].at(-1),
      ),
    ]);
    // No charge for a stopped agreement; access to the end, then it ends.
    await roundAt(new Date(periodEnd.getTime() - 5 * DAY));
    expect(callsFor('charges.create', sub.providerSubscriptionId!)).toHaveLength(1);
    expect(await activeVip(user.id)).not.toHaveLength(0);
    await roundAt(new Date(periodEnd.getTime() + 1000));
    expect(await activeVip(user.id)).toHaveLength(0);
  });

  it("the mentor's «Stopp fornyelse» stops the Vipps agreement too; the panel shows the method Vipps", async () => {
    const { user, sub } = await renewingMember();
    const { agent: admin } = await adminAgent(t);
    const shown = await admin.get(`/api/admin/users/${user.id}`).expect(200);
    expect(shown.body.subscription).toMatchObject({ method: 'vipps', status: 'active' });
    await admin.post(`/api/admin/users/${user.id}/subscription/stop-renewal`).send({}).expect(200);
    expect(callsFor('agreements.update', sub.providerSubscriptionId!)[0].body).toEqual({ status: 'STOPPED' });
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await mails(user.id, 'membership_renewal_cancelled')).toHaveLength(1);
  });

  it('erasing the account stops its Vipps agreement after the erasure, so nothing is charged for an account that is gone', async () => {
    const { agent, sub } = await renewingMember();
    await agent.delete('/api/account').send({ password: 'hemmelig123' }).expect(200);
    expect(await subs().countBy({ id: sub.id })).toBe(0);
    expect(vipps.recurring.agreements.get(sub.providerSubscriptionId!)!.status).toBe('STOPPED');
  });

  it('stopped in the Vipps app: honoured like «Si opp» (the coming charge cancelled, access to the end, no more charges)', async () => {
    const { agent, user, sub } = await renewingMember();
    const periodEnd = addMonths(START, 12);
    await roundAt(new Date(periodEnd.getTime() - 10 * DAY));
    await deliverAll(vipps.recurring.stopInApp(sub.providerSubscriptionId!));
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: true, nextChargeId: null });
    // The confirmation, as for «Si opp», once however often Vipps delivers the event.
    const confirmations = await mails(user.id, 'membership_renewal_cancelled');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0].subject).toMatch(/fornyes ikke lenger/);
    const m = (await agent.get('/api/membership').expect(200)).body.memberships[0];
    expect(m).toMatchObject({ renews: false, renewsAt: null });
    await round.runDue();
    expect(callsFor('charges.create', sub.providerSubscriptionId!)).toHaveLength(1);
    expect(await activeVip(user.id)).not.toHaveLength(0);
    await roundAt(new Date(periodEnd.getTime() + 1000));
    expect(await activeVip(user.id)).toHaveLength(0);
  });

  it('a refund of a renewal (the one refund path) refunds the charge at Vipps, ends that period and stops the agreement', async () => {
    const { user, sub } = await renewingMember();
    const periodEnd = addMonths(START, 12);
    await roundAt(new Date(periodEnd.getTime() - 10 * DAY));
    const chargeId = renewalChargeId(sub.id, periodEnd);
    clock.set(new Date(periodEnd.getTime() - DAY));
    await deliverAll(vipps.recurring.process(chargeId, true));
    const renewal = await orders().findOneByOrFail({ providerReference: chargeId });
    const { order: after } = await t.app.get(RefundsService).refund(renewal.id, { reason: 'Angret fornyelsen' });
    expect(after).toMatchObject({ status: 'refunded', refundedOre: 500000 });
    expect(callsFor('charges.refund', sub.providerSubscriptionId!)).toHaveLength(1);
    expect(callsFor('charges.refund', sub.providerSubscriptionId!)[0].body).toMatchObject({ amount: 500000 });
    expect(vipps.callsTo('refund')).toHaveLength(0);
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ status: 'ended' });
    expect(vipps.recurring.agreements.get(sub.providerSubscriptionId!)!.status).toBe('STOPPED');
    const ends = (await activeVip(user.id)).map((g) => g.accessEndsAt!.toISOString());
    expect(ends).not.toContain(addMonths(START, 24).toISOString());
  });

  it('a year-end renewal across the end of DST in Oslo: due the day before on the Oslo calendar, the new period the same wall-clock time', async () => {
    // Bought 2026-10-29 12:00 Oslo (CEST); renews 2027-10-29, two days before DST ends (2027-10-31).
    // A purchase on 2026-11-02 (CET) renews 2027-11-02 after the change: the same Oslo wall clock.
    clock.set(new Date('2026-11-02T11:00:00.000Z'));
    const { agent } = await loginAs(t);
    const res = await agent.post('/api/checkout/sessions').send(form()).expect(201);
    await deliverAll(vipps.recurring.approve(vipps.recurring.lastAgreement().id));
    const order = await orders().findOneByOrFail({ providerReference: res.body.reference });
    const sub = await subs().findOneByOrFail({ orderId: order.id });
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2027-11-02T11:00:00.000Z');
    await roundAt(new Date('2027-10-24T10:00:00.000Z')); // CEST, before the change
    const body = callsFor('charges.create', sub.providerSubscriptionId!)[0].body as { due: string };
    expect(body.due).toBe('2027-11-01');
    clock.set(new Date('2027-11-01T06:00:00.000Z')); // CET, after the change
    await deliverAll(vipps.recurring.process(renewalChargeId(sub.id, sub.currentPeriodEnd!), true));
    expect((await subs().findOneByOrFail({ id: sub.id })).currentPeriodEnd!.toISOString()).toBe('2028-11-02T11:00:00.000Z');
  });

  it('the webhook registration asks for the Recurring events beside the ePayment ones', async () => {
    await registerVippsWebhook(t.cfg);
    expect(vipps.webhooks.at(-1)!.events).toEqual(
      expect.arrayContaining([
        'epayments.payment.authorized.v1',
        'recurring.agreement-activated.v1',
        'recurring.agreement-stopped.v1',
        'recurring.agreement-expired.v1',
        'recurring.charge-captured.v1',
        'recurring.charge-failed.v1',
        'recurring.charge-canceled.v1',
      ]),
    );
  });
});
