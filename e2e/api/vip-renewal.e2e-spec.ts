import type TestAgent from 'supertest/lib/agent';
import { In, IsNull } from 'typeorm';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import type { User } from '../../backend/src/identity/entities/user.entity';
import { MembershipRound } from '../../backend/src/membership/membership-round';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import { Subscription } from '../../backend/src/orders/entities/subscription.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { addCalendarMonths as addMonths } from '../../backend/src/platform/time/calendar-period';
import { ManualClock } from '../../backend/src/platform/time/clock';
import {
  chargeRefundedEvent,
  deliverWebhook,
  fakeStripeEnv,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from './support/fake-stripe';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * VIP that renews by itself, by card (issue 39; docs/decisions.md "Memberships"): the checkout in
 * Stripe's subscription mode, the first period paid at once, each paid invoice a new 12 months with
 * its receipt (one order, one charge, however often Stripe delivers the event), a failed charge a
 * 7-day grace with a mail and then the end, «Si opp» and «Slå på fornyelse igjen» told to Stripe, the
 * customer portal, and the reminder 14 days before the renewal. Time is the injected clock's; the
 * fake Stripe bills at the clock's time.
 */
describe('VIP that renews (fake Stripe server, injected clock)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock: ManualClock;
  let round: MembershipRound;
  // A Friday before DST ends in Oslo (the last Sunday of October 2027 is the 31st).
  const START = new Date('2026-10-29T10:00:00.000Z');

  beforeAll(async () => {
    clock = new ManualClock(START);
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), MAIL_POLL_INTERVAL_MS: '0', MEMBERSHIP_INTERVAL_MS: '0' }, { clock });
    round = t.app.get(MembershipRound);
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
    email: uniqueEmail('vipfornyer'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    autoRenew: true,
    ...over,
  });
  const subs = () => t.ds.getRepository(Subscription);
  const deliver = async (type: string, object: unknown, id?: string) =>
    (await deliverWebhook(t.http(), stripeEvent(type, object, id)).expect(200)).body as Record<string, unknown>;
  const mails = (userId: number, kind: string) => t.ds.getRepository(OutboxMessage).find({ where: { userId, kind } });
  const activeVip = (userId: number) =>
    t.ds.getRepository(Grant).find({ where: { userId, courseId: 'vip', revokedAt: IsNull() } });

  /** A signed-in member who bought VIP with «Forny automatisk hvert år», paid, with the first invoice delivered. */
  async function renewingMember(): Promise<{ agent: TestAgent; user: User; sub: Subscription; order: Order }> {
    const { agent, user } = await loginAs(t);
    await agent.post('/api/checkout/sessions').send(form()).expect(201);
    const session = fake.pay(fake.lastSession().id, clock.now());
    await deliver('checkout.session.completed', session);
    await deliver('invoice.paid', fake.invoiceObject(session.invoice!));
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    return { agent, user, order, sub: await subs().findOneByOrFail({ orderId: order.id }) };
  }

  it('is refused plainly for other courses, with Vipps or Klarna and with a campaign code; nothing is ordered', async () => {
    const http = t.http();
    const foundation = await http
      .post('/api/checkout/sessions')
      .send(form({ courseId: 'foundation' }))
      .expect(400);
    expect(foundation.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Automatisk fornyelse finnes bare for VIP-medlemskapet.',
    });
    const klarna = await http
      .post('/api/checkout/sessions')
      .send(form({ paymentMethod: 'klarna' }))
      .expect(400);
    expect(klarna.body.message).toMatch(/betales med kort/);
    const code = await http
      .post('/api/checkout/sessions')
      .send(form({ campaignCode: 'VAAR2026' }))
      .expect(400);
    expect(code.body.message).toMatch(/Kampanjekoder gjelder bare en enkelt periode/);
    await http
      .post('/api/checkout/sessions')
      .send(form({ autoRenew: 'ja' }))
      .expect(400);
    expect(fake.callsTo('sessions.create')).toHaveLength(0);
  });

  it('without the box, VIP is one 12-month period as before (payment mode, no subscription)', async () => {
    const { agent } = await loginAs(t);
    await agent
      .post('/api/checkout/sessions')
      .send(form({ autoRenew: false }))
      .expect(201);
    const body = fake.callsTo('sessions.create')[0].body as Record<string, unknown>;
    expect(body.mode).toBe('payment');
    expect(JSON.stringify(body.line_items)).not.toMatch(/recurring/);
    const session = fake.pay(fake.lastSession().id, clock.now());
    await deliver('checkout.session.completed', session);
    expect((await agent.get('/api/membership').expect(200)).body.memberships[0]).toMatchObject({
      renews: false,
      renewsAt: null,
      renewalMethod: null,
      renewalPriceOre: null,
      subscription: null,
    });
  });

  it('buys with renewal: a yearly subscription in Stripe Checkout, the first period paid at once, the page says when, how much and how', async () => {
    const { agent, user, order, sub } = await renewingMember();
    const body = fake.callsTo('sessions.create')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      mode: 'subscription',
      line_items: [
        { price_data: { unit_amount: '500000', currency: 'nok', recurring: { interval: 'year', interval_count: '1' } } },
      ],
      subscription_data: { metadata: { orderId: String(order.id), courseId: 'vip' } },
    });
    expect(body.payment_intent_data).toBeUndefined();
    const stripeSub = [...fake.subscriptions.values()][0];
    expect(order).toMatchObject({ status: 'paid', amountOre: 500000, userId: user.id });
    // The first invoice's payment intent (read from Stripe: the event does not include `payments`) makes it refundable.
    expect(order.stripePaymentIntentId).toBe(fake.invoices.get(stripeSub.latest_invoice!)!.payment_intent_id);
    expect(fake.callsTo('invoices.retrieve')).toHaveLength(1);
    expect(sub).toMatchObject({
      userId: user.id,
      status: 'active',
      method: 'card',
      priceOre: 500000,
      providerSubscriptionId: stripeSub.id,
      providerCustomerId: stripeSub.customer,
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
    });
    const renewsAt = addMonths(START, 12);
    expect(sub.currentPeriodEnd!.toISOString()).toBe(renewsAt.toISOString());
    const [vip] = await activeVip(user.id);
    expect(vip.accessEndsAt!.toISOString()).toBe(renewsAt.toISOString());

    // A second renewing checkout is refused: it would charge twice a year.
    const twice = await agent.post('/api/checkout/sessions').send(form()).expect(409);
    expect(twice.body.message).toMatch(/fornyes allerede automatisk/);
    const m = (await agent.get('/api/membership').expect(200)).body.memberships[0];
    expect(m).toMatchObject({
      renews: true,
      renewsAt: renewsAt.toISOString(),
      renewalMethod: 'card',
      renewalPriceOre: 500000,
      subscription: {
        method: 'card',
        status: 'active',
        cancelAtPeriodEnd: false,
        canResume: false,
        graceEndsAt: null,
        canChangeCard: true,
      },
    });
    expect(m.receipts).toHaveLength(1);
    expect(m.receipts[0]).toMatchObject({ orderId: order.id, totalOre: 500000, pdfPath: `/api/orders/${order.id}/receipt.pdf` });

    // The card is changed in Stripe's customer portal, back on the VIP page.
    const portal = await agent.post('/api/membership/portal-session').send({}).expect(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.callsTo('billingPortal.create')[0].body).toMatchObject({
      customer: stripeSub.customer,
      return_url: expect.stringMatching(/\/dashboard#membership-vip$/),
      locale: 'nb',
    });
  });

  it('a paid renewal is a new 12 months from the running end with its own receipt: one order and one charge, whatever Stripe replays', async () => {
    const { agent, user, sub } = await renewingMember();
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionId!)!;

    // 14 days before: "fornyes automatisk <dato> for <pris>", once.
    clock.set(new Date(addMonths(START, 12).getTime() - 13 * DAY));
    await round.runDue();
    await round.runDue();
    const reminders = await mails(user.id, 'membership_renewing');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toBe('VIP fornyes automatisk 29. oktober 2027 for 5 000 kr');
    expect(await mails(user.id, 'membership_ending')).toHaveLength(0);

    clock.set(addMonths(START, 12));
    const invoice = fake.renew(stripeSub.id, { paid: true, at: clock.now() });
    const event = stripeEvent('invoice.paid', fake.invoiceObject(invoice.id));
    await deliverWebhook(t.http(), event).expect(200);
    // The same event twice more, and the same invoice in an event with another id: nothing more.
    expect((await deliverWebhook(t.http(), event).expect(200)).body).toMatchObject({ duplicate: true });
    expect((await deliverWebhook(t.http(), event).expect(200)).body).toMatchObject({ duplicate: true });
    await deliver('invoice.paid', fake.invoiceObject(invoice.id));

    const orders = await t.ds.getRepository(Order).find({ where: { userId: user.id, courseId: 'vip' }, order: { id: 'ASC' } });
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({
      status: 'paid',
      amountOre: 500000,
      provider: 'stripe',
      providerReference: invoice.id,
      stripePaymentIntentId: invoice.payment_intent_id,
    });
    const receipts = await t.ds.getRepository(Receipt).find({ where: { orderId: In(orders.map((o) => o.id)), kind: 'receipt' } });
    expect(receipts).toHaveLength(2);
    expect(await mails(user.id, 'receipt')).toHaveLength(2);
    const ends = (await activeVip(user.id)).map((g) => g.accessEndsAt!.toISOString()).sort();
    expect(ends.at(-1)).toBe(addMonths(START, 24).toISOString());
    const after = await subs().findOneByOrFail({ id: sub.id });
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect(after.currentPeriodEnd!.toISOString()).toBe(addMonths(START, 24).toISOString());
    const m = (await agent.get('/api/membership').expect(200)).body.memberships[0];
    expect(m).toMatchObject({
      renews: true,
      renewsAt: addMonths(START, 24).toISOString(),
      endsAt: addMonths(START, 24).toISOString(),
    });
    expect(m.receipts).toHaveLength(2);
  });

  it('a failed renewal keeps access for a 7-day grace (to the end of the Oslo day, across the DST change) with one mail, then ends', async () => {
    const { agent, user, sub } = await renewingMember();
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionId!)!;
    clock.set(addMonths(START, 12)); // 2027-10-29 12:00 in Oslo (CEST); DST ends two days later
    const invoice = fake.renew(stripeSub.id, { paid: false, at: clock.now() });
    const event = stripeEvent('invoice.payment_failed', fake.invoiceObject(invoice.id));
    for (let i = 0; i < 3; i++) await deliverWebhook(t.http(), event).expect(200);

    let row = await subs().findOneByOrFail({ id: sub.id });
    // 7 calendar days on, the end of Friday 5 November in Oslo: 24:00 CET is 23:00 UTC.
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(row.graceEndsAt!.toISOString()).toBe('2027-11-05T23:00:00.000Z');
    const failed = await mails(user.id, 'membership_renewal_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].subject).toBe('Vi fikk ikke fornyet VIP: sjekk kortet ditt');
    expect((await agent.get('/api/membership').expect(200)).body.memberships[0].subscription).toMatchObject({
      status: 'past_due',
      graceEndsAt: '2027-11-05T23:00:00.000Z',
    });

    // Stripe tries again and fails again: the grace does not grow; one mail per failed charge.
    clock.advance(3 * DAY);
    fake.renew(stripeSub.id, { paid: false, at: clock.now() });
    await deliver('invoice.payment_failed', fake.invoiceObject(invoice.id));
    row = await subs().findOneByOrFail({ id: sub.id });
    expect(row.failedAttempts).toBe(2);
    expect(row.graceEndsAt!.toISOString()).toBe('2027-11-05T23:00:00.000Z');

    // The period is over, the grace is not: access stays.
    await round.runDue();
    expect(await activeVip(user.id)).toHaveLength(1);
    clock.set(new Date('2027-11-05T22:59:00.000Z'));
    await round.runDue();
    expect(await activeVip(user.id)).toHaveLength(1);

    // The grace is over: renewal ends (Stripe stops trying) and so does access.
    clock.set(new Date('2027-11-05T23:00:00.000Z'));
    await round.runDue();
    await round.runDue();
    expect(await activeVip(user.id)).toHaveLength(0);
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ status: 'ended', graceEndsAt: null });
    expect(fake.callsTo('subscriptions.cancel')).toHaveLength(1);
    expect(stripeSub.status).toBe('canceled');
    expect((await agent.get('/api/membership').expect(200)).body.memberships[0] ?? null).toBeNull();
  });

  it('a renewal paid within the grace ends it: the new period runs from the old end', async () => {
    const { user, sub } = await renewingMember();
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionId!)!;
    clock.set(addMonths(START, 12));
    const invoice = fake.renew(stripeSub.id, { paid: false, at: clock.now() });
    await deliver('invoice.payment_failed', fake.invoiceObject(invoice.id));
    clock.advance(2 * DAY);
    fake.renew(stripeSub.id, { paid: true, at: clock.now() });
    await deliver('invoice.paid', fake.invoiceObject(invoice.id));
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      graceEndsAt: null,
    });
    const ends = (await activeVip(user.id)).map((g) => g.accessEndsAt!.getTime());
    expect(Math.max(...ends)).toBe(addMonths(START, 24).getTime());
  });

  it('a refund of a renewal (the one refund path) ends that period and stops renewal; Stripe charges nothing more', async () => {
    const { agent, user, sub } = await renewingMember();
    clock.set(addMonths(START, 12));
    const invoice = fake.renew(sub.providerSubscriptionId!, { paid: true, at: clock.now() });
    await deliver('invoice.paid', fake.invoiceObject(invoice.id));
    const renewal = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: invoice.id });
    clock.advance(5 * DAY); // within the 30-day guarantee

    const { order: after } = await t.app.get(RefundsService).refund(renewal.id, { reason: 'Angret fornyelsen' });
    expect(after).toMatchObject({ status: 'refunded', refundedOre: 500000 });
    expect(fake.refunds.at(-1)).toMatchObject({ payment_intent: invoice.payment_intent_id, amount: 500000 });
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ status: 'ended', cancelAtPeriodEnd: true });
    expect(fake.subscriptions.get(sub.providerSubscriptionId!)!.status).toBe('canceled');
    // Stripe's charge.refunded of the same refund, twice: nothing more.
    const refunded = chargeRefundedEvent(fake, invoice.payment_intent_id!, { embedRefunds: true, amount: 500000 });
    await deliverWebhook(t.http(), refunded).expect(200);
    await deliverWebhook(t.http(), refunded).expect(200);
    expect(await t.ds.getRepository(Refund).countBy({ orderId: renewal.id })).toBe(1);
    // The refunded period is gone (the first one ended on its day): the round ends the access.
    await round.runDue();
    expect(await activeVip(user.id)).toHaveLength(0);
    expect((await agent.get('/api/membership').expect(200)).body.memberships).toEqual([]);
  });

  it('«Si opp» tells Stripe (cancel_at_period_end) and mails a confirmation; «Slå på fornyelse igjen» undoes it; the end at Stripe ends renewal, access runs out', async () => {
    const { agent, user, sub } = await renewingMember();
    const stripeSub = fake.subscriptions.get(sub.providerSubscriptionId!)!;
    clock.advance(30 * DAY);

    const cancelled = await agent.post('/api/membership/cancel-renewal').send({}).expect(200);
    expect(cancelled.body.memberships[0]).toMatchObject({
      renews: false,
      renewsAt: null,
      subscription: { cancelAtPeriodEnd: true, canResume: true },
    });
    expect(fake.callsTo('subscriptions.update')[0].body).toEqual({ cancel_at_period_end: 'true' });
    expect(stripeSub.cancel_at_period_end).toBe(true);
    const confirm = await mails(user.id, 'membership_renewal_cancelled');
    expect(confirm).toHaveLength(1);
    expect(confirm[0].subject).toBe('VIP fornyes ikke lenger');
    // Twice is refused plainly (nothing renews).
    const again = await agent.post('/api/membership/cancel-renewal').send({}).expect(409);
    expect(again.body.message).toMatch(/fornyes ikke automatisk/);

    const resumed = await agent.post('/api/membership/resume-renewal').send({}).expect(200);
    expect(resumed.body.memberships[0]).toMatchObject({
      renews: true,
      subscription: { cancelAtPeriodEnd: false, canResume: false },
    });
    expect(stripeSub.cancel_at_period_end).toBe(false);
    await agent.post('/api/membership/resume-renewal').send({}).expect(409);

    // Cancelled in Stripe's portal: the update event says so.
    stripeSub.cancel_at_period_end = true;
    await deliver('customer.subscription.updated', stripeSub);
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: true });

    // The reminder 14 days before the end is the one of a period that ends (it does not renew).
    clock.set(new Date(addMonths(START, 12).getTime() - 13 * DAY));
    await round.runDue();
    expect(await mails(user.id, 'membership_renewing')).toHaveLength(0);
    expect(await mails(user.id, 'membership_ending')).toHaveLength(1);

    // Stripe ends the subscription at the period's end; replays change nothing.
    clock.set(addMonths(START, 12));
    stripeSub.status = 'canceled';
    const deleted = stripeEvent('customer.subscription.deleted', stripeSub);
    await deliverWebhook(t.http(), deleted).expect(200);
    expect((await deliverWebhook(t.http(), deleted).expect(200)).body).toMatchObject({ duplicate: true });
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ status: 'ended' });
    await round.runDue();
    expect(await activeVip(user.id)).toHaveLength(0);
    await agent.post('/api/membership/resume-renewal').send({}).expect(409);
  });

  it('Stripe down when «Si opp» is pressed: 503, and nothing changed here', async () => {
    const { agent, sub } = await renewingMember();
    fake.fail('subscriptions.update', 500);
    const res = await agent.post('/api/membership/cancel-renewal').send({}).expect(503);
    expect(res.body.message).toMatch(/Ingenting er endret/);
    expect(await subs().findOneByOrFail({ id: sub.id })).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('the renewal a year on, at the same Oslo time across the two DST changes of the year', async () => {
    // Bought in summer time; billed a year later, in summer time again.
    clock.set(new Date('2027-06-15T08:00:00.000Z'));
    const { user, sub } = await renewingMember();
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2028-06-15T08:00:00.000Z');
    clock.set(new Date('2028-06-15T08:00:00.000Z'));
    const inv = fake.renew(sub.providerSubscriptionId!, { paid: true, at: clock.now() });
    await deliver('invoice.paid', fake.invoiceObject(inv.id));
    const ends = (await activeVip(user.id)).map((g) => g.accessEndsAt!.toISOString()).sort();
    expect(ends.at(-1)).toBe('2029-06-15T08:00:00.000Z');
    expect((await subs().findOneByOrFail({ id: sub.id })).currentPeriodEnd!.toISOString()).toBe('2029-06-15T08:00:00.000Z');
  });
});
