import type TestAgent from 'supertest/lib/agent';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { adminAgent, insertOrder } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Upgrade for the difference (docs/decisions.md "Upgrades for the difference"): a student who owns Foundation and
 * buys Accelerator pays Accelerator's current price minus what they paid for Foundation, refunds
 * subtracted, never below 3 kr; a campaign code applies after the credit; the quote, the payment, the
 * order and the receipt show the same numbers; a refund of the upgrade refunds what was paid for it.
 */
describe('upgrade from Foundation to Accelerator (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let refunds: RefundsService;
  let admin: TestAgent;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(fake));
    refunds = t.app.get(RefundsService);
    admin = (await adminAgent(t)).agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const orders = () => t.ds.getRepository(Order);
  const grants = () => t.ds.getRepository(Grant);
  const buyer = (over: Record<string, unknown> = {}) => ({
    courseId: 'foundation',
    email: uniqueEmail('oppgradering'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...over,
  });
  const lastCreate = () =>
    fake.callsTo('sessions.create').at(-1)!.body as {
      line_items: Array<{ price_data: { unit_amount: string; product_data: { name: string } } }>;
    };

  /** A checkout by `agent` paid through Stripe's webhook: the paid order. */
  async function buyAndPay(agent: TestAgent, over: Record<string, unknown> = {}): Promise<Order> {
    await agent.post('/api/checkout/sessions').send(buyer(over)).expect(201);
    const session = fake.pay(fake.lastSession().id);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', session)).expect(200);
    return orders().findOneByOrFail({ providerReference: session.id });
  }

  /** A signed-in student who bought Foundation through the checkout. */
  async function foundationOwner() {
    const { agent, user } = await loginAs(t);
    const foundation = await buyAndPay(agent);
    expect(foundation).toMatchObject({ status: 'paid', amountOre: 199700, userId: user.id });
    return { agent, user, foundation };
  }

  it('a visitor is quoted the full price (no credit); a course the checkout does not sell is 400', async () => {
    const res = await t.http().get('/api/checkout/quote?courseId=accelerator').expect(200);
    expect(res.body).toEqual({
      courseId: 'accelerator',
      priceOre: 499700,
      discountOre: 0,
      upgradeCreditOre: 0,
      amountOre: 499700,
    });
    expect(res.headers['cache-control']).toContain('no-store');
    for (const q of ['courseId=kryptovaluta', 'courseId=ukjent', '']) {
      const bad = await t.http().get(`/api/checkout/quote?${q}`).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, message: 'Invalid course ID' });
    }
    const unknown = await t.http().get('/api/checkout/quote?courseId=accelerator&price=1').expect(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Ukjent felt: price' });
  });

  it('Foundation owner: quoted and charged the difference; the receipt describes the upgrade; a refund of the upgrade refunds what was paid and keeps Foundation', async () => {
    const { agent, user, foundation } = await foundationOwner();
    const quote = await agent.get('/api/checkout/quote?courseId=accelerator').expect(200);
    expect(quote.body).toEqual({
      courseId: 'accelerator',
      priceOre: 499700,
      discountOre: 0,
      upgradeCreditOre: 199700,
      amountOre: 300000,
      upgradeFrom: 'foundation',
    });
    // Foundation itself: owned, as at checkout.
    expect((await agent.get('/api/checkout/quote?courseId=foundation').expect(409)).body.code).toBe('ALREADY_OWNED');

    const upgrade = await buyAndPay(agent, { courseId: 'accelerator' });
    expect(lastCreate().line_items[0].price_data).toMatchObject({
      unit_amount: '300000',
      product_data: { name: 'Accelerator Kurs (oppgradering fra Foundation)' },
    });
    expect(upgrade).toMatchObject({
      status: 'paid',
      amountOre: 300000,
      upgradeCreditOre: 199700,
      discountOre: 0,
      userId: user.id,
    });
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: upgrade.id, kind: 'receipt' });
    expect(receipt.totalOre).toBe(300000);
    expect(receipt.description).toBe(
      `Oppgradering fra «Foundation» til «Accelerator», ordre ${upgrade.id} (1 997 kr betalt for Foundation trukket fra)`,
    );
    expect((await agent.get('/api/checkout/quote?courseId=accelerator').expect(409)).body.code).toBe('ALREADY_OWNED');

    // The upgrade refunded in full: what was paid for it, no more; Accelerator ends, Foundation stays.
    const { refund, order } = await refunds.refund(upgrade.id, { reason: 'Angret oppgraderingen' });
    expect(refund.amountOre).toBe(300000);
    expect(fake.callsTo('refunds.create').at(-1)!.body).toMatchObject({ amount: '300000' });
    expect(order).toMatchObject({ status: 'refunded', refundedOre: 300000 });
    const active = await grants().find({ where: { userId: user.id }, order: { id: 'ASC' } });
    expect(active.filter((g) => g.revokedAt === null).map((g) => g.courseId)).toEqual(['foundation']);
    expect(await orders().findOneByOrFail({ id: foundation.id })).toMatchObject({ status: 'paid', refundedOre: 0 });
  });

  it('refunds of Foundation are subtracted from the credit; a campaign code applies after the credit', async () => {
    const { agent, foundation } = await foundationOwner();
    await refunds.refund(foundation.id, { amount: 50000, reason: 'Delvis refusjon' });
    const quote = await agent.get('/api/checkout/quote?courseId=accelerator').expect(200);
    expect(quote.body).toMatchObject({ upgradeCreditOre: 149700, discountOre: 0, amountOre: 350000 });

    const code = `OPPG${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code, courseIds: ['accelerator'], percentOff: 10 })
      .expect(201);
    // 10 % off what is left after the credit (3 500 kr), not off 4 997 kr.
    const withCode = await agent.get(`/api/checkout/quote?courseId=accelerator&campaignCode=${code.toLowerCase()}`).expect(200);
    expect(withCode.body).toEqual({
      courseId: 'accelerator',
      priceOre: 499700,
      upgradeCreditOre: 149700,
      discountOre: 35000,
      amountOre: 315000,
      upgradeFrom: 'foundation',
    });
    const upgrade = await buyAndPay(agent, { courseId: 'accelerator', campaignCode: code });
    expect(upgrade).toMatchObject({ amountOre: 315000, upgradeCreditOre: 149700, discountOre: 35000, campaignCode: code });
    expect(lastCreate().line_items[0].price_data.unit_amount).toBe('315000');
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: upgrade.id, kind: 'receipt' });
    expect(receipt.description).toBe(
      `Oppgradering fra «Foundation» til «Accelerator», ordre ${upgrade.id} (1 497 kr betalt for Foundation trukket fra) (kampanjekode ${code})`,
    );
  });

  it('never below 3 kr: a credit as large as the price leaves 3 kr to pay', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    // Paid for Foundation when its price was higher than Accelerator's is now.
    await insertOrder(t, { userId: user.id, email: user.email, amountOre: 520000, provider: 'stripe' });
    const quote = await agent.get('/api/checkout/quote?courseId=accelerator').expect(200);
    expect(quote.body).toMatchObject({ priceOre: 499700, upgradeCreditOre: 499400, amountOre: 300 });
    await agent
      .post('/api/checkout/sessions')
      .send(buyer({ courseId: 'accelerator' }))
      .expect(201);
    expect(lastCreate().line_items[0].price_data.unit_amount).toBe('300');
  });

  it('no credit without a paid Foundation (granted by the mentor), nor for a signed-out checkout with an owner’s address', async () => {
    const { agent } = await loginAs(t, { courses: ['foundation'] });
    expect((await agent.get('/api/checkout/quote?courseId=accelerator').expect(200)).body).toMatchObject({
      upgradeCreditOre: 0,
      amountOre: 499700,
    });

    const { user } = await foundationOwner();
    // Typing an owner's address reveals nothing and credits nothing: the ordinary price.
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(buyer({ courseId: 'accelerator', email: user.email }))
      .expect(201);
    const order = await orders().findOneByOrFail({ providerReference: fake.lastSession().id });
    expect(order).toMatchObject({ amountOre: 499700, upgradeCreditOre: 0 });
  });

  it('a Foundation refunded in full gives no credit (it is no longer owned)', async () => {
    const { agent, foundation } = await foundationOwner();
    await refunds.refund(foundation.id, { reason: 'Angret' });
    expect((await agent.get('/api/checkout/quote?courseId=accelerator').expect(200)).body).toMatchObject({
      upgradeCreditOre: 0,
      amountOre: 499700,
    });
  });

  /** The open checkout's session paid, through the webhook or the success page's poll. */
  async function payOpen(sessionId: string, via: 'webhook' | 'poll'): Promise<Order> {
    const session = fake.pay(sessionId);
    if (via === 'webhook') await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', session)).expect(200);
    else await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
    return orders().findOneByOrFail({ providerReference: session.id });
  }

  /** The courses a student's active grants open (Accelerator's grant includes Foundation's), sorted, once each. */
  const activeCourses = async (userId: number) =>
    [...new Set((await grants().find({ where: { userId } })).filter((g) => g.revokedAt === null).map((g) => g.courseId))].sort();

  it('the upgrade names its credit and the order it came from; the Foundation order says what of it the upgrade holds', async () => {
    const { agent, user, foundation } = await foundationOwner();
    const upgrade = await buyAndPay(agent, { courseId: 'accelerator' });
    expect(upgrade).toMatchObject({ upgradeCreditOre: 199700, upgradeFromOrderId: foundation.id });
    const up = await admin.get(`/api/admin/orders/${upgrade.id}`).expect(200);
    expect(up.body).toMatchObject({
      upgradeCreditOre: 199700,
      upgradeFromOrderId: foundation.id,
      creditTiedOre: 0,
      creditTiedToOrderId: null,
      refundableOre: 300000,
      refundWithUpgradeOre: 0,
    });
    const src = await admin.get(`/api/admin/orders/${foundation.id}`).expect(200);
    expect(src.body).toMatchObject({
      upgradeCreditOre: 0,
      upgradeFromOrderId: null,
      creditTiedOre: 199700,
      creditTiedToOrderId: upgrade.id,
      refundableOre: 0,
      refundWithUpgradeOre: 499700,
      // Still within the guarantee: its money can be refunded, together with the upgrade.
      withinGuarantee: true,
    });
    // The list says the same.
    const list = await admin
      .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ id: [foundation.id, upgrade.id] }))}`)
      .expect(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: foundation.id, creditTiedOre: 199700, refundableOre: 0, creditTiedToOrderId: upgrade.id }),
        expect.objectContaining({
          id: upgrade.id,
          upgradeCreditOre: 199700,
          upgradeFromOrderId: foundation.id,
          refundableOre: 300000,
        }),
      ]),
    );
    expect(list.body).toHaveLength(2);
    // And the student's page.
    const student = await admin.get(`/api/admin/users/${user.id}`).expect(200);
    expect(student.body.orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: foundation.id, creditTiedOre: 199700, refundableOre: 0, creditTiedToOrderId: upgrade.id }),
        expect.objectContaining({ id: upgrade.id, upgradeCreditOre: 199700, upgradeFromOrderId: foundation.id }),
      ]),
    );
  });

  it('Foundation whose money paid for the upgrade cannot be refunded alone (the guarantee claim kept Accelerator for 3 000 kr); both together refund 4 997 kr and end both courses', async () => {
    const { agent, user, foundation } = await foundationOwner();
    const upgrade = await buyAndPay(agent, { courseId: 'accelerator' });
    const refundsBefore = fake.callsTo('refunds.create').length;

    for (const body of [{ reason: 'Garanti' }, { reason: 'Garanti', amount: 100 }]) {
      const res = await admin.post(`/api/admin/orders/${foundation.id}/refund`).send(body).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: `1 997 kr av denne betalingen er brukt som oppgraderingsrabatt på ordre ${upgrade.id}. Refunder begge ordrene sammen.`,
      });
    }
    await expect(refunds.refund(foundation.id, { reason: 'Garanti' })).rejects.toMatchObject({ status: 400 });
    expect(fake.callsTo('refunds.create')).toHaveLength(refundsBefore);
    expect(await orders().findOneByOrFail({ id: foundation.id })).toMatchObject({ status: 'paid', refundedOre: 0 });
    expect(await activeCourses(user.id)).toEqual(['accelerator', 'foundation']);

    // Together, but only in full.
    const part = await admin
      .post(`/api/admin/orders/${foundation.id}/refund`)
      .send({ reason: 'Garanti', amount: 100, withUpgrade: true })
      .expect(400);
    expect(part.body.message).toBe('Når begge ordrene refunderes sammen, refunderes hele beløpet på begge. Ta bort beløpet.');

    const both = await admin
      .post(`/api/admin/orders/${foundation.id}/refund`)
      .send({ reason: 'Garanti', withUpgrade: true })
      .expect(200);
    expect(both.body).toMatchObject({ id: foundation.id, status: 'refunded', refundedOre: 199700, creditTiedOre: 0 });
    expect(await orders().findOneByOrFail({ id: upgrade.id })).toMatchObject({ status: 'refunded', refundedOre: 300000 });
    expect(
      fake
        .callsTo('refunds.create')
        .slice(refundsBefore)
        .map((c) => (c.body as { amount: string }).amount),
    ).toEqual(['300000', '199700']);
    expect(await activeCourses(user.id)).toEqual([]);
    const audits = await t.ds.getRepository(AuditLog).find({ where: { action: 'order.refund' }, order: { id: 'ASC' } });
    expect(
      audits
        .filter((a) => [String(foundation.id), String(upgrade.id)].includes(String(a.entityId)))
        .map((a) => String(a.entityId)),
    ).toEqual([String(upgrade.id), String(foundation.id)]);
  });

  it('only what is not tied up in the upgrade can be refunded alone, and the upgrade keeps its courses', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    // Paid 5 200 kr for Foundation: the credit is 4 994 kr (Accelerator never below 3 kr), 206 kr is free.
    const src = await insertOrder(t, { userId: user.id, email: user.email, amountOre: 520000 });
    const upgrade = await buyAndPay(agent, { courseId: 'accelerator' });
    expect(upgrade).toMatchObject({ status: 'paid', amountOre: 300, upgradeCreditOre: 499400, upgradeFromOrderId: src.id });
    const detail = await admin.get(`/api/admin/orders/${src.id}`).expect(200);
    expect(detail.body).toMatchObject({ creditTiedOre: 499400, refundableOre: 20600, refundWithUpgradeOre: 520300 });
    const over = await admin.post(`/api/admin/orders/${src.id}/refund`).send({ reason: 'Delvis', amount: 20700 }).expect(400);
    expect(over.body.message).toBe(
      `4 994 kr av denne betalingen er brukt som oppgraderingsrabatt på ordre ${upgrade.id}. Alene kan høyst 206 kr refunderes; ellers refunder begge ordrene sammen.`,
    );
    const ok = await admin.post(`/api/admin/orders/${src.id}/refund`).send({ reason: 'Delvis', amount: 20600 }).expect(200);
    expect(ok.body).toMatchObject({ status: 'partially_refunded', refundedOre: 20600, refundableOre: 0, creditTiedOre: 499400 });
    expect(await activeCourses(user.id)).toEqual(['accelerator', 'foundation']);
    // With the upgrade refunded, Foundation's money is free again.
    await refunds.refund(upgrade.id, { reason: 'Angret' });
    const after = await admin.get(`/api/admin/orders/${src.id}`).expect(200);
    expect(after.body).toMatchObject({ creditTiedOre: 0, creditTiedToOrderId: null, refundableOre: 499400 });
  });

  it.each(['webhook', 'poll'] as const)(
    'an open upgrade checkout paid (%s) after Foundation was refunded is refused and refunded in full; nothing is granted',
    async (via) => {
      const { agent, user, foundation } = await foundationOwner();
      await agent
        .post('/api/checkout/sessions')
        .send(buyer({ courseId: 'accelerator' }))
        .expect(201);
      const open = fake.lastSession();
      const pending = await orders().findOneByOrFail({ providerReference: open.id });
      expect(pending).toMatchObject({
        status: 'pending',
        amountOre: 300000,
        upgradeCreditOre: 199700,
        upgradeFromOrderId: foundation.id,
      });
      // The guarantee claim on Foundation: allowed, nothing is paid with its money yet.
      await admin.post(`/api/admin/orders/${foundation.id}/refund`).send({ reason: 'Garanti' }).expect(200);

      const paid = await payOpen(open.id, via);
      expect(paid).toMatchObject({ status: 'refunded', refusal: 'upgrade_credit_gone', refundedOre: 300000 });
      expect(fake.callsTo('refunds.create').at(-1)!.body).toMatchObject({ amount: '300000' });
      expect(await grants().countBy({ orderId: paid.id })).toBe(0);
      expect(await activeCourses(user.id)).toEqual([]);
      const notes = await t.ds.getRepository(Receipt).countBy({ orderId: paid.id, kind: 'credit_note' } as never);
      expect(notes).toBe(1);
    },
  );

  it('a credit cut by a partial refund of Foundation after the checkout opened no longer stands either', async () => {
    const { agent, foundation } = await foundationOwner();
    await agent
      .post('/api/checkout/sessions')
      .send(buyer({ courseId: 'accelerator' }))
      .expect(201);
    const open = fake.lastSession();
    await refunds.refund(foundation.id, { amount: 10000, reason: 'Delvis' });
    const paid = await payOpen(open.id, 'webhook');
    expect(paid).toMatchObject({ status: 'refunded', refusal: 'upgrade_credit_gone' });
    // A new checkout is priced with what is left of the credit, and is accepted.
    const again = await buyAndPay(agent, { courseId: 'accelerator' });
    expect(again).toMatchObject({ status: 'paid', refusal: null, upgradeCreditOre: 189700, amountOre: 310000 });
  });
});
