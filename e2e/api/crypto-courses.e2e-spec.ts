import type TestAgent from 'supertest/lib/agent';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * The crypto series' courses (docs/decisions.md "One catalogue, one price"): Microkurs (499 kr) and Temakurs
 * (1 500 kr) are courses with modules and a player like Foundation, sold by the checkout; Kryptovaluta
 * is not sold on its own.
 */
describe('Microkurs and Temakurs for sale (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const buyer = (over: Record<string, unknown> = {}) => ({
    email: uniqueEmail('krypto'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...over,
  });

  async function buyAndPay(agent: TestAgent, courseId: string): Promise<Order> {
    await agent.post('/api/checkout/sessions').send(buyer({ courseId })).expect(201);
    const session = fake.pay(fake.lastSession().id);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', session)).expect(200);
    return t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
  }

  it('the catalogue sells both as courses with their modules; Kryptovaluta stays unsold', async () => {
    const res = await t.http().get('/api/catalog').expect(200);
    const items = res.body.items as Array<{
      id: string;
      kind: string;
      soldByCheckout: boolean;
      priceOre: number;
      moduleCount: number;
    }>;
    expect(items.find((i) => i.id === 'microkurs')).toMatchObject({
      kind: 'course',
      soldByCheckout: true,
      priceOre: 49900,
      moduleCount: 3,
    });
    expect(items.find((i) => i.id === 'temakurs')).toMatchObject({
      kind: 'course',
      soldByCheckout: true,
      priceOre: 150000,
      moduleCount: 5,
    });
    expect(items.find((i) => i.id === 'kryptovaluta')).toMatchObject({ soldByCheckout: false });
  });

  it.each([
    ['microkurs', 49900, 'Microkurs'],
    ['temakurs', 150000, 'Temakurs'],
  ])(
    '%s: charged its catalogue price, paid, granted, and opens in the player with its modules',
    async (courseId, amount, name) => {
      const { agent, user } = await loginAs(t);
      // Not owned yet: the player refuses.
      await agent.get(`/api/courses/${courseId}`).expect(403);
      const order = await buyAndPay(agent, courseId);
      const call = fake.callsTo('sessions.create').at(-1)!.body as {
        line_items: Array<{ price_data: { unit_amount: string; product_data: { name: string } } }>;
      };
      expect(call.line_items[0].price_data).toMatchObject({ unit_amount: String(amount), product_data: { name } });
      expect(order).toMatchObject({ status: 'paid', amountOre: amount, courseId, userId: user.id });
      expect(await t.ds.getRepository(Grant).findOneByOrFail({ orderId: order.id })).toMatchObject({ courseId, revokedAt: null });
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: order.id, kind: 'receipt' });
      expect(receipt.description).toBe(`Nettkurs «${name}», ordre ${order.id}`);

      const player = await agent.get(`/api/courses/${courseId}`).expect(200);
      const modules = (player.body.modules ?? []) as Array<{ title: string }>;
      expect(modules.length).toBe(courseId === 'microkurs' ? 3 : 5);
      expect(modules[0].title).toBe(
        courseId === 'microkurs' ? 'Risiko per handel i et volatilt marked' : 'Slik er kryptomarkedet bygget opp',
      );
      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body.courses).toContain(courseId);
    },
  );

  it('Klarna: refused for Microkurs (499 kr), offered for Temakurs (1 500 kr)', async () => {
    const refused = await t
      .http()
      .post('/api/checkout/sessions')
      .send(buyer({ courseId: 'microkurs', paymentMethod: 'klarna' }))
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Klarna er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.',
    });
    expect(fake.calls).toHaveLength(0);
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(buyer({ courseId: 'temakurs', paymentMethod: 'klarna' }))
      .expect(201);
    expect(fake.callsTo('sessions.create')[0].body).toMatchObject({ allowed_payment_method_types: ['klarna'] });
  });
});
