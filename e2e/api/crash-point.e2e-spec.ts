import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { Enrolment } from '../../backend/src/marketing/entities/sequence.entity';
import { Subscriber } from '../../backend/src/marketing/entities/subscriber.entity';
import { MarketingRunner } from '../../backend/src/marketing/marketing.runner';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { WebhookEvent } from '../../backend/src/orders/entities/webhook-event.entity';
import { CrashPoints, EventBus } from '../../backend/src/platform/events';
import { adminAgent } from './admin-helpers';
import { fakeStripeEnv, signWebhook, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { checkoutForm } from './support/payments-app';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The process dies right after a payment's (or a refund's) transaction commits, before any code that
 * runs after the commit. What must not be lost was written in that transaction (the transactional
 * outbox): a second instance on the same database sends the receipt exactly once, the buyer is in the
 * 'bought' sequence exactly once, and Stripe's retry
 * and the success page's poll behave as for any payment that was already fulfilled.
 */
describe('crash point: the process dies between the commit and the after-commit work', () => {
  let db: TestDatabase;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let t: TestApp | null = null;

  const start = async (): Promise<TestApp> =>
    startTestApp({ ...fakeStripeEnv(fake), SMTP_URL: sink.url, MAIL_POLL_INTERVAL_MS: '0' }, { db });
  /** The process dies: nothing more runs in it (its outbox worker never sends). */
  const die = async (app: TestApp): Promise<void> => {
    await app.app.get(OutboxWorker).stop();
    await app.app.close();
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fake = await startFakeStripe();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    if (t) await t.app.close();
    await db.drop();
    await fake.close();
    await sink.close();
  });

  function deliver(app: TestApp, event: unknown) {
    const signed = signWebhook(event);
    return app
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signed.signature)
      .send(signed.body);
  }

  /** A card checkout at the fake Stripe, paid there: the session, and the webhook event Stripe would send. */
  async function paidCheckout(app: TestApp, email: string, firstName: string) {
    await app.http().post('/api/checkout/sessions').send(checkoutForm({ email, firstName })).expect(201);
    const session = fake.lastSession();
    fake.pay(session.id);
    return { session, event: stripeEvent('checkout.session.completed', { ...session }) };
  }

  it('a paid order: the receipt is sent exactly once by the next instance; the retry is a duplicate; the poll shows it paid', async () => {
    const first = await start();
    const email = uniqueEmail('krasj');
    const { session, event } = await paidCheckout(first, email, 'Ola');

    first.app.get(CrashPoints).arm('order.paid:after-commit');
    const crashed = await deliver(first, event);
    expect(crashed.status).toBeGreaterThanOrEqual(500);
    // The payment's transaction committed: the order is paid and the webhook event recorded.
    const order = await first.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    expect(order.status).toBe('paid');
    expect(await first.ds.getRepository(WebhookEvent).countBy({ id: event.id })).toBe(1);
    await die(first);
    expect(sink.messages).toHaveLength(0);

    t = await start();
    // Stripe retries the event: already recorded, a duplicate; nothing is fulfilled twice.
    expect((await deliver(t, event).expect(200)).body).toEqual({ received: true, duplicate: true });
    // The success page's poll: paid, with the receipt's path.
    const page = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
    expect(page.body).toMatchObject({ status: 'paid', receiptPath: `/kvittering/${order.id}` });

    await t.app.get(OutboxWorker).drain();
    const receipts = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'receipt', toAddress: email });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ status: 'sent', dedupeKey: `receipt:${order.id}` });
    expect(sink.to(email)).toHaveLength(1);

    // A later delivery of the same payment (another event id) queues nothing more.
    await deliver(t, stripeEvent('checkout.session.completed', { ...session })).expect(200);
    await t.app.get(OutboxWorker).drain();
    expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'receipt', toAddress: email })).toBe(1);
    expect(sink.to(email)).toHaveLength(1);
  });

  it('a refund: its credit note mail survives a crash right after the refund commits', async () => {
    const app = t ?? (await start());
    const email = uniqueEmail('krasj-refusjon');
    const { session, event } = await paidCheckout(app, email, 'Kari');
    await deliver(app, event).expect(200);
    const order = await app.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    await app.app.get(OutboxWorker).drain();
    sink.clear();

    const { RefundsService } = await import('../../backend/src/orders/refunds/refunds.service');
    app.app.get(CrashPoints).arm('order.refunded:after-commit');
    await expect(app.app.get(RefundsService).refund(order.id, { reason: 'Angrerett' })).rejects.toThrow('Simulated crash');
    expect(await app.ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(1);
    await die(app);

    t = await start();
    await t.app.get(OutboxWorker).drain();
    expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'refund', toAddress: email })).toBe(1);
    expect(sink.to(email)).toHaveLength(1);
  });

  it('a free sign-up: the welcome with its sign-in link survives a crash right after the Starter grant commits', async () => {
    const app = t ?? (await start());
    const email = uniqueEmail('krasj-velkommen');
    app.app.get(CrashPoints).arm('user.signedUp:after-commit');
    const crashed = await app.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' });
    expect(crashed.status).toBeGreaterThanOrEqual(500);
    await die(app);

    t = await start();
    await t.app.get(OutboxWorker).drain();
    const welcomes = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'welcome', toAddress: email });
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0].status).toBe('sent');
    expect(sink.to(email)).toHaveLength(1);
    expect(sink.to(email)[0].text).toContain('/auto-login#token=');

    // The visitor tries again at once: the account, the grant and the welcome exist; nothing more is sent.
    await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
    await t.app.get(OutboxWorker).drain();
    expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'welcome', toAddress: email })).toBe(1);
    expect(sink.to(email)).toHaveLength(1);
  });

  it("a paid order: the buyer's 'bought' sequence is committed with the payment, so the next instance has the buyer in it exactly once", async () => {
    const app = t ?? (await start());
    const admin = await adminAgent(app);
    const seq = await admin.agent
      .post('/api/admin/sequences')
      .send({
        name: 'Etter kjøp av Foundation',
        trigger: 'bought',
        triggerValue: 'foundation',
        steps: [{ waitDays: 0, sendHour: 9, subject: 'Velkommen til Foundation', body: 'Slik kommer du i gang.' }],
      })
      .expect(201);
    const email = uniqueEmail('krasj-sekvens');
    const { session, event } = await paidCheckout(app, email, 'Per');

    app.app.get(CrashPoints).arm('order.paid:after-commit');
    expect((await deliver(app, event)).status).toBeGreaterThanOrEqual(500);
    // Committed with the payment, before anything that runs after the commit: the buyer is a customer
    // (soft opt-in) and enrolled in the sequence.
    const order = await app.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    expect(order.status).toBe('paid');
    expect(await app.ds.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ status: 'customer' });
    expect(await app.ds.getRepository(Enrolment).findBy({ email })).toEqual([
      expect.objectContaining({ sequenceId: seq.body.id, status: 'active', userId: order.userId }),
    ]);
    await die(app);

    const next = await start();
    t = next;
    // Stripe's retry, another delivery of the same payment, and the event itself once more: nobody is enrolled again.
    expect((await deliver(next, event).expect(200)).body).toEqual({ received: true, duplicate: true });
    await deliver(next, stripeEvent('checkout.session.completed', { ...session })).expect(200);
    const paid = {
      orderId: order.id,
      userId: order.userId,
      email,
      courseId: 'foundation',
      amountOre: order.amountOre,
      created: false,
    };
    await next.ds.transaction(async (m) => {
      await next.app.get(EventBus).emitInTransaction('order.paid', paid, m);
      await next.app.get(EventBus).emitInTransaction('receipt.issued', paid, m);
    });
    expect(await next.ds.getRepository(Enrolment).countBy({ email })).toBe(1);

    // The next instance's round sends the sequence's first mail, once.
    await next.app.get(MarketingRunner).runOnce();
    await next.app.get(MarketingRunner).runOnce();
    await next.app.get(OutboxWorker).drain();
    expect(await next.ds.getRepository(OutboxMessage).countBy({ kind: 'sequence', toAddress: email })).toBe(1);
    expect(sink.to(email).filter((m) => m.subject === 'Velkommen til Foundation')).toHaveLength(1);
    expect(await next.ds.getRepository(OutboxMessage).countBy({ kind: 'receipt', toAddress: email })).toBe(1);
  });
});
