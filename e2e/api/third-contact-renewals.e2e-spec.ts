import type TestAgent from 'supertest/lib/agent';
import { In, IsNull } from 'typeorm';
import type { AdminPaymentReview, AdminWorkQueue } from '@academy/contracts';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import type { User } from '../../backend/src/identity/entities/user.entity';
import { MembershipRound } from '../../backend/src/membership/membership-round';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { PaymentReview } from '../../backend/src/orders/entities/payment-review.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { Subscription } from '../../backend/src/orders/entities/subscription.entity';
import { renewalChargeId } from '../../backend/src/orders/subscriptions/vipps-recurring-charges.service';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { addCalendarMonths as addMonths } from '../../backend/src/platform/time/calendar-period';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { fakeVippsEnv, signVippsWebhook, startFakeVipps, type FakeVipps } from './support/fake-vipps';
import type { RecurringWebhookEvent } from './support/fake-vipps-recurring';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * Renewal payments the shop cannot match renew nothing (docs/decisions.md "Automatic renewal"): a
 * Stripe invoice of a subscription the shop never made (whatever order its metadata names), an
 * invoice or Vipps charge of another amount or currency than the agreed price, a Vipps charge the
 * shop never created. Each is recorded once and waits in the mentor's work queue, saying what came
 * in, what was agreed and what the mentor can do, until the mentor marks it handled.
 */
describe('renewal payments that match nothing wait for the mentor (fake Stripe and Vipps, injected clock)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let vipps: FakeVipps;
  let clock: ManualClock;
  let admin: TestAgent;
  const START = new Date('2026-10-29T10:00:00.000Z');

  beforeAll(async () => {
    clock = new ManualClock(START);
    stripe = await startFakeStripe();
    vipps = await startFakeVipps();
    vipps.recurring.now = () => clock.now();
    t = await startTestApp(
      { ...fakeStripeEnv(stripe), ...fakeVippsEnv(vipps), MAIL_POLL_INTERVAL_MS: '0', MEMBERSHIP_INTERVAL_MS: '0' },
      { clock },
    );
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await vipps.close();
  });
  beforeEach(() => {
    stripe.reset();
    vipps.reset();
    clock.set(START);
  });

  const form = (paymentMethod: 'card' | 'vipps') => ({
    courseId: 'vip',
    email: uniqueEmail('fornyer'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod,
    acceptTerms: true,
    acceptRisk: true,
    autoRenew: true,
  });
  const subs = () => t.ds.getRepository(Subscription);
  const queue = async () => (await admin.get('/api/admin/work-queue').expect(200)).body as AdminWorkQueue;
  const reviews = async () => (await admin.get('/api/admin/payment-reviews').expect(200)).body as AdminPaymentReview[];
  const deliverStripe = async (type: string, object: unknown) =>
    (await deliverWebhook(t.http(), stripeEvent(type, object)).expect(200)).body as Record<string, unknown>;
  async function deliverVipps(event: RecurringWebhookEvent): Promise<Record<string, unknown>> {
    const body = JSON.stringify(event);
    const req = t.http().post('/api/vipps/webhook');
    for (const [k, v] of Object.entries(signVippsWebhook(body))) req.set(k, v);
    return (await req.send(body).expect(200)).body as Record<string, unknown>;
  }

  /** What a renewal would change: the member's orders, receipts, VIP end and the subscription's period. */
  async function state(user: User, sub: Subscription) {
    const orders = await t.ds.getRepository(Order).find({ where: { userId: user.id } });
    const grants = await t.ds.getRepository(Grant).find({ where: { userId: user.id, courseId: 'vip', revokedAt: IsNull() } });
    return {
      orders: orders.length,
      receipts: await t.ds.getRepository(Receipt).countBy({ orderId: In(orders.map((o) => o.id)) }),
      vipEnds: grants.map((g) => g.accessEndsAt?.toISOString()).sort(),
      periodEnd: (await subs().findOneByOrFail({ id: sub.id })).currentPeriodEnd?.toISOString(),
    };
  }

  async function cardMember(): Promise<{ user: User; sub: Subscription; order: Order }> {
    const { agent, user } = await loginAs(t);
    await agent.post('/api/checkout/sessions').send(form('card')).expect(201);
    const session = stripe.pay(stripe.lastSession().id, clock.now());
    await deliverStripe('checkout.session.completed', session);
    await deliverStripe('invoice.paid', stripe.invoiceObject(session.invoice!));
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    return { user, order, sub: await subs().findOneByOrFail({ orderId: order.id }) };
  }

  async function vippsMember(): Promise<{ user: User; sub: Subscription }> {
    const { agent, user } = await loginAs(t);
    const res = await agent.post('/api/checkout/sessions').send(form('vipps')).expect(201);
    for (const e of vipps.recurring.approve(vipps.recurring.lastAgreement().id)) await deliverVipps(e);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: res.body.reference });
    return { user, sub: await subs().findOneByOrFail({ orderId: order.id }) };
  }

  /** A paid renewal invoice as Stripe's event carries it, for any subscription, amount and order metadata. */
  function invoice(over: { subscription: string; amountPaid: number; orderId?: number; reason?: string; currency?: string }) {
    const metadata = over.orderId ? { orderId: String(over.orderId) } : {};
    return {
      id: `in_forged_${Math.random().toString(36).slice(2, 10)}`,
      object: 'invoice',
      customer: 'cus_someone',
      status: 'paid',
      billing_reason: over.reason ?? 'subscription_cycle',
      amount_due: over.amountPaid,
      amount_paid: over.amountPaid,
      currency: over.currency ?? 'nok',
      parent: { type: 'subscription_details', subscription_details: { subscription: over.subscription, metadata } },
      lines: { object: 'list', data: [{ period: { start: 1, end: Math.floor(addMonths(START, 24).getTime() / 1000) } }] },
    };
  }

  it('Stripe: an invoice of a subscription the shop never made renews nothing, whatever VIP order its metadata names', async () => {
    const { user, sub, order } = await cardMember();
    const before = await state(user, sub);
    const q0 = await queue();
    const cycle = invoice({ subscription: 'sub_NOT_OURS', amountPaid: 100, orderId: order.id });
    expect(await deliverStripe('invoice.paid', cycle)).toMatchObject({ ignored: true });
    // Said to be the first invoice: the order's row is linked to its own subscription already.
    const create = invoice({
      subscription: 'sub_NOT_OURS_EITHER',
      amountPaid: 500000,
      orderId: order.id,
      reason: 'subscription_create',
    });
    expect(await deliverStripe('invoice.paid', create)).toMatchObject({ ignored: true });
    // The same invoice delivered again is not a second item.
    await deliverStripe('invoice.paid', cycle);

    expect(await state(user, sub)).toEqual(before);
    expect((await subs().findOneByOrFail({ id: sub.id })).providerSubscriptionId).toBe(sub.providerSubscriptionId);
    expect((await queue()).paymentsToReview).toBe(q0.paymentsToReview + 2);
    const item = (await reviews()).find((r) => r.reference === cycle.id)!;
    expect(item).toMatchObject({
      provider: 'stripe',
      reason: 'unknown_subscription',
      providerSubscriptionId: 'sub_NOT_OURS',
      subscriptionId: null,
      amountOre: 100,
      currency: 'NOK',
      expectedOre: null,
    });
    expect(item.text).toContain('1,00 kr');
    expect(item.text).toContain('sub_NOT_OURS');
    expect(item.text).toMatch(/Ingenting er fornyet/);
    expect(item.text).toMatch(/Refunder betalingen i Stripe/);
  });

  it('Stripe: a 1 kr invoice, or the price in another currency, on the member’s own subscription renews nothing', async () => {
    const { user, sub } = await cardMember();
    const before = await state(user, sub);
    const q0 = await queue();
    const small = invoice({ subscription: sub.providerSubscriptionId!, amountPaid: 100 });
    expect(await deliverStripe('invoice.paid', small)).toMatchObject({ ignored: true });
    const euro = invoice({ subscription: sub.providerSubscriptionId!, amountPaid: 500000, currency: 'eur' });
    expect(await deliverStripe('invoice.paid', euro)).toMatchObject({ ignored: true });
    expect(await state(user, sub)).toEqual(before);
    expect((await queue()).paymentsToReview).toBe(q0.paymentsToReview + 2);
    const all = await reviews();
    const a = all.find((r) => r.reference === small.id)!;
    expect(a).toMatchObject({
      reason: 'amount_mismatch',
      subscriptionId: sub.id,
      email: user.email,
      amountOre: 100,
      currency: 'NOK',
      expectedOre: 500000,
      expectedCurrency: 'NOK',
    });
    expect(a.text).toContain('1,00 kr');
    expect(a.text).toContain('5 000,00 kr');
    expect(all.find((r) => r.reference === euro.id)).toMatchObject({
      reason: 'amount_mismatch',
      amountOre: 500000,
      currency: 'EUR',
    });

    // The agreed price on the member's own subscription still renews.
    const real = stripe.renew(sub.providerSubscriptionId!, { paid: true, at: addMonths(START, 12) });
    clock.set(addMonths(START, 12));
    expect(await deliverStripe('invoice.paid', stripe.invoiceObject(real.id))).not.toHaveProperty('ignored');
    expect((await state(user, sub)).orders).toBe(before.orders + 1);
  });

  it('Vipps: a charge the shop never created, or its own charge at another amount (0 kr too), renews nothing', async () => {
    const { user, sub } = await vippsMember();
    const before = await state(user, sub);
    const q0 = await queue();
    const agreementId = sub.providerSubscriptionId!;
    const captured = (chargeId: string, amount: number | null, currency = 'NOK'): RecurringWebhookEvent => ({
      msn: '123456',
      eventType: 'recurring.charge-captured.v1',
      agreementId,
      chargeId,
      chargeType: 'RECURRING',
      amount,
      currency: currency as 'NOK',
      occurred: new Date().toISOString(),
    });
    // Not created by the shop (no charge is pending, the id is only made to look like one).
    const strange = renewalChargeId(sub.id, addMonths(START, 36));
    expect(await deliverVipps(captured(strange, 500000))).toMatchObject({ ignored: true });
    expect(await deliverVipps(captured('chr-someone-else', 500000))).toMatchObject({ ignored: true });

    // The shop's own renewal charge, captured at 0 kr and at 1 kr.
    const periodEnd = addMonths(START, 12);
    clock.set(new Date(periodEnd.getTime() - 10 * DAY));
    await t.app.get(MembershipRound).runDue();
    const own = renewalChargeId(sub.id, periodEnd);
    expect((await subs().findOneByOrFail({ id: sub.id })).nextChargeId).toBe(own);
    expect(await deliverVipps(captured(own, 0))).toMatchObject({ ignored: true });
    expect(await state(user, sub)).toEqual(before);
    expect((await queue()).paymentsToReview).toBe(q0.paymentsToReview + 3);
    const all = await reviews();
    expect(all.find((r) => r.reference === strange)).toMatchObject({
      provider: 'vipps',
      reason: 'unknown_charge',
      providerSubscriptionId: agreementId,
      subscriptionId: sub.id,
      amountOre: 500000,
    });
    const zero = all.find((r) => r.reference === own)!;
    expect(zero).toMatchObject({ reason: 'amount_mismatch', amountOre: 0, expectedOre: 500000 });
    expect(zero.text).toContain('0,00 kr');
    expect(zero.text).toMatch(/Refunder betalingen i Vipps/);
  });

  it('the mentor marks one handled (audited); it leaves the queue; an unknown one is a plain 404', async () => {
    const { sub } = await cardMember();
    const forged = invoice({ subscription: sub.providerSubscriptionId!, amountPaid: 4200 });
    await deliverStripe('invoice.paid', forged);
    const item = (await reviews()).find((r) => r.reference === forged.id)!;
    const q0 = await queue();
    const res = await admin.post(`/api/admin/payment-reviews/${item.id}/resolve`).send({}).expect(200);
    expect(res.body).toMatchObject({ id: item.id, reference: forged.id });
    // Twice is the same.
    await admin.post(`/api/admin/payment-reviews/${item.id}/resolve`).send({}).expect(200);
    expect((await queue()).paymentsToReview).toBe(q0.paymentsToReview - 1);
    expect((await reviews()).some((r) => r.id === item.id)).toBe(false);
    const row = await t.ds.getRepository(PaymentReview).findOneByOrFail({ id: item.id });
    expect(row.resolvedAt).not.toBeNull();
    expect(await t.ds.getRepository(AuditLog).countBy({ action: 'payment_review.resolve', entityId: String(item.id) })).toBe(1);
    const missing = await admin.post('/api/admin/payment-reviews/999999/resolve').send({}).expect(404);
    expect(missing.body.message).toBe('Fant ikke betalingen som venter på vurdering');
  });
});
