import type { CatalogItem, CatalogResponse } from '@academy/contracts';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { ConfigError, parseEnv } from '../../backend/src/platform/config/env.schema';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * "Lanseringspris for de første N elevene" as a rule: the launch price holds while fewer than
 * LAUNCH_SEATS distinct students have paid for a course (LAUNCH_SEATS=2 here), then the before-price
 * is the price and no before-price is shown; a checkout opened earlier keeps its price only for the
 * life of its Stripe session. While the launch price runs, a seat whose order is refunded in full within
 * the guarantee is given back; once it has ended it never returns.
 */

const buyer = (courseId = 'foundation', email = uniqueEmail('lansering')) => ({
  courseId,
  email,
  firstName: 'Kari',
  lastName: 'Nordmann',
  paymentMethod: 'card',
  acceptTerms: true,
  acceptRisk: true,
});

async function catalog(t: TestApp): Promise<CatalogResponse & { byId: Record<string, CatalogItem> }> {
  const res = await t.http().get('/api/catalog').expect(200);
  const body = res.body as CatalogResponse;
  return { ...body, byId: Object.fromEntries(body.items.map((i) => [i.id, i])) };
}

describe('launch price (Stripe, LAUNCH_SEATS=2)', () => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), LAUNCH_SEATS: '2' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** Opens a checkout; answers its fake session and order. */
  async function open(courseId = 'foundation') {
    const b = buyer(courseId);
    await t.http().post('/api/checkout/sessions').send(b).expect(201);
    const session = fake.lastSession();
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    return { b, session, order };
  }
  async function pay(sessionId: string) {
    const s = fake.pay(sessionId);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', s)).expect(200);
  }

  it('the catalogue counts seats, switches to the ordinary price at the limit, and a late checkout keeps its price only within its session', async () => {
    const start = await catalog(t);
    expect(start.launchSeats).toBe(2);
    expect(start.byId.foundation).toMatchObject({
      priceOre: 199700,
      beforePriceOre: 299700,
      discountOre: 100000,
      launchSeatsLeft: 2,
    });
    expect(start.byId.accelerator).toMatchObject({ priceOre: 499700, beforePriceOre: 799700, launchSeatsLeft: 2 });
    // Courses not sold by checkout have no launch seats.
    expect(start.byId.starter.launchSeatsLeft).toBeNull();
    expect(start.byId.kryptovaluta.launchSeatsLeft).toBeNull();

    // First buyer: launch price; the session expires 32 minutes after it was made (the grace).
    const first = await open();
    expect(first.order.amountOre).toBe(199700);
    const sent = fake.callsTo('sessions.create').at(-1)!.body as {
      expires_at?: string;
      line_items: Array<{ price_data: { unit_amount: string } }>;
    };
    expect(sent.line_items[0].price_data.unit_amount).toBe('199700');
    const expiresAt = Number(sent.expires_at);
    expect(expiresAt * 1000).toBeGreaterThan(first.order.createdAt.getTime() + 30 * 60_000);
    expect(expiresAt * 1000).toBeLessThanOrEqual(first.order.createdAt.getTime() + 33 * 60_000);
    expect(first.order.expiresAt?.getTime()).toBe(expiresAt * 1000);
    await pay(first.session.id);
    expect((await catalog(t)).byId.foundation.launchSeatsLeft).toBe(1);

    // A checkout opened while one seat is left is priced at the launch price…
    const late = await open();
    expect(late.order.amountOre).toBe(199700);
    // …then the last seat goes to another buyer.
    const second = await open();
    await pay(second.session.id);

    const after = await catalog(t);
    expect(after.byId.foundation).toMatchObject({ priceOre: 299700, beforePriceOre: null, discountOre: 0, launchSeatsLeft: 0 });
    // Seats are per course.
    expect(after.byId.accelerator).toMatchObject({ priceOre: 499700, beforePriceOre: 799700, launchSeatsLeft: 2 });

    // A new checkout is charged the ordinary price, at Stripe too.
    const ordinary = await open();
    expect(ordinary.order.amountOre).toBe(299700);
    expect(
      (fake.callsTo('sessions.create').at(-1)!.body as { line_items: Array<{ price_data: { unit_amount: string } }> })
        .line_items[0].price_data.unit_amount,
    ).toBe('299700');

    // The late checkout, paid within its session, keeps the price it was opened with (and takes a seat).
    await pay(late.session.id);
    expect(await t.ds.getRepository(Order).findOneByOrFail({ id: late.order.id })).toMatchObject({
      status: 'paid',
      amountOre: 199700,
    });
    expect((await catalog(t)).byId.foundation).toMatchObject({ priceOre: 299700, beforePriceOre: null, launchSeatsLeft: 0 });

    // The mentor's course list shows the seats left.
    const { agent } = await adminAgent(t);
    const courses = await agent.get('/api/admin/courses').query({ sort: '["id","ASC"]', range: '[0,9]' }).expect(200);
    const seats = Object.fromEntries(
      (courses.body as Array<{ id: string; launchSeatsLeft: number | null }>).map((c) => [c.id, c.launchSeatsLeft]),
    );
    expect(seats).toMatchObject({ foundation: 0, accelerator: 2, starter: null, kryptovaluta: null });

    // A refund does not give the seat back: the launch price does not return.
    await agent.post(`/api/admin/orders/${first.order.id}/refund`).send({ reason: 'Angret' }).expect(200);
    expect((await catalog(t)).byId.foundation).toMatchObject({ priceOre: 299700, beforePriceOre: null, launchSeatsLeft: 0 });
  });
});

describe('launch price (demo payments, LAUNCH_SEATS=2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LAUNCH_SEATS: '2' });
  });
  afterAll(() => t.close());

  it('a student counts once per course; a full refund within the guarantee gives the seat back while the launch price runs', async () => {
    const { agent } = await adminAgent(t);
    const email = uniqueEmail('igjen');
    await t.http().post('/api/checkout/sessions').send(buyer('accelerator', email)).expect(201);
    const firstOrder = await t.ds.getRepository(Order).findOneByOrFail({ email });
    expect(firstOrder).toMatchObject({ status: 'paid', amountOre: 499700 });
    expect((await catalog(t)).byId.accelerator.launchSeatsLeft).toBe(1);

    await agent.post(`/api/admin/orders/${firstOrder.id}/refund`).send({ reason: 'Angret' }).expect(200);
    expect((await catalog(t)).byId.accelerator.launchSeatsLeft).toBe(2);

    await t.http().post('/api/checkout/sessions').send(buyer('accelerator', email)).expect(201);
    const again = await t.ds.getRepository(Order).find({ where: { email }, order: { id: 'ASC' } });
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ status: 'paid', amountOre: 499700 });
    expect((await catalog(t)).byId.accelerator.launchSeatsLeft).toBe(1);

    // A second student takes the last seat: the launch price ends, and the next buyer pays the ordinary price.
    await t.http().post('/api/checkout/sessions').send(buyer('accelerator')).expect(201);
    const c = await catalog(t);
    expect(c.byId.accelerator).toMatchObject({ priceOre: 799700, beforePriceOre: null, discountOre: 0, launchSeatsLeft: 0 });
    const lateEmail = uniqueEmail('sen');
    await t.http().post('/api/checkout/sessions').send(buyer('accelerator', lateEmail)).expect(201);
    expect(await t.ds.getRepository(Order).findOneByOrFail({ email: lateEmail })).toMatchObject({
      status: 'paid',
      amountOre: 799700,
    });

    // Ended is ended: refunding both launch-price orders within the guarantee brings nothing back.
    await agent.post(`/api/admin/orders/${again[1].id}/refund`).send({ reason: 'Angret' }).expect(200);
    const second = await t.ds
      .getRepository(Order)
      .findOneByOrFail({ courseId: 'accelerator', amountOre: 499700, status: 'paid' });
    await agent.post(`/api/admin/orders/${second.id}/refund`).send({ reason: 'Angret' }).expect(200);
    expect((await catalog(t)).byId.accelerator).toMatchObject({ priceOre: 799700, beforePriceOre: null, launchSeatsLeft: 0 });
  });

  it('buy-and-refund, again and again, never ends the launch price for everyone; a refund after the guarantee keeps the seat', async () => {
    const { agent } = await adminAgent(t);
    for (let i = 0; i < 4; i++) {
      const email = uniqueEmail('angrer');
      await t.http().post('/api/checkout/sessions').send(buyer('foundation', email)).expect(201);
      const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
      expect(order.amountOre).toBe(199700);
      await agent.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' }).expect(200);
      expect((await catalog(t)).byId.foundation).toMatchObject({ priceOre: 199700, launchSeatsLeft: 2 });
    }
    // Refunded after the 30-day guarantee (a goodwill refund): the seat stays taken.
    const lateEmail = uniqueEmail('etter-garantien');
    await t.http().post('/api/checkout/sessions').send(buyer('foundation', lateEmail)).expect(201);
    const late = await t.ds.getRepository(Order).findOneByOrFail({ email: lateEmail });
    await t.ds.getRepository(Order).update({ id: late.id }, { paidAt: new Date(Date.now() - 31 * 24 * 3600_000) });
    await agent.post(`/api/admin/orders/${late.id}/refund`).send({ reason: 'Kulanse' }).expect(200);
    expect((await catalog(t)).byId.foundation.launchSeatsLeft).toBe(1);
  });

  it('LAUNCH_SEATS is validated at start with a clear message', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', LAUNCH_SEATS: 'hundre' })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: 'test', LAUNCH_SEATS: '-1' })).toThrow(/LAUNCH_SEATS/);
    expect(parseEnv({ NODE_ENV: 'test' }).launchSeats).toBe(100);
    expect(parseEnv({ NODE_ENV: 'test', LAUNCH_SEATS: '0' }).launchSeats).toBe(0);
  });
});
