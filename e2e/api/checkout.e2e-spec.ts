import Stripe from 'stripe';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { PROVIDER_READ_CACHE_MS } from '../../backend/src/orders/single-flight';
import { EventBus, type OrderPaid } from '../../backend/src/platform/events';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { FulfilmentService } from '../../backend/src/orders/fulfilment.service';
import {
  deliverWebhook,
  FAKE_STRIPE_KEY,
  fakeStripeEnv,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from './support/fake-stripe';
import { RISK_MSG, RISK_TEXT_VERSION } from '@academy/contracts';
import { createUser, loginAs, startTestApp, TestApp, uniqueEmail } from './support/test-app';
import { adminAgent } from './admin-helpers';

const FILL_ALL = 'Vennligst fyll ut alle feltene';
const WAIVER =
  'Du må samtykke til at leveringen starter med en gang og bekrefte at angreretten da bortfaller, før du kan betale.';

function body(over: Record<string, unknown> = {}) {
  return {
    courseId: 'foundation',
    email: uniqueEmail('kjoper'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...over,
  };
}

function cookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.find((c: string) => c.startsWith('sid='));
}

describe('checkout with Stripe (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const paid: OrderPaid[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(fake));
    t.app.get(EventBus).add('order.paid', 'spec', 'after-commit', (e) => void paid.push(e));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    paid.length = 0;
  });

  const orders = () => t.ds.getRepository(Order);
  const orderCount = () => orders().count();

  describe('POST /api/checkout/sessions', () => {
    it('card: a pending order and a Checkout Session built from the catalogue; answers the Stripe URL', async () => {
      const b = body({ attribution: { trafficSource: 'B', landingPath: '/b', utmSource: 'nyhetsbrev' } });
      const res = await t.http().post('/api/checkout/sessions').send(b).expect(201);
      const session = fake.lastSession();
      expect(res.body).toEqual({ url: session.url, reference: session.id });

      const [call] = fake.callsTo('sessions.create');
      const order = await orders().findOneByOrFail({ providerReference: session.id });
      expect(call.authorization).toBe(`Bearer ${FAKE_STRIPE_KEY}`);
      expect(call.stripeVersion).toBe(Stripe.API_VERSION);
      expect(call.idempotencyKey).toMatch(new RegExp(`^checkout-${order.id}-\\d+$`));
      expect(call.body).toMatchObject({
        mode: 'payment',
        currency: 'nok',
        allowed_payment_method_types: ['card'],
        customer_email: b.email,
        client_reference_id: String(order.id),
        metadata: { orderId: String(order.id), courseId: 'foundation' },
        success_url: 'http://localhost:3000/betaling/fullfort?session_id={CHECKOUT_SESSION_ID}',
        // The way back carries no e-mail address: the form is filled in again from the tab's copy.
        cancel_url: 'http://localhost:3000/bestill?course=foundation&metode=card&betaling=avbrutt',
        line_items: [
          {
            quantity: '1',
            price_data: { currency: 'nok', unit_amount: '199700', product_data: { name: 'Foundation Kurs' } },
          },
        ],
      });
      expect(order).toMatchObject({
        email: b.email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        courseId: 'foundation',
        amountOre: 199700,
        currency: 'NOK',
        paymentMethod: 'card',
        provider: 'stripe',
        status: 'pending',
        userId: null,
        refundedOre: 0,
      });
      expect(order.termsAcceptedAt).toBeInstanceOf(Date);
      // The risk acknowledgement, with the version of the text the buyer saw.
      expect(order.riskAcceptedAt).toBeInstanceOf(Date);
      expect(order.riskTextVersion).toBe(RISK_TEXT_VERSION);
      expect(order.attribution).toMatchObject({ trafficSource: 'B', landingPath: '/b', utmSource: 'nyhetsbrev' });
      // Nothing is granted and no account is made before payment.
      expect(await t.ds.getRepository(User).countBy({ email: b.email })).toBe(0);
    });

    it('Klarna: the session allows only Klarna, in NOK; Accelerator is charged at its catalogue price', async () => {
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(body({ courseId: 'accelerator', paymentMethod: 'klarna' }))
        .expect(201);
      const [call] = fake.callsTo('sessions.create');
      expect(call.body.allowed_payment_method_types).toEqual(['klarna']);
      expect(call.body).toMatchObject({
        currency: 'nok',
        line_items: [{ price_data: { currency: 'nok', unit_amount: '499700', product_data: { name: 'Accelerator Kurs' } } }],
      });
      const order = await orders().findOneByOrFail({ providerReference: fake.lastSession().id });
      expect(order).toMatchObject({ paymentMethod: 'klarna', provider: 'stripe', amountOre: 499700, courseId: 'accelerator' });
    });

    describe('Klarna from 1 500 kr: what is charged, after any campaign code', () => {
      let admin: Awaited<ReturnType<typeof adminAgent>>['agent'];
      const makeCode = async (body: Record<string, unknown>) => {
        const code = `KLARNA${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
        await admin
          .post('/api/admin/campaign-codes')
          .send({ code, courseIds: ['foundation'], ...body })
          .expect(201);
        return code;
      };
      beforeAll(async () => {
        admin = (await adminAgent(t)).agent;
      });

      it('a code that brings Foundation under 1 500 kr refuses Klarna in Norwegian; nothing is written and Stripe is not asked', async () => {
        // 1 997 kr − 30 % = 1 397 kr (whole kroner, in the buyer's favour).
        const campaignCode = await makeCode({ percentOff: 30 });
        const before = await orderCount();
        const res = await t
          .http()
          .post('/api/checkout/sessions')
          .send(body({ paymentMethod: 'klarna', campaignCode }))
          .expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Klarna er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.',
        });
        expect(fake.calls).toHaveLength(0);
        expect(await orderCount()).toBe(before);

        // The same code by card is sold, at the price the code gives.
        await t
          .http()
          .post('/api/checkout/sessions')
          .send(body({ paymentMethod: 'card', campaignCode }))
          .expect(201);
        const order = await orders().findOneByOrFail({ providerReference: fake.lastSession().id });
        expect(order).toMatchObject({ paymentMethod: 'card', amountOre: 139700, campaignCode });
      });

      it('exactly 1 500 kr after the code is offered Klarna; 1 499 kr is not', async () => {
        const at = await makeCode({ amountOffOre: 199700 - 150000 });
        await t
          .http()
          .post('/api/checkout/sessions')
          .send(body({ paymentMethod: 'klarna', campaignCode: at }))
          .expect(201);
        expect(fake.callsTo('sessions.create')[0].body.allowed_payment_method_types).toEqual(['klarna']);
        const order = await orders().findOneByOrFail({ providerReference: fake.lastSession().id });
        expect(order).toMatchObject({ paymentMethod: 'klarna', amountOre: 150000 });

        fake.reset();
        const under = await makeCode({ amountOffOre: 199700 - 149900 });
        const res = await t
          .http()
          .post('/api/checkout/sessions')
          .send(body({ paymentMethod: 'klarna', campaignCode: under }))
          .expect(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(/^Klarna er ikke tilgjengelig/),
        });
        expect(fake.calls).toHaveLength(0);
      });
    });

    it('Vipps never goes through Stripe: without Vipps keys it is refused in Norwegian and Stripe is not asked', async () => {
      const res = await t
        .http()
        .post('/api/checkout/sessions')
        .send(body({ courseId: 'accelerator', paymentMethod: 'vipps' }))
        .expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Vipps er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.',
      });
      expect(fake.calls).toHaveLength(0);
    });

    it.each([
      ['price', { price: 100 }],
      ['amount', { amount: 1 }],
      ['unit_amount', { unit_amount: 1 }],
    ])('a client-sent %s is refused (400) and never reaches Stripe', async (field, extra) => {
      const before = await orderCount();
      const res = await t
        .http()
        .post('/api/checkout/sessions')
        .send(body(extra as Record<string, unknown>))
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: `Ukjent felt: ${field}`, field });
      expect(fake.calls).toHaveLength(0);
      expect(await orderCount()).toBe(before);
    });

    it.each(['starter', 'kryptovaluta', 'VIP', 'ukjent', 'FOUNDATION'])(
      'course "%s" → 400 Invalid course ID, nothing written',
      async (courseId) => {
        const before = await orderCount();
        const res = await t.http().post('/api/checkout/sessions').send(body({ courseId })).expect(400);
        expect(res.body).toEqual({ statusCode: 400, code: 'INVALID_COURSE', message: 'Invalid course ID' });
        expect(fake.calls).toHaveLength(0);
        expect(await orderCount()).toBe(before);
      },
    );

    it.each([
      ['an empty e-mail', { email: '' }, FILL_ALL],
      ['a blank first name', { firstName: '   ' }, FILL_ALL],
      ['no last name', { lastName: undefined }, FILL_ALL],
      ['a non-string name', { firstName: 42 }, FILL_ALL],
      ['a malformed e-mail', { email: 'ikke-en-adresse' }, 'Skriv inn en gyldig e-postadresse'],
      ['an unknown payment method', { paymentMethod: 'paypal' }, 'Velg betalingsmåte: kort, Vipps eller Klarna'],
      ['no course', { courseId: undefined }, 'Invalid course ID'],
      ['a name over 100 characters', { lastName: 'x'.repeat(101) }, 'Etternavnet kan være maks 100 tegn'],
    ])('%s → 400 with a Norwegian message, nothing written', async (_label, over, message) => {
      const before = await orderCount();
      const res = await t.http().post('/api/checkout/sessions').send(body(over)).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
      expect(fake.calls).toHaveLength(0);
      expect(await orderCount()).toBe(before);
    });

    it.each([
      ['false', false],
      ['missing', undefined],
      ['the string "true"', 'true'],
      ['1', 1],
    ])('the withdrawal waiver %s → 400 with the waiver message', async (_label, acceptTerms) => {
      const before = await orderCount();
      const res = await t.http().post('/api/checkout/sessions').send(body({ acceptTerms })).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: WAIVER });
      expect(fake.calls).toHaveLength(0);
      expect(await orderCount()).toBe(before);
    });

    it.each([
      ['false', false],
      ['missing', undefined],
      ['the string "true"', 'true'],
    ])('the risk acknowledgement %s → 400 naming acceptRisk, in Norwegian; nothing written', async (_label, acceptRisk) => {
      const before = await orderCount();
      const res = await t.http().post('/api/checkout/sessions').send(body({ acceptRisk })).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'acceptRisk', message: RISK_MSG.required });
      expect(res.body.message).toContain('risiko for tap');
      expect(fake.calls).toHaveLength(0);
      expect(await orderCount()).toBe(before);
    });

    it("a signed-out checkout for an owner's address is answered as anyone's; when paid, the owner is refunded at once and told by mail", async () => {
      const owner = await createUser(t, { courses: ['foundation'] });
      const stranger = uniqueEmail('fremmed');
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(body({ email: stranger }))
        .expect(201);
      const asStranger = fake.lastSession();
      const res = await t
        .http()
        .post('/api/checkout/sessions')
        .send(body({ email: owner.email.toUpperCase() }))
        .expect(201);
      const session = fake.lastSession();
      // The same answer as for an address that owns nothing: a Stripe URL and its reference, nothing else.
      expect(Object.keys(res.body)).toEqual(['url', 'reference']);
      expect(res.body.url).toBe(session.url);
      expect(session.amount_total).toBe(asStranger.amount_total);
      const order = await orders().findOneByOrFail({ providerReference: session.id });
      const grantsBefore = await t.ds.getRepository(Grant).countBy({ userId: owner.id });

      const done = fake.pay(session.id);
      await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', done)).expect(200);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'refunded',
        refusal: 'already_owned',
        refundedOre: order.amountOre,
      });
      const refund = fake.callsTo('refunds.create').at(-1)!;
      expect(refund.body).toMatchObject({ payment_intent: done.payment_intent, amount: String(order.amountOre) });
      // Nothing granted, no seat, no paid event; a receipt and its credit note, as for any refund.
      expect(await t.ds.getRepository(Grant).countBy({ userId: owner.id })).toBe(grantsBefore);
      expect(await t.ds.getRepository(Grant).countBy({ orderId: order.id })).toBe(0);
      expect(paid.find((e) => e.orderId === order.id)).toBeUndefined();
      const docs = await t.ds.getRepository(Receipt).findBy({ orderId: order.id });
      expect(docs.map((d) => d.kind).sort()).toEqual(['credit_note', 'receipt']);
      // One transactional mail, in Norwegian, through the outbox.
      const mails = await t.ds.getRepository(OutboxMessage).findBy({ toAddress: owner.email });
      const mail = mails.find((m) => m.textBody.includes(`ordre ${order.id}`))!;
      expect(mail).toBeDefined();
      expect(mail.kind).toBe('refund');
      expect(mail.textBody).toContain('har allerede tilgang til Foundation');
      expect(mail.textBody).toContain('refundert hele beløpet');
      expect(mail.subject).toContain('Refusjon');
      // The success page reads it as any purchase by an existing account: paid, nobody signed in.
      const status = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(status.body).toMatchObject({ status: 'paid', signedIn: false, courseId: 'foundation' });
      expect(status.body.receiptPath).toBeUndefined();
      expect(status.headers['set-cookie']).toBeUndefined();
      // A repeated delivery changes nothing.
      await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', done)).expect(200);
      expect(fake.callsTo('refunds.create').filter((c) => c.body.payment_intent === done.payment_intent)).toHaveLength(1);
    });

    it("Stripe down when an owner's payment lands: nothing is granted, and the refund follows in a later round", async () => {
      const owner = await createUser(t, { courses: ['foundation'] });
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(body({ email: owner.email }))
        .expect(201);
      const session = fake.lastSession();
      const order = await orders().findOneByOrFail({ providerReference: session.id });
      fake.fail('refunds.create', 500, 1);
      const done = fake.pay(session.id);
      await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', done)).expect(200);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({ status: 'paid', refusal: 'already_owned' });
      expect(await t.ds.getRepository(Grant).countBy({ orderId: order.id })).toBe(0);

      const retried = await t.app.get(FulfilmentService).retryRefusedRefunds(0);
      expect(retried).toBe(1);
      expect(await orders().findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'refunded',
        refundedOre: order.amountOre,
      });
      expect(await t.app.get(FulfilmentService).retryRefusedRefunds(0)).toBe(0);
      expect(fake.refunds.filter((r) => r.payment_intent === done.payment_intent)).toHaveLength(1);
    });

    it('a signed-in student buys with the account e-mail, whatever the body says; an owned course is 409', async () => {
      // Owns Foundation on its own (an Accelerator would include Foundation, and nothing would be left to buy).
      const { agent, user } = await loginAs(t, { courses: ['foundation'] });
      await agent
        .post('/api/checkout/sessions')
        .send(body({ email: 'noen-andre@example.no', courseId: 'accelerator' }))
        .expect(201);
      const order = await orders().findOneByOrFail({ providerReference: fake.lastSession().id });
      expect(order).toMatchObject({ email: user.email, userId: user.id });
      expect(fake.lastSession().customer_email).toBe(user.email);
      const res = await agent
        .post('/api/checkout/sessions')
        .send(body({ courseId: 'foundation' }))
        .expect(409);
      expect(res.body.code).toBe('ALREADY_OWNED');
    });

    it('Stripe failing → 502 with the payment error text; the order is marked failed', async () => {
      fake.fail('sessions.create', 500);
      const b = body();
      const res = await t.http().post('/api/checkout/sessions').send(b).expect(502);
      expect(res.body).toEqual({
        statusCode: 502,
        code: 'PAYMENT_PROVIDER_ERROR',
        message: 'Det oppstod en feil ved opprettelse av betalingen. Prøv igjen.',
      });
      const order = await orders().findOneByOrFail({ email: b.email });
      expect(order).toMatchObject({ status: 'failed', providerReference: null });
    });

    it('must be JSON (the CSRF rule) and from the own origin', async () => {
      await t.http().post('/api/checkout/sessions').type('form').send(body()).expect(415);
      await t.http().post('/api/checkout/sessions').set('Origin', 'https://evil.example').send(body()).expect(403);
      expect(fake.calls).toHaveLength(0);
    });
  });

  describe('GET /api/checkout/sessions/:id (the success page)', () => {
    async function startCheckout(over: Record<string, unknown> = {}) {
      const b = body(over);
      await t.http().post('/api/checkout/sessions').send(b).expect(201);
      const session = fake.lastSession();
      const order = await orders().findOneByOrFail({ providerReference: session.id });
      return { b, session, order };
    }

    it('pending while Stripe says unpaid; then paid: account made without password, course granted, buyer signed in once', async () => {
      const { b, session, order } = await startCheckout();
      const browser = t.agent();
      const pending = await browser.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(pending.body).toEqual({
        status: 'pending',
        courseId: 'foundation',
        amount: 199700,
        email: b.email,
        signedIn: false,
        paymentMethod: 'card',
      });
      expect(pending.headers['cache-control']).toBe('no-store');
      expect(cookieOf(pending)).toBeUndefined();

      fake.pay(session.id);
      // The page's next poll after the few seconds one read from Stripe is shared.
      await new Promise((r) => setTimeout(r, PROVIDER_READ_CACHE_MS));
      const done = await browser.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(done.body).toEqual({
        status: 'paid',
        courseId: 'foundation',
        amount: 199700,
        email: b.email,
        signedIn: true,
        paymentMethod: 'card',
        receiptPath: `/kvittering/${order.id}`,
      });
      expect(cookieOf(done)).toBeDefined();
      expect(fake.callsTo('sessions.retrieve')).toHaveLength(2);

      const me = await browser.get('/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ email: b.email, passwordSet: false, courses: ['foundation'] });
      const user = await t.ds.getRepository(User).findOneByOrFail({ email: b.email });
      expect(user).toMatchObject({ firstName: 'Kari', lastName: 'Nordmann', passwordHash: null });
      const saved = await orders().findOneByOrFail({ id: order.id });
      expect(saved).toMatchObject({ status: 'paid', userId: user.id, stripePaymentIntentId: fake.lastSession().payment_intent });
      expect(saved.paidAt).toBeInstanceOf(Date);
      expect(await t.ds.getRepository(Grant).findBy({ orderId: order.id })).toEqual([
        expect.objectContaining({ userId: user.id, courseId: 'foundation', source: 'purchase', revokedAt: null }),
      ]);
      expect(paid).toEqual([
        { orderId: order.id, userId: user.id, email: b.email, courseId: 'foundation', amountOre: 199700, created: true },
      ]);

      // Paid orders are answered from the database; the same browser stays signed in.
      const again = await browser.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(again.body).toMatchObject({ status: 'paid', signedIn: true });
      expect(cookieOf(again)).toBeUndefined();
      expect(fake.callsTo('sessions.retrieve')).toHaveLength(2);

      // Anyone else with the link gets the receipt but no session: sign-in happens once per order.
      const other = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(other.body).toMatchObject({ status: 'paid', signedIn: false });
      expect(other.body.receiptPath).toBeUndefined();
      expect(cookieOf(other)).toBeUndefined();
      expect(paid).toHaveLength(1);
    });

    it('an existing account is granted the course but never signed in by the success page', async () => {
      const existing = await createUser(t, { password: 'hemmelig123' });
      const passwordless = await createUser(t, { password: null });
      for (const u of [existing, passwordless]) {
        const { session } = await startCheckout({ email: u.email });
        fake.pay(session.id);
        const res = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
        expect(res.body).toMatchObject({ status: 'paid', signedIn: false });
        expect(cookieOf(res)).toBeUndefined();
        expect(await t.ds.getRepository(Grant).countBy({ userId: u.id, courseId: 'foundation', source: 'purchase' })).toBe(1);
      }
      expect(paid.map((e) => e.created)).toEqual([false, false]);
    });

    it('expired in Stripe → expired; unknown or malformed ids → 404', async () => {
      const { session, order } = await startCheckout();
      fake.expire(session.id);
      const res = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(res.body.status).toBe('expired');
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('expired');
      const unknown = await t.http().get('/api/checkout/sessions/cs_test_finnesikke').expect(404);
      expect(unknown.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Fant ikke betalingen' });
      await t.http().get('/api/checkout/sessions/ikke-en-id').expect(404);
    });

    it('Stripe unreachable while pending → 502, nothing changes; a paid amount that differs from the order is not delivered', async () => {
      const { session, order } = await startCheckout();
      fake.fail('sessions.retrieve', 500);
      const res = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
      expect((await orders().findOneByOrFail({ id: order.id })).status).toBe('pending');

      fake.pay(session.id).amount_total = 100;
      const odd = await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(odd.body.status).toBe('pending');
      expect(await t.ds.getRepository(Grant).countBy({ orderId: order.id })).toBe(0);
    });
  });
});

describe('demo payments (no Stripe key, not production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('pays at once: order provider demo paid, account made, course granted, buyer signed in; → the confirmation page', async () => {
    const b = body({ courseId: 'accelerator', paymentMethod: 'vipps' });
    const browser = t.agent();
    const res = await browser.post('/api/checkout/sessions').send(b).expect(201);
    // The same confirmation page as a paid purchase, by an unguessable reference of its own.
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/betaling\/fullfort\?session_id=demo_[0-9a-f]{48}$/),
      demo: true,
      reference: expect.stringMatching(/^demo_[0-9a-f]{48}$/),
    });
    expect(res.body.url).toBe(`/betaling/fullfort?session_id=${res.body.reference}`);
    expect(cookieOf(res)).toBeDefined();
    const reference = new URL(res.body.url, 'http://x').searchParams.get('session_id')!;
    const status = await browser.get(`/api/checkout/sessions/${reference}`).expect(200);
    expect(status.body).toEqual({
      status: 'paid',
      courseId: 'accelerator',
      amount: 499700,
      email: b.email,
      signedIn: true,
      paymentMethod: 'vipps',
      demo: true,
      receiptPath: expect.stringMatching(/^\/kvittering\/\d+$/),
    });
    const me = await browser.get('/api/auth/me').expect(200);
    // Accelerator includes Foundation (docs/decisions.md "Inclusion").
    expect(me.body).toMatchObject({
      email: b.email,
      passwordSet: false,
      courses: ['foundation', 'accelerator'],
      includedBy: { foundation: 'accelerator' },
    });
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email: b.email });
    expect(order).toMatchObject({
      provider: 'demo',
      status: 'paid',
      amountOre: 499700,
      paymentMethod: 'vipps',
      providerReference: reference,
    });
    const grant = await t.ds.getRepository(Grant).findOneByOrFail({ orderId: order.id });
    expect(grant).toMatchObject({ courseId: 'accelerator', source: 'purchase' });
    const catalog = await t.http().get('/api/catalog').expect(200);
    expect(catalog.body.studentCount).toBe(1);
    // The same course again → 409.
    const again = await browser.post('/api/checkout/sessions').send(b).expect(409);
    expect(again.body.code).toBe('ALREADY_OWNED');
  });

  it("typing someone else's address never signs in as them", async () => {
    const victim = await createUser(t, { password: 'hemmelig123', role: 'admin' });
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send(body({ email: victim.email }))
      .expect(201);
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/betaling\/fullfort\?session_id=demo_/),
      demo: true,
      reference: expect.stringMatching(/^demo_/),
    });
    expect(cookieOf(res)).toBeUndefined();
    // Its confirmation page signs nobody in and shows no receipt.
    const reference = new URL(res.body.url, 'http://x').searchParams.get('session_id')!;
    const status = await t.http().get(`/api/checkout/sessions/${reference}`).expect(200);
    expect(status.body).toMatchObject({ status: 'paid', demo: true, signedIn: false });
    expect(status.body.receiptPath).toBeUndefined();
    expect(cookieOf(status)).toBeUndefined();
  });

  it('validation and the catalogue apply in demo mode too', async () => {
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(body({ courseId: 'kryptovaluta' }))
      .expect(400);
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(body({ acceptTerms: false }))
      .expect(400);
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(body({ price: 1 }))
      .expect(400);
  });

  it('webhooks without a configured secret are refused (400 INVALID_SIGNATURE)', async () => {
    const res = await t
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{"id":"evt_1","type":"checkout.session.completed"}')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' });
  });
});

describe('production without Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      NODE_ENV: 'production',
      MAIL_DISABLED: 'true',
      APP_SECRET: 'produksjonshemmelighet-for-testene-1234567',
      SELLER_NAME: 'Eksempel Trading AS',
      SELLER_ORG_NR: '923456789',
      SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
    });
  });
  afterAll(() => t.close());

  it('refuses demo payments: 503 PAYMENT_UNAVAILABLE with a clear message, nothing written', async () => {
    const b = body();
    const res = await t.http().post('/api/checkout/sessions').send(b).expect(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: 'PAYMENT_UNAVAILABLE',
      message: 'Betaling er ikke tilgjengelig akkurat nå. Prøv igjen senere, eller kontakt oss.',
    });
    expect(cookieOf(res)).toBeUndefined();
    expect(await t.ds.getRepository(Order).count()).toBe(0);
    expect(await t.ds.getRepository(User).countBy({ email: b.email })).toBe(0);
  });
});
