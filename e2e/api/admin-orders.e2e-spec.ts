import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { adminAgent, demoPurchase, insertOrder, listQuery, uniqueEmail } from './admin-helpers';
import { deliverWebhook, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { checkoutForm, startStripeApp, type StripeApp } from './support/payments-app';
import { startTestApp, type TestApp } from './support/test-app';

const me = async (agent: TestAgent) => (await agent.get('/api/auth/me').expect(200)).body.courses as string[];

describe('admin API: orders and refunds (demo payments)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  afterAll(() => t.close());

  it('shows an order with payment details, days since purchase and the 30-day guarantee', async () => {
    const { orderId, email } = await demoPurchase(t, { courseId: 'accelerator', trafficSource: 'C' });
    const res = await admin.get(`/api/admin/orders/${orderId}`).expect(200);
    expect(res.body).toMatchObject({
      id: orderId,
      email,
      courseId: 'accelerator',
      amountOre: 499700,
      refundedOre: 0,
      refundableOre: 499700,
      currency: 'NOK',
      provider: 'demo',
      paymentMethod: 'card',
      status: 'paid',
      daysSincePurchase: 0,
      withinGuarantee: true,
      trafficSource: 'C',
      attribution: expect.objectContaining({ trafficSource: 'C' }),
      refunds: [],
    });
    expect(Date.parse(res.body.guaranteeEndsAt) - Date.parse(res.body.paidAt)).toBe(30 * 86_400_000);

    const old = await insertOrder(t, { status: 'paid', createdAt: new Date(Date.now() - 31 * 86_400_000) });
    const oldRes = await admin.get(`/api/admin/orders/${old.id}`).expect(200);
    expect(oldRes.body).toMatchObject({ daysSincePurchase: 31, withinGuarantee: false });
    const pending = await insertOrder(t, { status: 'pending' });
    const pendingRes = await admin.get(`/api/admin/orders/${pending.id}`).expect(200);
    expect(pendingRes.body).toMatchObject({ paidAt: null, daysSincePurchase: null, withinGuarantee: false, refundableOre: 0 });
    await admin.get('/api/admin/orders/999999').expect(404);
  });

  it('a full refund through the admin ends in status refunded, the course revoked and an audit row', async () => {
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'foundation' });
    expect(await me(buyer)).toContain('foundation');

    const res = await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett innen 30 dager' }).expect(200);
    expect(res.body).toMatchObject({ id: orderId, status: 'refunded', refundedOre: 199700, refundableOre: 0 });
    expect(res.body.refunds).toEqual([
      expect.objectContaining({ amountOre: 199700, reason: 'Angrerett innen 30 dager', createdBy: adminId }),
    ]);

    expect(await me(buyer)).not.toContain('foundation');
    const grant = await t.ds.getRepository(Grant).findOneByOrFail({ orderId });
    expect(grant.revokedAt).not.toBeNull();
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'order.refund', entityId: String(orderId) });
    expect(audit).toMatchObject({
      actorId: adminId,
      entity: 'order',
      before: { status: 'paid', refundedOre: 0 },
      after: { status: 'refunded', refundedOre: 199700, refund: expect.objectContaining({ amountOre: 199700 }) },
    });

    // Nothing left to refund.
    const again = await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Igjen' }).expect(400);
    expect(again.body).toMatchObject({ message: 'Bare betalte ordrer kan refunderes' });
    expect(await t.ds.getRepository(Refund).countBy({ orderId })).toBe(1);
  });

  it('a partial refund leaves the order partially refunded and the course kept', async () => {
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'foundation' });
    const res = await admin
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ amount: 50000, reason: 'Delvis kompensasjon' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'partially_refunded', refundedOre: 50000, refundableOre: 149700 });
    expect(await me(buyer)).toContain('foundation');
    const over = await admin.post(`/api/admin/orders/${orderId}/refund`).send({ amount: 149701, reason: 'For mye' }).expect(400);
    expect(over.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Beløpet må være et helt antall øre mellom 1 og 149700',
    });
    // The rest, with no amount, makes it a full refund.
    const rest = await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Resten' }).expect(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedOre: 199700 });
    expect(await me(buyer)).not.toContain('foundation');
    const list = await admin.get(`/api/admin/orders${listQuery({ filter: { id: [orderId], status: 'refunded' } })}`).expect(200);
    expect(list.body).toHaveLength(1);
  });

  it('bad refund requests answer 4xx in the error shape and change nothing', async () => {
    const { orderId } = await demoPurchase(t);
    const cases: Array<[Record<string, unknown>, number]> = [
      [{}, 400],
      [{ reason: '   ' }, 400],
      [{ reason: 'x'.repeat(501) }, 400],
      [{ amount: 0, reason: 'Null' }, 400],
      [{ amount: -5, reason: 'Negativ' }, 400],
      [{ amount: 10.5, reason: 'Brøk' }, 400],
      [{ amount: '100', reason: 'Tekst' }, 400],
      [{ amount: 100, reason: 'Ok', status: 'refunded' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await admin.post(`/api/admin/orders/${orderId}/refund`).send(body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ statusCode: status, message: expect.any(String) });
    }
    const pending = await insertOrder(t, { status: 'pending' });
    await admin.post(`/api/admin/orders/${pending.id}/refund`).send({ reason: 'Ikke betalt' }).expect(400);
    await admin.post('/api/admin/orders/999999/refund').send({ reason: 'Finnes ikke' }).expect(404);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ id: orderId });
    expect(order).toMatchObject({ status: 'paid', refundedOre: 0 });
    expect(await t.ds.getRepository(AuditLog).countBy({ action: 'order.refund', entityId: String(orderId) })).toBe(0);
  });
});

describe('admin API: refunds through Stripe (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: TestAgent;
  let started: StripeApp;

  beforeAll(async () => {
    started = await startStripeApp();
    ({ t, stripe: fake, admin } = started);
  });
  afterAll(() => started.close());

  async function paidStripeOrder(): Promise<Order> {
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email: uniqueEmail('stripe') }))
      .expect(201);
    const session = fake.pay(fake.lastSession().id);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', { ...session })).expect(200);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    expect(order.status).toBe('paid');
    return order;
  }

  it('refunds through Stripe and shows the Stripe refund on the order', async () => {
    const order = await paidStripeOrder();
    const res = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Kunden angret' }).expect(200);
    expect(res.body).toMatchObject({ status: 'refunded', provider: 'stripe', paymentMethod: 'card' });
    expect(res.body.refunds[0].stripeRefundId).toMatch(/^re_/);
    expect(fake.callsTo('refunds.create')).toHaveLength(1);
    expect(await t.ds.getRepository(Grant).findOneByOrFail({ orderId: order.id })).toMatchObject({ revokedAt: expect.any(Date) });
  });

  it('Stripe errors reach the mentor in plain Norwegian, and nothing changes', async () => {
    const order = await paidStripeOrder();
    fake.fail('refunds.create', 400);
    const rejected = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' });
    expect(rejected.status).toBe(400);
    expect(rejected.body).toEqual({
      statusCode: 400,
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Betalingsleverandøren avviste refusjonen. Ingenting er endret.',
    });
    fake.fail('refunds.create', 500);
    const down = await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' });
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('Fikk ikke kontakt med betalingsleverandøren. Ingenting er endret – prøv igjen om litt.');
    expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({ status: 'paid', refundedOre: 0 });
    expect(await t.ds.getRepository(AuditLog).countBy({ action: 'order.refund', entityId: String(order.id) })).toBe(0);
  });
});
