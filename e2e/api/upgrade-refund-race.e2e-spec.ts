import type TestAgent from 'supertest/lib/agent';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * The mentor refunds Foundation at the very moment the payment of an upgrade priced with its money
 * lands. Both take the lock of Foundation's order row first, so one waits for the other: either the
 * refund goes through and the upgrade's payment is refused (`upgrade_credit_gone`, refunded), or the
 * upgrade is paid and the refund is refused because the money is its credit. Never both.
 */
describe('refund of Foundation racing the payment of its upgrade (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: TestAgent;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(fake));
    admin = (await adminAgent(t)).agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const orders = () => t.ds.getRepository(Order);
  const checkout = (courseId: string, email: string) => ({
    courseId,
    email,
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
  });
  const pay = (sessionId: string) =>
    deliverWebhook(t.http(), stripeEvent('checkout.session.completed', fake.pay(sessionId))).then((r) => r.status);

  it('ten rounds at once: never both the refund of Foundation and the upgrade paid with its credit', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const { agent, user } = await loginAs(t);
      const email = uniqueEmail('kappløp');
      await agent.post('/api/checkout/sessions').send(checkout('foundation', email)).expect(201);
      const foundationSession = fake.lastSession().id;
      expect(await pay(foundationSession)).toBe(200);
      const foundation = await orders().findOneByOrFail({ providerReference: foundationSession });
      expect(foundation).toMatchObject({ status: 'paid', amountOre: 199700, userId: user.id });

      // The upgrade's checkout is opened while Foundation is paid: priced with all of it as credit.
      await agent.post('/api/checkout/sessions').send(checkout('accelerator', email)).expect(201);
      const upgradeSession = fake.lastSession().id;

      const [refund, webhook] = await Promise.all([
        admin.post(`/api/admin/orders/${foundation.id}/refund`).send({ reason: 'Garanti' }),
        // Staggered by a few milliseconds, different each round, so both orders of arrival are tried.
        new Promise((r) => setTimeout(r, (round % 5) * 3)).then(() => pay(upgradeSession)),
      ]);
      expect(webhook).toBe(200);

      const f = await orders().findOneByOrFail({ id: foundation.id });
      const u = await orders().findOneByOrFail({ providerReference: upgradeSession });
      expect(u).toMatchObject({ upgradeFromOrderId: foundation.id, upgradeCreditOre: 199700 });
      const upgradeHoldsCredit = ['paid', 'partially_refunded'].includes(u.status) && u.refusal === null;
      // All of Foundation's money is the credit: nothing of it is free to refund alone.
      const foundationRefunded = f.refundedOre > 0;
      expect({ round, foundationRefunded, upgradeHoldsCredit }).not.toMatchObject({
        foundationRefunded: true,
        upgradeHoldsCredit: true,
      });
      if (refund.status === 200) {
        expect(f).toMatchObject({ status: 'refunded', refundedOre: 199700 });
        expect(u.refusal).toBe('upgrade_credit_gone');
        outcomes.push('refund');
      } else {
        expect(refund.status).toBe(400);
        expect(refund.body.code).toBe('VALIDATION_FAILED');
        expect(f).toMatchObject({ status: 'paid', refundedOre: 0 });
        expect(upgradeHoldsCredit).toBe(true);
        outcomes.push('upgrade');
      }
    }
    // What won each round (printed for the record; either may win any round).
    console.log(`refund/upgrade race outcomes: ${outcomes.join(', ')}`);
  });
});
