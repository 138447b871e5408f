import type TestAgent from 'supertest/lib/agent';
import { IsNull } from 'typeorm';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { FulfilmentService } from '../../backend/src/orders/fulfilment.service';
import { PROVIDER_READ_CACHE_MS } from '../../backend/src/orders/single-flight';
import { createVippsApi, HttpVippsApi, VIPPS_PRODUCTION_BASE, VIPPS_TEST_BASE } from '../../backend/src/orders/vipps/vipps-api';
import { vippsRefundKey } from '../../backend/src/orders/refunds/vipps-refunds.service';
import { registerVippsWebhook } from '../../backend/src/orders/vipps/vipps-webhook-registration';
import { type FakeStripe } from './support/fake-stripe';
import { FAKE_VIPPS, signVippsWebhook, vippsEvent, type FakeVipps } from './support/fake-vipps';
import { checkoutForm, startPaymentsApp, startStripeApp, type PaymentsApp, type StripeApp } from './support/payments-app';
import { createUser, loginAs, uniqueEmail, type TestApp } from './support/test-app';

describe('Vipps MobilePay (ePayment API, fake Vipps server): pay, capture, refund, abort, webhooks', () => {
  let t: TestApp;
  let vipps: FakeVipps;
  let stripe: FakeStripe;
  let admin: TestAgent;
  let started: PaymentsApp;

  beforeAll(async () => {
    started = await startPaymentsApp();
    ({ t, vipps, stripe, admin } = started);
  });
  afterAll(() => started.close());

  const orders = () => t.ds.getRepository(Order);
  const grantsOf = (orderId: number) => t.ds.getRepository(Grant).countBy({ orderId });
  const receiptsOf = (orderId: number, kind: 'receipt' | 'credit_note') =>
    t.ds.getRepository(Receipt).countBy({ orderId, kind } as never);

  async function checkout(over: Record<string, unknown> = {}) {
    const email = (over.email as string) ?? uniqueEmail('vipps');
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, firstName: 'Kari', paymentMethod: 'vipps', ...over }))
      .expect(201);
    const payment = vipps.lastPayment();
    const order = await orders().findOneByOrFail({ providerReference: payment.request.reference });
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
    // Polls of one payment within PROVIDER_READ_CACHE_MS share one read from Vipps: the next poll reads anew.
    await new Promise((r) => setTimeout(r, PROVIDER_READ_CACHE_MS + 100));
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
    // Each refund is recorded under our own Idempotency-Key (Vipps' answer repeats the payment's pspReference).
    expect(rows.map((r) => r.stripeRefundId).sort()).toEqual(keys.map((k) => `vipps:${k}`).sort());
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

  it('an upgrade authorised in Vipps after its Foundation was refunded is refused, captured and refunded in full; nothing is granted', async () => {
    const { agent, user } = await loginAs(t);
    const buy = async (courseId: string) => {
      await agent
        .post('/api/checkout/sessions')
        .send(checkoutForm({ courseId, email: user.email, firstName: 'Kari', paymentMethod: 'vipps' }))
        .expect(201);
      const reference = vipps.lastPayment().request.reference;
      return { reference, order: await orders().findOneByOrFail({ providerReference: reference }) };
    };
    const foundation = await buy('foundation');
    vipps.approve(foundation.reference);
    await deliver(vippsEvent(vipps, foundation.reference, 'AUTHORIZED')).expect(200);
    const upgrade = await buy('accelerator');
    expect(upgrade.order).toMatchObject({ amountOre: 300000, upgradeCreditOre: 199700, upgradeFromOrderId: foundation.order.id });
    // Foundation refunded while the upgrade waits in the Vipps app.
    await admin.post(`/api/admin/orders/${foundation.order.id}/refund`).send({ reason: 'Garanti' }).expect(200);
    vipps.approve(upgrade.reference);
    await deliver(vippsEvent(vipps, upgrade.reference, 'AUTHORIZED')).expect(200);
    expect(await orders().findOneByOrFail({ id: upgrade.order.id })).toMatchObject({
      status: 'refunded',
      refusal: 'upgrade_credit_gone',
      refundedOre: 300000,
    });
    expect(vipps.payments.get(upgrade.reference)!.aggregate).toMatchObject({
      capturedAmount: { value: 300000 },
      refundedAmount: { value: 300000 },
    });
    expect(await grantsOf(upgrade.order.id)).toBe(0);
    expect(await t.ds.getRepository(Grant).countBy({ userId: user.id, revokedAt: IsNull() })).toBe(0);
  });

  it('Vipps unreachable when the payment is made: the order fails and the buyer gets the payment error', async () => {
    vipps.fail('create', 503);
    const email = uniqueEmail('vipps-nede');
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, firstName: 'Kari', paymentMethod: 'vipps' }))
      .expect(502);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Det oppstod en feil ved opprettelse av betalingen. Prøv igjen.',
    });
    expect(await orders().findOneByOrFail({ email })).toMatchObject({ provider: 'vipps', status: 'failed' });
  });

  it('npm run vipps:register-webhook registers the webhook for the ePayment and Recurring events and hands back the secret', async () => {
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
        'recurring.agreement-activated.v1',
        'recurring.agreement-stopped.v1',
        'recurring.agreement-expired.v1',
        'recurring.charge-captured.v1',
        'recurring.charge-failed.v1',
        'recurring.charge-canceled.v1',
      ],
    });
  });

  it('Vipps’ own address in production (api.vipps.no, apitest.vipps.no in test mode) through the client that sends our Idempotency-Key', async () => {
    const realFetch = globalThis.fetch;
    const seen: Array<{ url: string; key: string | null }> = [];
    // Vipps' own addresses are sent on to the fake: the requests are those the site makes in production.
    globalThis.fetch = ((input: Request | string | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      seen.push({ url: req.url, key: req.headers.get('idempotency-key') });
      const base = [VIPPS_PRODUCTION_BASE, VIPPS_TEST_BASE].find((b) => req.url.startsWith(`${b}/`));
      expect(base).toBeDefined();
      return realFetch(new Request(req.url.replace(base!, vipps.url), req));
    }) as typeof fetch;
    try {
      for (const testMode of [false, true]) {
        seen.length = 0;
        const api = createVippsApi({ vipps: { ...t.cfg.vipps!, apiBase: null, testMode } })!;
        expect(api).toBeInstanceOf(HttpVippsApi);
        const reference = `vipps-${(testMode ? 'd' : 'c').repeat(32)}`;
        const created = await api.createPayment(
          {
            amount: { currency: 'NOK', value: 199700 },
            paymentMethod: { type: 'WALLET' },
            reference,
            userFlow: 'WEB_REDIRECT',
            returnUrl: 'https://www.example.no/betaling/fullfort',
            paymentDescription: 'Foundation Kurs',
          },
          `create-${reference}`,
        );
        expect(created).toEqual({ reference, redirectUrl: expect.stringContaining('/landing/') });
        vipps.approve(reference);
        expect((await api.getPayment(reference)).state).toBe('AUTHORIZED');
        // A capture and a refund tried again carry the same key: Vipps answers the first again, nothing moves twice.
        const amount = { modificationAmount: { currency: 'NOK' as const, value: 199700 } };
        await api.capture(reference, amount, `capture-${reference}`);
        await api.capture(reference, amount, `capture-${reference}`);
        const part = { modificationAmount: { currency: 'NOK' as const, value: 10000 } };
        const first = await api.refund(reference, part, `refund-${reference}-0`);
        const again = await api.refund(reference, part, `refund-${reference}-0`);
        expect(again).toEqual(first);
        expect(first.aggregate.refundedAmount.value).toBe(10000);
        const p = vipps.payments.get(reference)!;
        expect(p.captures).toHaveLength(1);
        expect(p.refunds).toHaveLength(1);
        const host = testMode ? VIPPS_TEST_BASE : VIPPS_PRODUCTION_BASE;
        expect(seen.every((c) => c.url.startsWith(`${host}/`))).toBe(true);
        expect(seen.filter((c) => c.url.endsWith('/capture')).map((c) => c.key)).toEqual([
          `capture-${reference}`,
          `capture-${reference}`,
        ]);
        expect(seen.filter((c) => c.url.endsWith('/refund')).map((c) => c.key)).toEqual([
          `refund-${reference}-0`,
          `refund-${reference}-0`,
        ]);
        // A refusal arrives as a VippsApiError with Vipps' status.
        await expect(
          api.refund(reference, { modificationAmount: { currency: 'NOK', value: 999999 } }, 'too-much'),
        ).rejects.toMatchObject({ status: 400 });
      }
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('a capture and a refund that failed are sent again with the same Idempotency-Key', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    vipps.fail('capture', 503);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    await t.app.get(FulfilmentService).retryRefusedRefunds(0);
    const captureKeys = vipps
      .callsTo('capture')
      .filter((c) => c.path.includes(reference))
      .map((c) => c.headers['idempotency-key']);
    expect(captureKeys).toEqual([`capture-${reference}`, `capture-${reference}`]);
    expect(vipps.payments.get(reference)!.captures).toHaveLength(1);

    // Vipps did the refund but the answer was lost (503 here): the mentor's second try is the same refund.
    vipps.fail('refund', 503);
    const lost = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ amount: 10000, reason: 'Delvis' }).expect(502);
    expect(lost.body).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    await admin.post(`/api/admin/orders/${order.id}/refund`).send({ amount: 10000, reason: 'Delvis' }).expect(200);
    const refundKeys = vipps
      .callsTo('refund')
      .filter((c) => c.path.includes(reference))
      .map((c) => c.headers['idempotency-key']);
    const key = vippsRefundKey(order, 10000);
    expect(refundKeys).toEqual([key, key]);
    expect(vipps.payments.get(reference)!.refunds).toHaveLength(1);
    expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ refundedOre: 10000, status: 'partially_refunded' });
    expect(await t.ds.getRepository(Refund).findBy({ orderId: order.id })).toEqual([
      expect.objectContaining({ amountOre: 10000, stripeRefundId: `vipps:${key}` }),
    ]);
  });

  it('partial refunds of 100, 200, 300 and 900 kr of a 1 500 kr payment: four refunds, four credit notes, access ends at the last', async () => {
    const code = `VIPPS${Date.now().toString(36).toUpperCase()}`;
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code, amountOffOre: 49700, courseIds: ['foundation'] })
      .expect(201);
    const { order, reference } = await checkout({ campaignCode: code });
    expect(order.amountOre).toBe(150000);
    vipps.approve(reference);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    const steps: Array<[number, string, number]> = [
      [10000, 'partially_refunded', 10000],
      [20000, 'partially_refunded', 30000],
      [30000, 'partially_refunded', 60000],
      [90000, 'refunded', 150000],
    ];
    for (const [amount, status, total] of steps) {
      const res = await admin
        .post(`/api/admin/orders/${order.id}/refund`)
        .send({ amount, reason: `Delvis ${amount}` })
        .expect(200);
      expect(res.body).toMatchObject({ status, refundedOre: total });
      // The order says what Vipps says it has refunded.
      expect(vipps.payments.get(reference)!.aggregate.refundedAmount.value).toBe(total);
    }
    const answers = vipps.callsTo('refund').filter((c) => c.path.includes(reference));
    expect(answers).toHaveLength(4);
    expect(new Set(answers.map((c) => c.headers['idempotency-key'])).size).toBe(4);
    const rows = await t.ds.getRepository(Refund).find({ where: { orderId: order.id }, order: { id: 'ASC' } });
    expect(rows.map((r) => r.amountOre)).toEqual([10000, 20000, 30000, 90000]);
    expect(await receiptsOf(order.id, 'credit_note')).toBe(4);
    expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'refunded', refundedOre: 150000 });
    expect(await t.ds.getRepository(Grant).findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: expect.any(Date) });
  });

  it('a refund made in Vipps’ portal as well is counted from Vipps’ total (aggregate.refundedAmount)', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    await deliver(vippsEvent(vipps, reference, 'AUTHORIZED')).expect(200);
    // 200 kr refunded in the portal, not through the site.
    const p = vipps.payments.get(reference)!;
    p.aggregate.refundedAmount = { currency: 'NOK', value: 20000 };
    const res = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ amount: 10000, reason: 'Delvis' }).expect(200);
    expect(res.body).toMatchObject({ status: 'partially_refunded', refundedOre: 30000 });
    const rows = await t.ds.getRepository(Refund).find({ where: { orderId: order.id }, order: { id: 'ASC' } });
    expect(rows.map((r) => [r.amountOre, r.reason])).toEqual([
      [10000, 'Delvis'],
      [20000, 'Refundert i Vipps'],
    ]);
    expect(await receiptsOf(order.id, 'credit_note')).toBe(2);
  });

  it('refuses a correctly signed delivery dated more than 5 minutes off the server’s clock (2001, or 6 minutes ahead); nothing is fulfilled', async () => {
    const { order, reference } = await checkout();
    vipps.approve(reference);
    const event = vippsEvent(vipps, reference, 'AUTHORIZED');
    for (const date of ['Mon, 01 Jan 2001 12:00:00 GMT', new Date(Date.now() + 6 * 60_000).toUTCString(), 'not a date']) {
      const res = await deliver(event, { date }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'INVALID_SIGNATURE',
        message: 'Hendelsen fra Vipps er datert mer enn 5 minutter fra serverens klokke (x-ms-date) og er avvist',
      });
    }
    expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'pending', paidAt: null });
    expect(await grantsOf(order.id)).toBe(0);
    expect(vipps.payments.get(reference)!.captures).toHaveLength(0);
    // Within the window (4 minutes old): accepted.
    const fresh = await deliver(event, { date: new Date(Date.now() - 4 * 60_000).toUTCString() }).expect(200);
    expect(fresh.body).toEqual({ received: true });
    expect(await grantsOf(order.id)).toBe(1);
  });

  it('the site settings offer Vipps beside card and Klarna', async () => {
    const res = await t.http().get('/api/site').expect(200);
    expect(res.body.paymentMethods).toEqual(['card', 'vipps', 'klarna']);
  });
});

describe('Vipps without Vipps keys', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let started: StripeApp;
  beforeAll(async () => {
    started = await startStripeApp();
    ({ t, stripe } = started);
  });
  afterAll(() => started.close());

  it('is not offered, is refused in Norwegian, and its webhook refuses everything', async () => {
    expect((await t.http().get('/api/site').expect(200)).body.paymentMethods).toEqual(['card', 'klarna']);
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email: uniqueEmail(), firstName: 'Kari', paymentMethod: 'vipps' }))
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
