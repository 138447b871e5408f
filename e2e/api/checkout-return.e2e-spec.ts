/**
 * The way back from a payment that did not go through (issue 33, "the buyer"): the confirmation page's
 * status says how it ended (the buyer rejected it in Vipps, it timed out, it was ended by Vipps or us)
 * and carries what the order form needs to be filled in again (method, code, names); Stripe's cancel
 * link leads back to a filled-in form that says the payment was cancelled.
 */
import { Order } from '../../backend/src/orders/entities/order.entity';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { fakeVippsEnv, startFakeVipps, type FakeVipps } from './support/fake-vipps';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { adminAgent } from './admin-helpers';

describe('the way back from a payment that did not go through', () => {
  let t: TestApp;
  let vipps: FakeVipps;
  let stripe: FakeStripe;
  const code = 'RETUR300';

  beforeAll(async () => {
    vipps = await startFakeVipps();
    stripe = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(stripe), ...fakeVippsEnv(vipps) });
    const { agent: admin } = await adminAgent(t);
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code, courseIds: ['foundation'], amountOffOre: 30000 })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await vipps.close();
    await stripe.close();
  });

  async function checkout(paymentMethod: 'vipps' | 'card' | 'klarna') {
    const email = uniqueEmail('retur');
    await t
      .http()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod,
        campaignCode: code.toLowerCase(),
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(201);
    const reference = paymentMethod === 'vipps' ? vipps.lastPayment().request.reference : stripe.lastSession().id;
    return { email, reference };
  }

  const status = (reference: string) => t.http().get(`/api/checkout/sessions/${reference}`).expect(200);

  it.each([
    ['rejected in the Vipps app', 'ABORTED', 'aborted'],
    ['not approved in time', 'EXPIRED', 'expired'],
    ['ended by Vipps or the shop', 'TERMINATED', 'terminated'],
  ] as const)('Vipps %s: the status tells it apart, with the method, the code and the names', async (_, state, endedBy) => {
    const { email, reference } = await checkout('vipps');
    vipps.payments.get(reference)!.state = state;
    const res = await status(reference);
    expect(res.body).toEqual({
      status: 'expired',
      courseId: 'foundation',
      amount: 169700,
      email,
      signedIn: false,
      paymentMethod: 'vipps',
      campaignCode: code,
      endedBy,
      firstName: 'Kari',
      lastName: 'Nordmann',
    });
    // Read again (the order is closed now): the same answer.
    expect((await status(reference)).body.endedBy).toBe(endedBy);
  });

  it('Vipps unreadable on a closed order: the status still answers, without a reason', async () => {
    const { reference } = await checkout('vipps');
    await t.ds.getRepository(Order).update({ providerReference: reference }, { status: 'expired' });
    vipps.fail('get', 500, 10);
    const res = await status(reference);
    expect(res.body).toMatchObject({ status: 'expired', paymentMethod: 'vipps', firstName: 'Kari' });
    expect(res.body.endedBy).toBeUndefined();
  });

  it('a Stripe session that timed out reads as expired; the cancel link leads back to the filled-in form', async () => {
    const { email, reference } = await checkout('klarna');
    const session = stripe.lastSession();
    // No e-mail address in the way back: the form is filled in again from the tab's own copy.
    expect(session.cancel_url).toBe(
      `http://localhost:3000/bestill?course=foundation&kode=${code}&metode=klarna&betaling=avbrutt`,
    );
    expect(session.cancel_url).not.toContain(encodeURIComponent(email));
    stripe.expire(reference);
    expect((await status(reference)).body).toMatchObject({
      status: 'expired',
      paymentMethod: 'klarna',
      campaignCode: code,
      endedBy: 'expired',
      lastName: 'Nordmann',
    });
  });

  it('a paid order names no reason and no names', async () => {
    const { reference } = await checkout('card');
    stripe.pay(reference);
    const res = await status(reference);
    expect(res.body).toMatchObject({ status: 'paid', paymentMethod: 'card', campaignCode: code });
    expect(res.body).not.toHaveProperty('endedBy');
    expect(res.body).not.toHaveProperty('firstName');
  });
});
