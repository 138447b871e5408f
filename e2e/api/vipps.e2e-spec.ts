import type TestAgent from 'supertest/lib/agent';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { FulfilmentService } from '../../backend/src/orders/fulfilment.service';
import { STRIPE_READ_CACHE_MS } from '../../backend/src/orders/shared-reads';
import { SdkVippsApi, VIPPS_TEST_BASE, type VippsApi } from '../../backend/src/orders/vipps-api';
import { registerVippsWebhook } from '../../backend/src/orders/vipps-webhook-registration';
import { adminAgent } from './admin-helpers';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { FAKE_VIPPS, fakeVippsEnv, signVippsWebhook, startFakeVipps, vippsEvent, type FakeVipps } from './support/fake-vipps';
import { createUser, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('Vipps MobilePay (ePayment API, fake Vipps server): pay, capture, refund, abort, webhooks', () => {
  let t: TestApp;
  let vipps: FakeVipps;
  let stripe: FakeStripe;
  let admin: TestAgent;

  beforeAll(async () => {
    vipps = await startFakeVipps();
    stripe = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(stripe), ...fakeVippsEnv(vipps) });
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(async () => {
    await t.close();
    await vipps.close();
    await stripe.close();
  });

  const orders = () => t.ds.getRepository(Order);
  const grantsOf = (orderId: number) => t.ds.getRepository(Grant).countBy({ orderId });
  const receiptsOf = (orderId: number, kind: 'receipt' | 'credit_note') =>
    t.ds.getRepository(Receipt).countBy({ orderId, kind } as never);

  async function checkout(over: Record<string, unknown> = {}) {
    const email = (over.email as string) ?? uniqueEmail('vipps');
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'vipps',
        acceptTerms: true,
        acceptRisk: true,
        ...over,
      })
      .expect(201);
    const payment = vipps.lastPayment();
    const order = await orders().findOneByOrFail({ stripeSessionId: payment.request.reference });
    return { res, payment, order, email, reference: payment.request.reference };
  }

  /** A webhook delivery as Vipps sends it (signed for the Host header this request carries). */
  function deliver(event: unknown, opts: Parameters<typeof signVippsWebhook>[1] = {}) {
    const body = JSON.stringify(event);
    const req = t.http().post('/api/vipps/webhook');
    for (const [k, v] of Object.entries(signVippsWebhook(body, opts))) req.set(k, v);
    return req.send(body);
  }

  it('creates the payment as the ePayment API asks, after an access token, and answers with Vipps’ page', async () => {
    const { res, payment, order, reference } = await checkout({ courseId: 'accelerator' });
    expect(res.body).toEqual({ url: payment.redirectUrl, reference });
    expect(reference).toMatch(/^vipps-[a-f0-9]{32}$/);
    expect(payment.request).toEqual({
      amount: { currency: 'NOK', value: 499700 },
      paymentMethod: { type: 'WALLET' },
      reference,
      userFlow: 'WEB_REDIRECT',
      returnUrl: `http://localhost:3000/betaling/fullfort?session_id=${reference}`,
      paymentDescription: 'Accelerator Kurs',
    });
    const token = vipps.callsTo('token')[0];
    expect(token.headers).toMatchObject({
      client_id: FAKE_VIPPS.clientId,
      client_secret: FAKE_VIPPS.clientSecret,
      'ocp-apim-subscription-key': FAKE_VIPPS.subscriptionKey,
      'merchant-serial-number': FAKE_VIPPS.msn,
    });
    const create = vipps.callsTo('create').at(-1)!;
    expect(create.headers['idempotency-key']).toBe(`create-${reference}`);
    expect(create.headers.authorization).toMatch(/^Bearer fake-token-/);
    expect(order).toMatchObject({
      provider: 'vipps',
      paymentMethod: 'vipps',
      status: 'pending',
      amountOre: 499700,
      capturedAt: null,
    });
    // No Stripe session for a Vipps payment.
    expect(stripe.callsTo('sessions.create')).toHaveLength(0);
  });

  it('authorised (webhook): paid, granted, captured in full once, one receipt; a replay changes nothing', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    const event = vippsEvent(vipps, reference, 'AUTHORIZED');
    expect((await deliver(event).expect(200)).body).toEqual({ received: true });
    const paid = await orders().findOneByOrFail({ id: order.id });
    expect(paid).toMatchObject({ status: 'paid', capturedAt: expect.any(Date) });
    expect(await grantsOf(order.id)).toBe(1);
    const p = vipps.payments.get(reference)!;
    expect(p.captures).toEqual([{ modificationAmount: { currency: 'NOK', value: 199700 } }]);
    expect(vipps.callsTo('capture').at(-1)!.headers['idempotency-key']).toBe(`capture-${reference}`);
    expect(await receiptsOf(order.id, 'receipt')).toBe(1);

    expect((await deliver(event).expect(200)).body).toEqual({ received: true, duplicate: true });
    expect(p.captures).toHaveLength(1);
    expect(await grantsOf(order.id)).toBe(1);
    expect(await receiptsOf(order.id, 'receipt')).toBe(1);
  });

  it('concurrent webhooks and polls: one grant, one capture, one receipt', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    const event = vippsEvent(vipps, reference, 'AUTHORIZED');
    const again = vippsEvent(vipps, reference, 'AUTHORIZED'); // a second delivery with its own pspReference
    const results = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(again),
      t.http().get(`/api/checkout/sessions/${reference}`),
      t.http().get(`/api/checkout/sessions/${reference}`),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await grantsOf(order.id)).toBe(1);
    expect(vipps.payments.get(reference)!.captures).toHaveLength(1);
    expect(await receiptsOf(order.id, 'receipt')).toBe(1);
    expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('paid');
  });

  it('polling without a webhook: the success page sees AUTHORIZED, fulfils and captures', async () => {
    const { order, reference, email } = await checkout();
    const pending = await t.http().get(`/api/checkout/sessions/${reference}`).expect(200);
    expect(pending.body).toMatchObject({ status: 'pending', courseId: 'foundation', email });
    vipps.approve(reference);
    // Polls of one payment within STRIPE_READ_CACHE_MS share one read from Vipps: the next poll reads anew.
    await new Promise((r) => setTimeout(r, STRIPE_READ_CACHE_MS + 100));
    const page = await t.agent().get(`/api/checkout/sessions/${reference}`).expect(200);
    expect(page.body).toMatchObject({ status: 'paid', amount: 199700, signedIn: true, receiptPath: `/kvittering/${order.id}` });
    expect(await grantsOf(order.id)).toBe(1);
    expect(vipps.payments.get(reference)!.aggregate.capturedAmount.value).toBe(199700);
  });

  it('a failed capture leaves the order paid and is tried again by the periodic round', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    vipps.fail('capture', 500);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'paid', capturedAt: null });
    expect(vipps.payments.get(reference)!.captures).toHaveLength(0);
    await t.app.get(FulfilmentService).retryRefusedRefunds(0);
    expect((await orders().findOneByOrFail({ id: order.id })).capturedAt).toEqual(expect.any(Date));
    expect(vipps.payments.get(reference)!.captures).toHaveLength(1);
  });

  it('a refund from the admin panel refunds through Vipps; a credit note follows, the course is revoked', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    const part = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ amount: 50000, reason: 'Delvis' }).expect(200);
    expect(part.body).toMatchObject({ status: 'partially_refunded', provider: 'vipps', refundedOre: 50000 });
    const res = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Kunden angret' }).expect(200);
    expect(res.body).toMatchObject({ status: 'refunded', provider: 'vipps', paymentMethod: 'vipps', refundedOre: 199700 });
    const p = vipps.payments.get(reference)!;
    expect(p.refunds.map((r) => r.modificationAmount.value)).toEqual([50000, 149700]);
    const keys = vipps.callsTo('refund').map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
    const rows = await t.ds.getRepository(Refund).findBy({ orderId: order.id });
    expect(rows.map((r) => r.stripeRefundId)).toEqual([expect.stringMatching(/^vipps_\d+/), expect.stringMatching(/^vipps_\d+/)]);
    expect(await receiptsOf(order.id, 'credit_note')).toBe(2);
    expect(await t.ds.getRepository(Grant).findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: expect.any(Date) });
    // Nothing more to refund: Vipps is not asked again.
    await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Igjen' }).expect(400);
    expect(vipps.callsTo('refund')).toHaveLength(2);
  });

  it('Vipps refusing a refund reaches the mentor in Norwegian, and nothing changes', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    vipps.fail('refund', 400);
    const res = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' }).expect(400);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Betalingsleverandøren avviste refusjonen. Ingenting er endret.',
    });
    expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'paid', refundedOre: 0 });
  });

  it('aborted (webhook) and expired (polling) end the order as Stripe’s expired does; a later authorisation of another order is unaffected', async () => {
    const aborted = await checkout();
    vipps.abort(aborted.reference);
    expect((await deliver(vippsEvent(vipps, aborted.reference, 'ABORTED')).expect(200)).body).toEqual({ received: true });
    expect((await orders().findOneByOrFail({ id: aborted.order.id })).status).toBe('expired');
    const page = await t.http().get(`/api/checkout/sessions/${aborted.reference}`).expect(200);
    expect(page.body.status).toBe('expired');

    const expired = await checkout();
    vipps.expire(expired.reference);
    const polled = await t.http().get(`/api/checkout/sessions/${expired.reference}`).expect(200);
    expect(polled.body.status).toBe('expired');
    expect(await grantsOf(expired.order.id)).toBe(0);

    const terminated = await checkout();
    await deliver(vippsEvent(vipps, terminated.reference, 'TERMINATED')).expect(200);
    expect((await orders().findOneByOrFail({ id: terminated.order.id })).status).toBe('expired');
  });

  it('an AUTHORIZED arriving after payment changes nothing; an ABORTED after payment leaves it paid', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    await deliver(vippsEvent(vipps, reference, 'ABORTED')).expect(200);
    expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('paid');
  });

  it('refuses deliveries that are not signed by Vipps with the secret, and changes nothing', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    const event = vippsEvent(vipps, reference, 'AUTHORIZED');
    const body = JSON.stringify(event);
    const expectRefused = async (req: PromiseLike<{ status: number; body: unknown }>) => {
      const res = await req;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'Ugyldig eller manglende signatur' });
    };
    // Another secret.
    await expectRefused(deliver(event, { secret: 'not-the-secret' }));
    // Signed for another path.
    await expectRefused(deliver(event, { path: '/api/vipps/other' }));
    // Signed for another host than the one the request went to.
    const signed = signVippsWebhook(body, { host: 'evil.example' });
    await expectRefused(
      t
        .http()
        .post('/api/vipps/webhook')
        .set({ ...signed, host: 'localhost:3000' })
        .send(body),
    );
    // A body changed after signing.
    const good = signVippsWebhook(body);
    await expectRefused(
      t
        .http()
        .post('/api/vipps/webhook')
        .set(good)
        .send(JSON.stringify({ ...event, amount: { currency: 'NOK', value: 100 } })),
    );
    // No signature at all.
    await expectRefused(t.http().post('/api/vipps/webhook').set('content-type', 'application/json').send(body));
    expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('pending');
    expect(await grantsOf(order.id)).toBe(0);
  });

  it('a signed event for another sales unit or an unknown reference is acknowledged and ignored', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    const other = await deliver(vippsEvent(vipps, reference, 'AUTHORIZED', { msn: '999999' })).expect(200);
    expect(other.body).toEqual({ received: true, ignored: true });
    const unknown = await deliver(vippsEvent(vipps, 'vipps-' + 'a'.repeat(32), 'AUTHORIZED')).expect(200);
    expect(unknown.body).toMatchObject({ received: true, ignored: true });
    expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('pending');
  });

  it('a buyer who already owns the course is answered as anyone, then captured and refunded in full through Vipps', async () => {
    const owner = await createUser(t, { courses: ['foundation'] });
    const { order, reference } = await checkout({ email: owner.email });
    vipps.approve(reference);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    const after = await orders().findOneByOrFail({ id: order.id });
    expect(after).toMatchObject({ status: 'refunded', refusal: 'already_owned', refundedOre: 199700 });
    const p = vipps.payments.get(reference)!;
    expect(p.aggregate).toMatchObject({ capturedAmount: { value: 199700 }, refundedAmount: { value: 199700 } });
  });

  it('Vipps unreachable when the payment is made: the order fails and the buyer gets the payment error', async () => {
    vipps.fail('create', 503);
    const email = uniqueEmail('vipps-nede');
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'vipps',
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(502);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Det oppstod en feil ved opprettelse av betalingen. Prøv igjen.',
    });
    expect(await orders().findOneByOrFail({ email })).toMatchObject({ provider: 'vipps', status: 'failed' });
  });

  it('npm run vipps:register-webhook registers the webhook for the ePayment events and hands back the secret', async () => {
    const r = await registerVippsWebhook(t.cfg);
    expect(r).toMatchObject({ url: 'http://localhost:3000/api/vipps/webhook', secret: FAKE_VIPPS.webhookSecret });
    expect(vipps.webhooks.at(-1)).toMatchObject({
      url: 'http://localhost:3000/api/vipps/webhook',
      events: [
        'epayments.payment.authorized.v1',
        'epayments.payment.aborted.v1',
        'epayments.payment.expired.v1',
        'epayments.payment.cancelled.v1',
        'epayments.payment.terminated.v1',
      ],
    });
  });

  it('the official SDK (Vipps’ own address) sends the same requests, which the fake accepts', async () => {
    // The SDK's base URL is fixed: its requests to the test environment are sent on to the fake.
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: Request | string | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      expect(req.url.startsWith(VIPPS_TEST_BASE)).toBe(true);
      return realFetch(new Request(req.url.replace(VIPPS_TEST_BASE, vipps.url), req));
    }) as typeof fetch;
    try {
      // Through the interface the site uses: the SDK ignores the Idempotency-Key the callers pass.
      const api: VippsApi = new SdkVippsApi({ ...t.cfg.vipps!, apiBase: null, testMode: true });
      const reference = `vipps-${'c'.repeat(32)}`;
      const created = await api.createPayment(
        {
          amount: { currency: 'NOK', value: 199700 },
          paymentMethod: { type: 'WALLET' },
          reference,
          userFlow: 'WEB_REDIRECT',
          returnUrl: 'https://www.example.no/betaling/fullfort',
          paymentDescription: 'Foundation Kurs',
        },
        'ignored-by-the-sdk',
      );
      expect(created).toEqual({ reference, redirectUrl: expect.stringContaining('/landing/') });
      vipps.approve(reference);
      expect((await api.getPayment(reference)).state).toBe('AUTHORIZED');
      await api.capture(reference, { modificationAmount: { currency: 'NOK', value: 199700 } }, 'k1');
      await api.refund(reference, { modificationAmount: { currency: 'NOK', value: 199700 } }, 'k2');
      expect(vipps.payments.get(reference)!.aggregate.refundedAmount.value).toBe(199700);
      // A refusal arrives as a VippsApiError with Vipps' status.
      await expect(api.refund(reference, { modificationAmount: { currency: 'NOK', value: 1 } }, 'k3')).rejects.toMatchObject({
        status: 400,
      });
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('the site settings offer Vipps beside card and Klarna', async () => {
    const res = await t.http().get('/api/site').expect(200);
    expect(res.body.paymentMethods).toEqual(['card', 'vipps', 'klarna']);
  });
});

describe('Vipps without Vipps keys', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(stripe));
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('is not offered, is refused in Norwegian, and its webhook refuses everything', async () => {
    expect((await t.http().get('/api/site').expect(200)).body.paymentMethods).toEqual(['card', 'klarna']);
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email: uniqueEmail(),
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'vipps',
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Vipps er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.',
    });
    expect(stripe.callsTo('sessions.create')).toHaveLength(0);
    const body = JSON.stringify({ msn: FAKE_VIPPS.msn, reference: 'vipps-' + 'b'.repeat(32), name: 'AUTHORIZED' });
    const hook = t.http().post('/api/vipps/webhook');
    for (const [k, v] of Object.entries(signVippsWebhook(body))) hook.set(k, v);
    await hook.send(body).expect(400);
  });
});
