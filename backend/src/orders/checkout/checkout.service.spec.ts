import { VippsRecurringAgreements } from '../subscriptions/vipps-recurring-agreements.service';
import { SystemClock } from '../../platform/time/clock';
import { subscriptionsService } from '../testing/subscriptions-service';
import { VippsPaymentsService } from '../vipps/vipps-payments.service';
import { Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { openMemoryDatabase } from '../../platform/database/testing/memory-database';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { Grant } from '../../access/entities/grant.entity';
import { GrantsService } from '../../access/grants.service';
import type { CatalogService } from '../../catalog/catalog.service';
import type { SessionClient } from '../../identity/auth.types';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { Session } from '../../identity/entities/session.entity';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { User } from '../../identity/entities/user.entity';
import { SessionsService } from '../../identity/sessions.service';
import { UserReader } from '../../identity/user-reader.service';
import { UserWriter } from '../../identity/user-writer.service';
import { parseEnv, type AppConfig } from '../../platform/config/env.schema';
import { AppError } from '../../platform/errors/app-error';
import { CheckoutService } from './checkout.service';
import { CheckoutStatusService } from './checkout-status.service';
import { DemoCheckoutService } from './demo-checkout.service';
import { StripeCheckoutService } from '../stripe/stripe-checkout.service';
import { FirstTouchService } from './first-touch.service';
import type { CreateCheckoutSessionDto } from '../dto/create-checkout-session.dto';
import { Order } from '../entities/order.entity';
import { receiptsService } from '../testing/receipts-service';
import { saveOrder } from '../testing/order-row';
import { pricingServices } from '../testing/pricing-services';
import { FulfilmentService } from '../fulfilment.service';
import { refundsService } from '../testing/refunds-service';
import { CrashPoints, EventBus } from '../../platform/events';

const browser = (token: string | null = null): SessionClient => ({ token, clientAddress: '198.51.100.4', userAgent: 'Spec' });

async function rejection(p: Promise<unknown>): Promise<{ status: number; code: unknown }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { status: err.getStatus(), code: (err.getResponse() as { code?: unknown }).code };
}

/** The one Stripe call the success page makes: a Checkout Session, paid or not, as a test sets it. */
function fakeStripe(sessions: Map<string, Partial<Stripe.Checkout.Session>>): Stripe {
  const retrieve = (id: string) => {
    const s = sessions.get(id);
    return s ? Promise.resolve({ id, ...s }) : Promise.reject(Object.assign(new Error('No such session'), { statusCode: 404 }));
  };
  return { checkout: { sessions: { retrieve } } } as unknown as Stripe;
}

describe('CheckoutService (plain values in, the session to set out)', () => {
  let ds: DataSource;
  let cfg: AppConfig;
  let users: UserWriter;
  let reader: UserReader;
  let grants: GrantsService;
  let sessions: SessionsService;
  let fulfilment: FulfilmentService;
  let vipps: VippsPaymentsService;
  let priced: ReturnType<typeof pricingServices>;
  let seq = 0;

  beforeAll(async () => {
    // The services log each payment and refund; a spec run needs none of it.
    Logger.overrideLogger(false);
    ds = await openMemoryDatabase();
    cfg = parseEnv({ NODE_ENV: 'test' });
    reader = new UserReader(ds.getRepository(User));
    users = new UserWriter(ds.getRepository(User), reader);
    grants = new GrantsService(ds.getRepository(Grant));
    sessions = new SessionsService(ds.getRepository(Session), ds.getRepository(User), cfg);
    const catalog = { invalidate: () => undefined } as unknown as CatalogService;
    priced = pricingServices(ds, cfg);
    const events = new EventBus();
    const receipts = receiptsService(ds, cfg);
    vipps = new VippsPaymentsService(cfg, null, ds, new SystemClock());
    fulfilment = new FulfilmentService(
      ds,
      users,
      grants,
      catalog,
      events,
      new CrashPoints(),
      sessions,
      priced.seats,
      priced.codes,
      receipts,
      refundsService(ds, { grants, catalog, events, receipts, seats: priced.seats, vipps }).refunds,
      vipps,
      priced.pricing,
      subscriptionsService(ds, null),
    );
  });
  afterAll(() => ds.destroy());
  /** A module spec: nobody here has a lead, so the browser's first touch is the order's. */
  const noLeads = new FirstTouchService({ firstTouchOf: () => Promise.resolve(null) });

  const checkout = (stripe: Stripe | null = null, config: AppConfig = cfg) => {
    const orders = ds.getRepository(Order);
    const stripeCheckout = new StripeCheckoutService(config, stripe, orders, new SystemClock());
    return new CheckoutService(
      orders,
      reader,
      grants,
      sessions,
      priced.pricing,
      noLeads,
      stripeCheckout,
      vipps,
      new DemoCheckoutService(config, stripe, orders, fulfilment, sessions),
      new CheckoutStatusService(
        orders,
        reader,
        sessions,
        fulfilment,
        stripeCheckout,
        vipps,
        new VippsRecurringAgreements(config, null),
      ),
      subscriptionsService(ds, stripe),
      new VippsRecurringAgreements(config, null),
      new EventBus(),
    );
  };
  const dto = (email = `kjoper-${++seq}@example.no`): CreateCheckoutSessionDto => ({
    courseId: 'foundation',
    email,
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
  });
  const orderOf = (email: string) => ds.getRepository(Order).findOneByOrFail({ email });

  describe('demo payments (no Stripe key, not production)', () => {
    it('a new buyer is paid, granted and handed a session for the cookie', async () => {
      const d = dto();
      const { result, session } = await checkout().createSession(d, browser());
      const order = await orderOf(d.email);
      // The same confirmation page as a paid purchase, by the order's demo reference.
      expect(result).toEqual({
        url: `/betaling/fullfort?session_id=${order.providerReference}`,
        demo: true,
        reference: order.providerReference,
      });
      expect(order.providerReference).toMatch(/^demo_[0-9a-f]{48}$/);
      expect(order).toMatchObject({ status: 'paid', provider: 'demo', amountOre: 199700 });
      expect(order.buyerSignedInAt).toBeInstanceOf(Date);
      expect(session).not.toBeNull();
      const auth = await sessions.resolve(session!.token);
      expect(auth?.user).toMatchObject({ id: order.userId, email: d.email });
      expect(await grants.owns(order.userId!, 'foundation')).toBe(true);
    });

    it('an address that already has an account is never signed in by typing it', async () => {
      const { user } = await users.findOrCreatePasswordless({ email: `finnes-${++seq}@example.no` });
      // The account existed before this checkout (an order tells "made for me" from the creation times,
      // which can share a millisecond when both are made back to back by a test).
      await ds.getRepository(User).update({ id: user.id }, { createdAt: new Date(Date.now() - 60_000) });
      const { session } = await checkout().createSession(dto(user.email), browser());
      expect(session).toBeNull();
      expect((await orderOf(user.email)).status).toBe('paid');
    });

    it('a signed-in (claimed) student buys for their own account, whatever address the form has, and keeps their session', async () => {
      const { user } = await users.findOrCreatePasswordless({ email: `innlogget-${++seq}@example.no` });
      await users.markClaimed(user.id);
      const own = await sessions.start(user, browser());
      const other = `annen-${++seq}@example.no`;
      const { session } = await checkout().createSession(dto(other), browser(own.token));
      expect(session).toBeNull();
      expect(await orderOf(user.email)).toMatchObject({ userId: user.id, status: 'paid' });
      expect(await ds.getRepository(Order).countBy({ email: other })).toBe(0);
      expect(await sessions.resolve(own.token)).not.toBeNull();
    });

    it('a signed-in owner is told plainly (409) before any order is written', async () => {
      const { user } = await users.findOrCreatePasswordless({ email: `eier-${++seq}@example.no` });
      await grants.grant({ userId: user.id, courseId: 'foundation', source: 'manual' });
      const own = await sessions.start(user, browser());
      expect(await rejection(checkout().createSession(dto(user.email), browser(own.token)))).toEqual({
        status: 409,
        code: 'ALREADY_OWNED',
      });
      expect(await ds.getRepository(Order).countBy({ email: user.email })).toBe(0);
    });

    it("a signed-out visitor is answered as for anyone else about an owner's address; the payment is refused and refunded, nothing granted", async () => {
      const { user } = await users.findOrCreatePasswordless({ email: `eier-${++seq}@example.no` });
      await grants.grant({ userId: user.id, courseId: 'foundation', source: 'manual' });
      const seats = await priced.seats.taken('foundation');
      const { result, session } = await checkout().createSession(dto(user.email), browser());
      expect(result).toMatchObject({ demo: true });
      expect(session).toBeNull();
      const order = await orderOf(user.email);
      expect(order).toMatchObject({ status: 'refunded', refusal: 'already_owned', refundedOre: order.amountOre });
      expect(await ds.getRepository(Grant).countBy({ orderId: order.id })).toBe(0);
      expect(await priced.seats.taken('foundation')).toBe(seats);
    });

    it('courses that are not sold by checkout are refused', async () => {
      expect(await rejection(checkout().createSession({ ...dto(), courseId: 'starter' }, browser()))).toEqual({
        status: 400,
        code: 'INVALID_COURSE',
      });
    });

    it('production without Stripe takes no payments at all', async () => {
      const prod: AppConfig = { ...cfg, nodeEnv: 'production' };
      const d = dto();
      expect(await rejection(checkout(null, prod).createSession(d, browser()))).toEqual({
        status: 503,
        code: 'PAYMENT_UNAVAILABLE',
      });
      expect(await ds.getRepository(Order).countBy({ email: d.email })).toBe(0);
    });
  });

  describe('the success page', () => {
    /** A pending Stripe order, as createSession leaves it once Stripe answered with a session id. */
    async function pendingOrder(stripeSessions: Map<string, Partial<Stripe.Checkout.Session>>, paid: boolean, email?: string) {
      const d = dto(email);
      const id = `cs_test_side${++seq}`;
      await saveOrder(ds, { email: d.email, providerReference: id });
      stripeSessions.set(id, {
        payment_status: paid ? 'paid' : 'unpaid',
        status: paid ? 'complete' : 'open',
        amount_total: 199700,
        currency: 'nok',
        payment_intent: `pi_${id}`,
      });
      return { id, email: d.email };
    }

    it('a paid session fulfils the order and signs the new buyer in once', async () => {
      const stripeSessions = new Map<string, Partial<Stripe.Checkout.Session>>();
      const service = checkout(fakeStripe(stripeSessions));
      const { id, email } = await pendingOrder(stripeSessions, true);

      const first = await service.status(id, browser());
      const order = await orderOf(email);
      expect(first.result).toEqual({
        status: 'paid',
        courseId: 'foundation',
        amount: 199700,
        email,
        signedIn: true,
        paymentMethod: 'card',
        receiptPath: `/kvittering/${order.id}`,
      });
      expect(first.session).not.toBeNull();
      expect((await sessions.resolve(first.session!.token))?.user.id).toBe(order.userId);

      // Another browser with the same link gets no session: once per order.
      const second = await service.status(id, browser());
      expect(second).toMatchObject({ result: { status: 'paid', signedIn: false }, session: null });
      expect(second.result.receiptPath).toBeUndefined();
      // The buyer's own browser is signed in already and gets no new session.
      const own = await service.status(id, browser(first.session!.token));
      expect(own).toMatchObject({ result: { signedIn: true }, session: null });
    });

    it('a browser holding a session on an unclaimed account sees it end with the paid order, not a sign-in', async () => {
      const stripeSessions = new Map<string, Partial<Stripe.Checkout.Session>>();
      const { user } = await users.findOrCreatePasswordless({ email: `kvittering-${++seq}@example.no` });
      const held = await sessions.start(user, browser());
      await new Promise((r) => setTimeout(r, 5));
      const { id } = await pendingOrder(stripeSessions, true, user.email);
      const res = await checkout(fakeStripe(stripeSessions)).status(id, browser(held.token));
      expect(res).toMatchObject({ result: { status: 'paid', signedIn: false }, session: null });
      expect(await sessions.resolve(held.token)).toBeNull();
    });

    it('an unpaid session stays pending and signs nobody in', async () => {
      const stripeSessions = new Map<string, Partial<Stripe.Checkout.Session>>();
      const { id, email } = await pendingOrder(stripeSessions, false);
      const res = await checkout(fakeStripe(stripeSessions)).status(id, browser());
      expect(res).toEqual({
        result: { status: 'pending', courseId: 'foundation', amount: 199700, email, signedIn: false, paymentMethod: 'card' },
        session: null,
      });
    });

    it('unknown or malformed session ids are 404', async () => {
      const service = checkout(fakeStripe(new Map()));
      expect((await rejection(service.status('cs_test_finnesikke', browser()))).status).toBe(404);
      expect((await rejection(service.status('ikke-en-id', browser()))).status).toBe(404);
    });
  });
});
