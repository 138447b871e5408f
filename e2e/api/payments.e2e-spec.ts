import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { WebhookEvent } from '../../backend/src/orders/entities/webhook-event.entity';
import { EventBus, type OrderPaid, type OrderRefunded } from '../../backend/src/platform/events';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import {
  chargeRefundedEvent,
  fakeStripeEnv,
  signWebhook,
  startFakeStripe,
  stripeEvent,
  type FakeSession,
  type FakeStripe,
} from './support/fake-stripe';
import { checkoutForm } from './support/payments-app';
import { createUser, startTestApp, TestApp, uniqueEmail } from './support/test-app';

describe('payments: Stripe webhooks, one fulfilment, refunds (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let refunds: RefundsService;
  const paid: OrderPaid[] = [];
  const refunded: OrderRefunded[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(fake));
    refunds = t.app.get(RefundsService);
    const events = t.app.get(EventBus);
    events.add('order.paid', 'spec', 'after-commit', (e) => void paid.push(e));
    events.add('order.refunded', 'spec', 'after-commit', (e) => void refunded.push(e));
    // A failing handler after the commit is logged and never breaks a payment.
    events.add('order.paid', 'spec', 'after-commit', () => {
      throw new Error('e-post nede');
    });
    events.add('order.refunded', 'spec', 'after-commit', () => Promise.reject(new Error('e-post nede')));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    paid.length = 0;
    refunded.length = 0;
  });

  const orders = () => t.ds.getRepository(Order);
  const grants = () => t.ds.getRepository(Grant);
  const eventRows = () => t.ds.getRepository(WebhookEvent);

  /** A checkout through the API: the pending order and its fake session. */
  async function checkout(over: Record<string, unknown> = {}): Promise<{ order: Order; session: FakeSession; email: string }> {
    const email = (over.email as string) ?? uniqueEmail('kjoper');
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, ...over }))
      .expect(201);
    const session = fake.lastSession();
    const order = await orders().findOneByOrFail({ providerReference: session.id });
    return { order, session, email };
  }

  function deliver(event: unknown, signature?: string | null) {
    const signed = signWebhook(event);
    const req = t.http().post('/api/stripe/webhook').set('Content-Type', 'application/json');
    if (signature !== null) req.set('Stripe-Signature', signature ?? signed.signature);
    return req.send(signed.body);
  }

  const sessionEvent = (type: string, s: FakeSession, id?: string) => stripeEvent(type, { ...s }, id);

  async function paidOrder(over: Record<string, unknown> = {}) {
    const c = await checkout(over);
    fake.pay(c.session.id);
    await deliver(sessionEvent('checkout.session.completed', c.session)).expect(200);
    const order = await orders().findOneByOrFail({ id: c.order.id });
    expect(order.status).toBe('paid');
    return { ...c, order };
  }

  describe('signature', () => {
    it('bad, missing, foreign-secret and tampered signatures → 400 INVALID_SIGNATURE; nothing changes', async () => {
      const { order, session } = await checkout();
      fake.pay(session.id);
      const event = sessionEvent('checkout.session.completed', session);
      const signed = signWebhook(event);
      const attempts = [
        deliver(event, null),
        deliver(event, 't=123,v1=deadbeef'),
        deliver(event, signWebhook(event, 'whsec_annen_hemmelighet').signature),
        // A valid signature of another body.
        t
          .http()
          .post('/api/stripe/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', signed.signature)
          .send(signed.body.replace('"paid"', '"unpaid"')),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' });
      }
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'pending', userId: null });
      expect(await eventRows().countBy({ id: event.id })).toBe(0);
      expect(await grants().countBy({ orderId: order.id })).toBe(0);
    });
  });

  describe('fulfilment', () => {
    it('checkout.session.completed (paid): order paid, passwordless account, grant (purchase, linked), event recorded, listeners once', async () => {
      const { order, session, email } = await checkout({ attribution: { trafficSource: 'C', utmCampaign: 'host' } });
      fake.pay(session.id);
      const before = (await t.http().get('/api/catalog').expect(200)).body.studentCount;
      const event = sessionEvent('checkout.session.completed', session);
      const res = await deliver(event).expect(200);
      expect(res.body).toEqual({ received: true });

      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      expect(user).toMatchObject({ passwordHash: null, firstName: 'Ola', lastName: 'Nordmann', role: 'student' });
      expect(user.attribution).toMatchObject({ trafficSource: 'C', utmCampaign: 'host' });
      const saved = await orders().findOneByOrFail({ id: order.id });
      expect(saved).toMatchObject({ status: 'paid', userId: user.id, stripePaymentIntentId: session.payment_intent });
      expect(await grants().findBy({ orderId: order.id })).toEqual([
        expect.objectContaining({ userId: user.id, courseId: 'foundation', source: 'purchase', revokedAt: null }),
      ]);
      expect(await eventRows().findOneByOrFail({ id: event.id })).toMatchObject({ type: 'checkout.session.completed' });
      expect(paid).toEqual([
        { orderId: order.id, userId: user.id, email, courseId: 'foundation', amountOre: 199700, created: true },
      ]);
      expect((await t.http().get('/api/catalog').expect(200)).body.studentCount).toBe(before + 1);
    });

    it('one event delivered 10 times concurrently → all 200, one grant, one event row, listeners once', async () => {
      const { order, session } = await checkout();
      fake.pay(session.id);
      const event = sessionEvent('checkout.session.completed', session);
      const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(results.filter((r) => r.body.duplicate === true)).toHaveLength(9);
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
      expect(await eventRows().countBy({ id: event.id })).toBe(1);
      expect(await t.ds.getRepository(User).countBy({ email: order.email })).toBe(1);
      expect(paid.filter((e) => e.orderId === order.id)).toHaveLength(1);
    });

    it('completed, async_payment_succeeded and the success page all at once → one order paid, one grant', async () => {
      const { order, session } = await checkout();
      fake.pay(session.id);
      const results = await Promise.all([
        deliver(sessionEvent('checkout.session.completed', session)),
        deliver(sessionEvent('checkout.session.async_payment_succeeded', session)),
        t.http().get(`/api/checkout/sessions/${session.id}`),
        t.http().get(`/api/checkout/sessions/${session.id}`),
        deliver(sessionEvent('checkout.session.completed', session)),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
      expect(await t.ds.getRepository(User).countBy({ email: order.email })).toBe(1);
      expect(paid.filter((e) => e.orderId === order.id)).toHaveLength(1);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('paid');
    });

    it('webhook before the success page: the page shows the receipt and signs the new buyer in once', async () => {
      const { order, session, email } = await checkout();
      fake.pay(session.id);
      await deliver(sessionEvent('checkout.session.completed', session)).expect(200);
      const retrievesBefore = fake.callsTo('sessions.retrieve').length;
      const browser = t.agent();
      const res = await browser.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(res.body).toEqual({
        status: 'paid',
        courseId: 'foundation',
        amount: 199700,
        email,
        signedIn: true,
        paymentMethod: 'card',
        receiptPath: `/kvittering/${order.id}`,
      });
      expect(fake.callsTo('sessions.retrieve')).toHaveLength(retrievesBefore);
      expect((await browser.get('/api/auth/me').expect(200)).body).toMatchObject({ email, courses: ['foundation'] });
      const second = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(second.body.signedIn).toBe(false);
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
    });

    it('webhook after the success page: a no-op (one grant, listeners once)', async () => {
      const { order, session } = await checkout();
      fake.pay(session.id);
      await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      const res = await deliver(sessionEvent('checkout.session.completed', session)).expect(200);
      expect(res.body).toEqual({ received: true });
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
      expect(paid.filter((e) => e.orderId === order.id)).toHaveLength(1);
    });

    it('async success: completed (unpaid) keeps it pending; async_payment_succeeded fulfils', async () => {
      const { order, session } = await checkout({ paymentMethod: 'klarna' });
      fake.setPaymentStatus(session.id, 'unpaid', 'complete');
      await deliver(sessionEvent('checkout.session.completed', session)).expect(200);
      const pending = await orders().findOneByOrFail({ id: order.id });
      expect(pending).toMatchObject({ status: 'pending', stripePaymentIntentId: session.payment_intent });
      expect(await grants().countBy({ orderId: order.id })).toBe(0);
      const page = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(page.body.status).toBe('pending');

      fake.pay(session.id);
      await deliver(sessionEvent('checkout.session.async_payment_succeeded', session)).expect(200);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('paid');
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
    });

    it('async failure: order failed, no grant; the success page says failed', async () => {
      const { order, session } = await checkout({ paymentMethod: 'klarna' });
      fake.setPaymentStatus(session.id, 'unpaid', 'complete');
      await deliver(sessionEvent('checkout.session.completed', session)).expect(200);
      await deliver(sessionEvent('checkout.session.async_payment_failed', session)).expect(200);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('failed');
      expect(await grants().countBy({ orderId: order.id })).toBe(0);
      const page = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(page.body).toMatchObject({ status: 'failed', signedIn: false });
      expect(paid.filter((e) => e.orderId === order.id)).toHaveLength(0);
    });

    it('expiry: an abandoned order becomes expired; an expiry or failure arriving after payment changes nothing', async () => {
      const abandoned = await checkout();
      fake.expire(abandoned.session.id);
      await deliver(sessionEvent('checkout.session.expired', abandoned.session)).expect(200);
      expect((await orders().findOneByOrFail({ id: abandoned.order.id })).status).toBe('expired');

      const { order, session } = await paidOrder();
      await deliver(sessionEvent('checkout.session.expired', { ...session, status: 'expired' })).expect(200);
      await deliver(sessionEvent('checkout.session.async_payment_failed', session)).expect(200);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('paid');
      expect(await grants().findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: null });
    });

    it('other event types and unknown sessions → 200, ignored', async () => {
      const res = await deliver(stripeEvent('payment_intent.created', { id: 'pi_x' })).expect(200);
      expect(res.body).toEqual({ received: true, ignored: true });
      const unknown = await deliver(
        stripeEvent('checkout.session.completed', {
          id: 'cs_test_ukjent',
          payment_status: 'paid',
          amount_total: 199700,
          currency: 'nok',
          client_reference_id: null,
          metadata: {},
          payment_intent: 'pi_ukjent',
        }),
      ).expect(200);
      expect(unknown.body).toMatchObject({ received: true, ignored: true });
    });

    it('a paid amount that differs from the order is not delivered', async () => {
      const { order, session } = await checkout();
      fake.pay(session.id);
      await deliver(sessionEvent('checkout.session.completed', { ...session, amount_total: 100 })).expect(200);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('pending');
      expect(await grants().countBy({ orderId: order.id })).toBe(0);
    });

    it('a database failure answers 503 (Stripe retries), writes nothing; the retry is processed', async () => {
      const { order, session } = await checkout();
      fake.pay(session.id);
      const event = sessionEvent('checkout.session.completed', session);
      const spy = jest
        .spyOn(t.ds, 'transaction')
        .mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      try {
        const res = await deliver(event).expect(503);
        expect(res.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      } finally {
        spy.mockRestore();
      }
      expect(await eventRows().countBy({ id: event.id })).toBe(0);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('pending');
      await deliver(event).expect(200);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('paid');
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
    });

    it('an unexpected error is also 503, not 500', async () => {
      const { session } = await checkout();
      fake.pay(session.id);
      const spy = jest.spyOn(t.ds, 'transaction').mockRejectedValueOnce(new Error('noe uventet'));
      try {
        await deliver(sessionEvent('checkout.session.completed', session)).expect(503);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('refunds', () => {
    it('full refund: Stripe refunds.create with the payment intent and an Idempotency-Key; refund recorded; only this order’s grant revoked', async () => {
      const { order, email } = await paidOrder();
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      // Another course granted by hand stays.
      await grants().insert({ userId: user.id, courseId: 'kryptovaluta', source: 'manual', grantedAt: new Date() });
      const admin = await createUser(t, { role: 'admin' });
      const before = (await t.http().get('/api/catalog').expect(200)).body.studentCount;

      const { order: after, refund } = await refunds.refund(order.id, { reason: 'Angret kjøpet' }, admin.id);
      const [call] = fake.callsTo('refunds.create').slice(-1);
      expect(call.body).toMatchObject({ payment_intent: order.stripePaymentIntentId, amount: '199700' });
      expect(call.idempotencyKey).toMatch(new RegExp(`^refund-${order.id}-`));
      expect(refund).toMatchObject({ orderId: order.id, amountOre: 199700, reason: 'Angret kjøpet', createdBy: admin.id });
      expect(refund.stripeRefundId).toMatch(/^re_test_/);
      expect(after).toMatchObject({ status: 'refunded', refundedOre: 199700 });
      expect(await grants().findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedBy: admin.id });
      expect((await grants().findOneByOrFail({ orderId: order.id })).revokedAt).toBeInstanceOf(Date);
      expect(await grants().findOneByOrFail({ userId: user.id, courseId: 'kryptovaluta' })).toMatchObject({ revokedAt: null });
      expect(refunded).toEqual([
        expect.objectContaining({
          orderId: order.id,
          amountOre: 199700,
          totalRefundedOre: 199700,
          full: true,
          refundId: refund.id,
        }),
      ]);
      expect((await t.http().get('/api/catalog').expect(200)).body.studentCount).toBe(before);
      // Nothing left to refund.
      await expect(refunds.refund(order.id, { reason: 'igjen' })).rejects.toMatchObject({ status: 400 });

      // Stripe then reports the same refund: nothing is counted twice.
      const res = await deliver(chargeRefundedEvent(fake, order.stripePaymentIntentId!, { embedRefunds: true })).expect(200);
      expect(res.body).toEqual({ received: true });
      expect(await t.ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(1);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'refunded', refundedOre: 199700 });
    });

    it('partial refunds: partially_refunded with access kept; the rest makes it refunded and revokes access', async () => {
      const { order } = await paidOrder({ courseId: 'accelerator' });
      const first = await refunds.refund(order.id, { amount: 100000, reason: 'Delvis' });
      expect(first.order).toMatchObject({ status: 'partially_refunded', refundedOre: 100000 });
      expect(await grants().findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: null });
      const page = await t.http().get(`/api/checkout/sessions/${order.providerReference}`).expect(200);
      expect(page.body.status).toBe('paid');

      await expect(refunds.refund(order.id, { amount: 399701, reason: 'For mye' })).rejects.toMatchObject({
        status: 400,
        response: { code: 'VALIDATION_FAILED', message: 'Beløpet må være et helt antall øre mellom 1 og 399700' },
      });
      const rest = await refunds.refund(order.id, { reason: 'Resten' });
      expect(rest.refund.amountOre).toBe(399700);
      expect(rest.order).toMatchObject({ status: 'refunded', refundedOre: 499700 });
      expect((await grants().findOneByOrFail({ orderId: order.id })).revokedAt).toBeInstanceOf(Date);
      expect(refunded.map((e) => [e.amountOre, e.totalRefundedOre, e.full])).toEqual([
        [100000, 100000, false],
        [399700, 499700, true],
      ]);
      const page2 = await t.http().get(`/api/checkout/sessions/${order.providerReference}`).expect(200);
      expect(page2.body.status).toBe('refunded');
    });

    it('a double click refunds once (same Idempotency-Key → the same Stripe refund)', async () => {
      const { order } = await paidOrder();
      const [a, b] = await Promise.all([
        refunds.refund(order.id, { amount: 5000, reason: 'Dobbeltklikk' }),
        refunds.refund(order.id, { amount: 5000, reason: 'Dobbeltklikk' }),
      ]);
      expect(a.refund.stripeRefundId).toBe(b.refund.stripeRefundId);
      expect(await t.ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(1);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ refundedOre: 5000, status: 'partially_refunded' });
    });

    it.each([
      ['zero', { amount: 0, reason: 'x' }],
      ['a fraction', { amount: 10.5, reason: 'x' }],
      ['more than paid', { amount: 199701, reason: 'x' }],
      ['no reason', { reason: '  ' }],
    ])('refuses %s (400) before calling Stripe', async (_label, input) => {
      const { order } = await paidOrder();
      const calls = fake.callsTo('refunds.create').length;
      await expect(refunds.refund(order.id, input)).rejects.toMatchObject({ status: 400 });
      expect(fake.callsTo('refunds.create')).toHaveLength(calls);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'paid', refundedOre: 0 });
    });

    it('refuses unpaid and unknown orders', async () => {
      const { order } = await checkout();
      await expect(refunds.refund(order.id, { reason: 'x' })).rejects.toMatchObject({
        status: 400,
        response: { message: 'Bare betalte ordrer kan refunderes' },
      });
      await expect(refunds.refund(987654, { reason: 'x' })).rejects.toMatchObject({ status: 404 });
    });

    it('Stripe down → 502, Stripe refusing → 400 (PAYMENT_PROVIDER_ERROR); nothing written either way', async () => {
      const { order } = await paidOrder();
      fake.fail('refunds.create', 500);
      await expect(refunds.refund(order.id, { reason: 'x' })).rejects.toMatchObject({
        status: 502,
        response: { code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringContaining('Ingenting er endret') },
      });
      fake.fail('refunds.create', 400);
      await expect(refunds.refund(order.id, { reason: 'x' })).rejects.toMatchObject({
        status: 400,
        response: { code: 'PAYMENT_PROVIDER_ERROR', message: 'Betalingsleverandøren avviste refusjonen. Ingenting er endret.' },
      });
      expect(await t.ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(0);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'paid', refundedOre: 0 });
      expect(await grants().findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: null });
      expect(refunded).toHaveLength(0);
    });

    it('refund by webhook (charge.refunded from the dashboard): partial, then full; repeats are no-ops', async () => {
      const { order } = await paidOrder();
      const pi = order.stripePaymentIntentId!;
      const r1 = fake.dashboardRefund(pi, 99700);
      const partial = chargeRefundedEvent(fake, pi, { embedRefunds: true });
      await deliver(partial).expect(200);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'partially_refunded',
        refundedOre: 99700,
      });
      expect(await t.ds.getRepository(Refund).findOneByOrFail({ stripeRefundId: r1.id })).toMatchObject({
        amountOre: 99700,
        reason: 'Refundert i Stripe',
        createdBy: null,
      });
      expect(await grants().findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: null });

      fake.dashboardRefund(pi, 100000);
      // Without the refunds embedded, they are listed from Stripe.
      const listsBefore = fake.callsTo('refunds.list').length;
      const full = chargeRefundedEvent(fake, pi, { embedRefunds: false });
      const results = await Promise.all([deliver(full), deliver(full), deliver(partial)]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(fake.callsTo('refunds.list').length).toBeGreaterThan(listsBefore);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'refunded', refundedOre: 199700 });
      expect(await t.ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(2);
      expect((await grants().findOneByOrFail({ orderId: order.id })).revokedAt).toBeInstanceOf(Date);
      expect(refunded.map((e) => [e.amountOre, e.full])).toEqual([
        [99700, false],
        [100000, true],
      ]);
      // A completed event arriving late never grants a refunded order again.
      await deliver(stripeEvent('checkout.session.completed', { ...fake.sessions.get(order.providerReference!)! })).expect(200);
      expect(await grants().countBy({ orderId: order.id })).toBe(1);
      expect((await grants().findOneByOrFail({ orderId: order.id })).revokedAt).toBeInstanceOf(Date);
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('refunded');
    });

    it('a charge.refunded for an unknown payment intent is ignored', async () => {
      const res = await deliver(
        stripeEvent('charge.refunded', { id: 'ch_x', payment_intent: 'pi_ukjent', amount_refunded: 100 }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ignored: true });
    });
  });
});

describe('demo refunds (no Stripe)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refund a demo order without Stripe; concurrent refunds never exceed the amount', async () => {
    const email = uniqueEmail('demo');
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, firstName: 'D', lastName: 'E' }))
      .expect(201);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
    const svc = t.app.get(RefundsService);
    const results = await Promise.allSettled([
      svc.refund(order.id, { amount: 150000, reason: 'a' }),
      svc.refund(order.id, { amount: 150000, reason: 'b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([400, 409]).toContain(rejected.reason.status);
    expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
      refundedOre: 150000,
      status: 'partially_refunded',
    });
    const rest = await svc.refund(order.id, { reason: 'resten' });
    expect(rest.refund).toMatchObject({ amountOre: 49700, stripeRefundId: null });
    expect(rest.order.status).toBe('refunded');
    expect((await t.ds.getRepository(Grant).findOneByOrFail({ orderId: order.id })).revokedAt).toBeInstanceOf(Date);
    const me = await t.http().get('/api/catalog').expect(200);
    expect(me.body.studentCount).toBe(0);
  });
});

describe('the webhook and the per-IP write limit', () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), RATE_LIMIT_WRITES: '3' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('Stripe may deliver more webhooks from one address than the limit allows other writes', async () => {
    const webhook = (i: number) => {
      const { body, signature } = signWebhook(stripeEvent('customer.created', { id: `cus_${i}` }));
      return t
        .http()
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(body);
    };
    const hooks = [];
    for (let i = 0; i < 6; i++) hooks.push((await webhook(i)).status);
    expect(hooks).toEqual([200, 200, 200, 200, 200, 200]);
    const writes = [];
    for (let i = 0; i < 5; i++) writes.push((await t.http().post('/api/checkout/sessions').send({})).status);
    expect(writes).toContain(429);
  });
});
