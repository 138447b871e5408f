import { CheckoutReminder, CheckoutReminderPlan } from '../../backend/src/marketing/checkout-reminders/checkout-reminder.entity';
import { CheckoutRemindersService } from '../../backend/src/marketing/checkout-reminders/checkout-reminders.service';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { UnsubscribeService } from '../../backend/src/outbox/unsubscribe.service';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { checkoutForm } from './support/payments-app';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const MIN = 60_000;
const HOUR = 60 * MIN;
const SECRET = 'paminnelser-test-hemmelighet-0123456789abcdef';

/**
 * Second chances (issue 48; docs/decisions.md "Checkout reminders"): one reminder an hour and one a
 * day after an unpaid checkout, only with a recorded basis (the box, or an existing customer), never
 * after a purchase, an unsubscribe or a cancelled checkout; exactly one of each from two instances;
 * the link restores the checkout; the overview counts started, reminded, recovered and the money.
 */
describe('checkout reminders (fake Stripe, injected clock)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock: ManualClock;
  let admin: Awaited<ReturnType<typeof adminAgent>>['agent'];
  const START = new Date('2026-11-02T09:00:00.000Z');

  beforeAll(async () => {
    clock = new ManualClock(START);
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), MAIL_POLL_INTERVAL_MS: '0', APP_SECRET: SECRET }, { clock });
    admin = (await adminAgent(t)).agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const reminders = () => t.app.get(CheckoutRemindersService);
  const mails = (to: string) =>
    t.ds.getRepository(OutboxMessage).find({ where: { toAddress: to, kind: 'checkout_reminder' }, relations: { body: true } });
  const planOf = (email: string) => t.ds.getRepository(CheckoutReminderPlan).findOneByOrFail({ email });
  const start = (over: Record<string, unknown>) => t.http().post('/api/checkout/sessions').send(checkoutForm(over)).expect(201);
  async function pay(email: string): Promise<Order> {
    const order = await t.ds.getRepository(Order).findOneOrFail({ where: { email }, order: { id: 'DESC' } });
    const session = fake.pay(order.providerReference!, clock.now());
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', session)).expect(200);
    return t.ds.getRepository(Order).findOneByOrFail({ id: order.id });
  }

  it('the box: one reminder after an hour, one after a day, once each from two instances; the link restores the checkout with its code', async () => {
    clock.set(START);
    const code = `HUSK${Date.now().toString(36).toUpperCase()}`;
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code, courseIds: ['foundation'], percentOff: 10, maxUses: 50 })
      .expect(201);
    const email = uniqueEmail('husk');
    await start({ email, remindMe: true, campaignCode: code, firstName: 'Kari', paymentMethod: 'card' });

    clock.advance(59 * MIN);
    expect(await reminders().runDue()).toBe(0);

    clock.advance(2 * MIN);
    // The instances share APP_SECRET (as in production): either may sign the link.
    const second = await startTestApp({ MAIL_POLL_INTERVAL_MS: '0', APP_SECRET: SECRET }, { db: t.db, clock });
    try {
      await Promise.all([reminders().runDue(), second.app.get(CheckoutRemindersService).runDue(), reminders().runDue()]);
    } finally {
      await second.app.close();
    }
    let sent = await mails(email);
    expect(sent).toHaveLength(1);
    const plan = await planOf(email);
    const [first] = await t.ds.getRepository(CheckoutReminder).findBy({ planId: plan.id });
    expect(first).toMatchObject({ number: 1, basis: 'consent' });
    expect(first.basisDetail).toContain('Send meg en påminnelse hvis jeg ikke fullfører');
    const text = sent[0].body!.textBody;
    expect(text).toContain(`kampanjekoden ${code}`);
    expect(text).toContain('/api/unsubscribe?email=');
    const link = new URL(/https?:\/\/\S+\/bestill\?\S+/.exec(text)![0]);
    expect(link.searchParams.get('course')).toBe('foundation');
    const restored = await t
      .http()
      .get(`/api/checkout-reminders/${link.searchParams.get('paminnelse')}`)
      .expect(200);
    expect(restored.body).toEqual({
      courseId: 'foundation',
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      campaignCode: code,
      paymentMethod: 'card',
    });
    const forged = await t
      .http()
      .get(`/api/checkout-reminders/${plan.id}.${'A'.repeat(43)}`)
      .expect(404);
    expect(forged.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });

    clock.advance(23 * HOUR);
    await Promise.all([reminders().runDue(), reminders().runDue()]);
    clock.advance(3 * 24 * HOUR);
    await reminders().runDue();
    sent = await mails(email);
    expect(sent.map((m) => m.dedupeKey).sort()).toEqual([`checkout-reminder:${plan.id}:1`, `checkout-reminder:${plan.id}:2`]);
  });

  it('no basis, an unsubscribe or a cancelled checkout: no reminder; an existing customer without the box gets one', async () => {
    clock.set(START);
    const none = uniqueEmail('uten-boks');
    const leaving = uniqueEmail('avmeldt');
    const cancelled = uniqueEmail('avbrutt');
    const customer = uniqueEmail('kunde');
    await start({ email: customer, courseId: 'foundation' });
    await pay(customer);
    await start({ email: none });
    await start({ email: leaving, remindMe: true });
    await start({ email: cancelled, remindMe: true });
    await start({ email: customer, courseId: 'accelerator' });
    await t.app.get(UnsubscribeService).unsubscribe(leaving);
    await t.ds.getRepository(Order).update({ email: cancelled }, { status: 'failed' });

    clock.advance(HOUR + MIN);
    await reminders().runDue();
    expect(await mails(none)).toHaveLength(0);
    expect(await mails(leaving)).toHaveLength(0);
    expect(await mails(cancelled)).toHaveLength(0);
    const toCustomer = await mails(customer);
    expect(toCustomer).toHaveLength(1);
    const plan = await t.ds.getRepository(CheckoutReminderPlan).findOneByOrFail({ email: customer, courseId: 'accelerator' });
    expect(await t.ds.getRepository(CheckoutReminder).findOneByOrFail({ planId: plan.id })).toMatchObject({ basis: 'customer' });
    expect(toCustomer[0].body!.textBody).toContain('fordi du er kunde hos');
    expect((await planOf(leaving)).stopReason).toBe('unsubscribed');
    expect((await planOf(cancelled)).stopReason).toBe('cancelled');
  });

  it('a purchase after reminder 1 stops reminder 2 and counts as recovered on the overview, with its list', async () => {
    clock.set(new Date('2026-11-20T09:00:00.000Z'));
    const email = uniqueEmail('tilbake');
    await start({ email, remindMe: true });
    clock.advance(HOUR + MIN);
    await reminders().runDue();
    expect(await mails(email)).toHaveLength(1);
    const paid = await pay(email);
    expect(paid.status).toBe('paid');
    clock.advance(24 * HOUR);
    await reminders().runDue();
    expect(await mails(email)).toHaveLength(1);
    expect(await planOf(email)).toMatchObject({ stopReason: 'paid', recoveredOrderId: paid.id, recoveredOre: paid.amountOre });

    const stats = await admin.get('/api/admin/stats?from=2026-11-20&to=2026-11-21').expect(200);
    expect(stats.body.reminders).toEqual({ started: 1, reminded: 1, recovered: 1, recoveredOre: paid.amountOre });
    const list = await admin
      .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ reminder: 'recovered' }))}`)
      .expect(200);
    expect(list.body.map((o: { id: number }) => o.id)).toContain(paid.id);
  });
});
