import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { In, IsNull, MoreThan, Not, Repository } from 'typeorm';
import type { SessionClient, StartedSession, WithSession } from '../../identity/auth.types';
import { SessionsService } from '../../identity/sessions.service';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import {
  isCheckoutCourseId,
  KLARNA_MIN_ORE,
  membershipMonths,
  MSG,
  normalizeCampaignCode,
  RISK_TEXT_VERSION,
  UPGRADE_FROM,
  type CheckoutEndReason,
  type CheckoutQuoteQuery,
  type CheckoutQuoteResponse,
  type CheckoutSessionResponse,
  type CheckoutStatusResponse,
} from '@academy/contracts';
import { CATALOG_SEED, type CatalogSeed } from '../../catalog/catalog.data';
import { AppError, badRequest, conflict, notFound, unavailable } from '../../platform/errors/app-error';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { GrantsService } from '../../access/grants.service';
import { CheckoutPricingService } from '../pricing/checkout-pricing.service';
import { FirstTouchService } from './first-touch.service';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment.service';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { paymentIntentId, sessionMatchesOrder } from '../stripe/stripe-webhook.service';
import type { User } from '../../identity/entities/user.entity';
import { UsersService } from '../../identity/users.service';
import type { CreateCheckoutSessionDto } from '../dto/create-checkout-session.dto';
import { Order, type PaymentProvider } from '../entities/order.entity';
import { SingleFlight, PROVIDER_READ_CACHE_MS } from '../single-flight';
import { VippsApiError } from '../vipps/vipps-api';
import { newVippsReference, VippsPaymentsService } from '../vipps/vipps-payments.service';

/** A new buyer may be signed in by the success page this long after paying. */
const SIGN_IN_WINDOW_MS = 24 * 3600_000;
const SESSION_ID_RE = /^((cs|demo)_[A-Za-z0-9_]{1,250}|vipps-[a-f0-9]{32})$/;

/** How the methods are named to the buyer when one is not offered. */
const METHOD_NAMES = { card: 'Kort', vipps: 'Vipps', klarna: 'Klarna' } as const;

/**
 * The reference of a demo payment, in the column Stripe's session id uses: the confirmation page
 * (`/betaling/fullfort?session_id=…`) reads a demo order the way it reads a paid one. Unguessable,
 * since the page shows the buyer's e-mail address.
 */
function demoSessionId(): string {
  return `demo_${randomBytes(24).toString('hex')}`;
}

export type CheckoutStatus = CheckoutStatusResponse & { signedIn: boolean };

/** The product as the payment page names it: an upgrade says what it upgrades from. */
function upgradeName(item: CatalogSeed, order: Pick<Order, 'upgradeCreditOre'>): string {
  const from = UPGRADE_FROM[item.id];
  const fromItem = from ? CATALOG_SEED.find((c) => c.id === from) : undefined;
  return order.upgradeCreditOre > 0 && fromItem ? `${item.productName} (oppgradering fra ${fromItem.title})` : item.productName;
}

/**
 * The status the success page shows. A payment refused because the address already owned the course
 * reads as paid, as any purchase by an existing account does: whoever typed the address learns nothing
 * of what it owns; the owner is told by mail (and has the course).
 */
function publicStatus(order: Pick<Order, 'status' | 'refusal'>): CheckoutStatusResponse['status'] {
  // (A payment refused because its upgrade credit no longer stood reads as refunded: only the signed-in
  // student who owns the credit could open that checkout.)
  if (order.refusal === 'already_owned' && order.status === 'refunded') return 'paid';
  return order.status === 'partially_refunded' ? 'paid' : order.status;
}

/**
 * The checkout: a pending order and a Stripe Checkout Session built from the server's catalogue,
 * demo payments when Stripe is not configured (never in production), and the success page's status.
 * The browser comes in as plain values (its session token, address and user agent); a session this
 * opens for a new buyer goes back to the controller, which sets the cookie.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');
  /** The success page's reads of Checkout Sessions from Stripe, shared per session id. */
  private readonly stripeReads = new SingleFlight<Stripe.Checkout.Session>(PROVIDER_READ_CACHE_MS);

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly users: UsersService,
    private readonly grants: GrantsService,
    private readonly sessions: SessionsService,
    private readonly fulfilment: FulfilmentService,
    private readonly pricing: CheckoutPricingService,
    private readonly firstTouch: FirstTouchService,
    private readonly vipps: VippsPaymentsService,
  ) {}

  get demoPayments(): boolean {
    return !this.stripe && this.cfg.nodeEnv !== 'production';
  }

  /**
   * Who takes a payment by this method: Vipps MobilePay (with Vipps keys), Stripe (card and Klarna),
   * or, outside production without the provider's keys, a demo payment as before.
   */
  private providerFor(method: CreateCheckoutSessionDto['paymentMethod']): PaymentProvider {
    if (method === 'vipps') {
      if (this.vipps.configured) return 'vipps';
      if (this.demoPayments) return 'demo';
      throw new AppError(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', MSG.paymentMethodUnavailable(METHOD_NAMES.vipps));
    }
    if (this.stripe) return 'stripe';
    if (this.demoPayments) return 'demo';
    throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
  }

  async createSession(dto: CreateCheckoutSessionDto, client: SessionClient): Promise<WithSession<CheckoutSessionResponse>> {
    if (!isCheckoutCourseId(dto.courseId)) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const item = CATALOG_SEED.find((c) => c.id === dto.courseId && c.soldByCheckout);
    if (!item) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const provider = this.providerFor(dto.paymentMethod);

    // A signed-in student buys for the account they are signed in to, and is told plainly when it owns
    // the course. A signed-out visitor is answered as anyone else, whatever the address owns (nobody
    // learns who owns what by typing an address): a payment for a course the account already owns is
    // refused when it lands, refunded at once, and the owner told by mail (FulfilmentService).
    const auth = await this.sessions.resolve(client.token);
    const email = auth ? auth.user.email : dto.email;
    const existing = auth?.user ?? (await this.users.findByEmail(email));
    // A membership (VIP) bought again while it runs is a renewal from its end, never "already owned".
    const renewable = membershipMonths(item.id) !== null;
    if (auth && !renewable && (await this.grants.owns(auth.user.id, item.id)))
      throw conflict(MSG.alreadyOwned(item.title), 'ALREADY_OWNED');

    // One attribution per person: the buyer's account or earliest lead before what this browser sent.
    const attribution = await this.firstTouch.forBuyer(email, existing, dto.attribution);
    const now = new Date();
    const repo = this.orders;
    // The server prices the order (launch seats counted now, the campaign code checked; its uses count
    // only when paid) in the transaction that inserts it. The price holds until expiresAt: the Stripe
    // session cannot be paid later (see CHECKOUT_LIFETIME_MS), which bounds the launch price's grace.
    // The buyer's own open checkout of the same course and code is reused (its Stripe session expired
    // first, so it can never be paid twice): going back to switch card → Vipps leaves one order.
    const reusable = provider === 'stripe' ? await this.reusablePending(email, item.id, dto, auth?.user.id ?? null) : null;
    const order = await repo.manager.transaction(async (m) => {
      const price = await this.pricing.price(m, item, dto.campaignCode, provider !== 'demo', auth?.user.id ?? null);
      // "Delbetaling med Klarna" is for purchases from 1 500 kr (what is charged, after any code).
      if (dto.paymentMethod === 'klarna' && price.amountOre < KLARNA_MIN_ORE)
        throw new AppError(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', MSG.paymentMethodUnavailable(METHOD_NAMES.klarna));
      if (reusable) {
        const res = await m.update(
          Order,
          { id: reusable.id, status: In(['pending', 'expired']), stripeSessionId: reusable.stripeSessionId! },
          {
            userId: existing?.id ?? null,
            firstName: dto.firstName,
            lastName: dto.lastName,
            amountOre: price.amountOre,
            campaignCode: price.campaignCode,
            discountOre: price.discountOre,
            upgradeCreditOre: price.upgradeCreditOre,
            upgradeFromOrderId: price.upgradeFromOrderId,
            expiresAt: price.expiresAt,
            paymentMethod: dto.paymentMethod,
            status: 'pending',
            stripeSessionId: null,
            termsAcceptedAt: now,
            riskAcceptedAt: now,
            riskTextVersion: RISK_TEXT_VERSION,
            updatedAt: now,
          },
        );
        if (res.affected === 1) return m.findOneByOrFail(Order, { id: reusable.id });
      }
      return m.save(
        m.create(Order, {
          userId: existing?.id ?? null,
          email,
          firstName: dto.firstName,
          lastName: dto.lastName,
          courseId: item.id,
          amountOre: price.amountOre,
          campaignCode: price.campaignCode,
          discountOre: price.discountOre,
          upgradeCreditOre: price.upgradeCreditOre,
          upgradeFromOrderId: price.upgradeFromOrderId,
          expiresAt: price.expiresAt,
          currency: 'NOK',
          paymentMethod: dto.paymentMethod,
          provider,
          status: 'pending',
          // A Vipps payment's reference is the order's own, known before Vipps is asked.
          stripeSessionId: provider === 'vipps' ? newVippsReference() : null,
          stripePaymentIntentId: null,
          refundedOre: 0,
          termsAcceptedAt: now,
          riskAcceptedAt: now,
          riskTextVersion: RISK_TEXT_VERSION,
          attribution: attributionColumns(attribution),
          createdAt: now,
          updatedAt: now,
          paidAt: null,
          anonymisedAt: null,
          buyerSignedInAt: null,
        }),
      );
    });

    if (provider === 'demo') return this.payDemo(order, auth?.user ?? null, client);
    const productName = upgradeName(item, order);
    if (provider === 'vipps')
      return { result: { url: await this.startVipps(order, productName), reference: order.stripeSessionId! }, session: null };
    if (!this.stripe) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');

    const base = this.cfg.publicUrl;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'nok',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'nok',
                unit_amount: order.amountOre,
                product_data: {
                  name: productName,
                  description: order.campaignCode
                    ? `${item.shortDescription} (kampanjekode ${order.campaignCode})`
                    : item.shortDescription,
                },
              },
            },
          ],
          // The SDK's API version replaced `payment_method_types` with this list (Stripe changelog 2026-09-30).
          allowed_payment_method_types: [dto.paymentMethod],
          customer_email: email,
          client_reference_id: String(order.id),
          metadata: {
            orderId: String(order.id),
            courseId: item.id,
            ...(order.campaignCode ? { campaignCode: order.campaignCode } : {}),
          },
          payment_intent_data: { metadata: { orderId: String(order.id), courseId: item.id } },
          locale: 'nb',
          ...(order.expiresAt ? { expires_at: Math.floor(order.expiresAt.getTime() / 1000) } : {}),
          success_url: `${base}/betaling/fullfort?session_id={CHECKOUT_SESSION_ID}`,
          // Back from Stripe without paying: the order form again, filled in as it was, saying so.
          cancel_url: `${base}/bestill?course=${item.id}&email=${encodeURIComponent(email)}${
            order.campaignCode ? `&kode=${encodeURIComponent(order.campaignCode)}` : ''
          }&metode=${dto.paymentMethod}&betaling=avbrutt`,
        },
        // A reused order has a new updatedAt: a new session, never the replay of its first one.
        { idempotencyKey: `checkout-${order.id}-${order.updatedAt.getTime()}` },
      );
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.error({ orderId: order.id, type: e.type, statusCode: e.statusCode, msg: e.message }, 'Stripe Checkout feilet');
      await repo.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.paymentError);
    }
    if (!session.url) {
      await repo.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.paymentError);
    }
    await repo.update({ id: order.id, stripeSessionId: IsNull() }, { stripeSessionId: session.id, updatedAt: new Date() });
    return { result: { url: session.url, reference: session.id }, session: null };
  }

  /**
   * GET /api/checkout/quote: what a checkout of this course (with this code) charges the student signed
   * in now, priced exactly as the order will be (a visitor gets no upgrade credit). An owned course is
   * 409 for the signed-in student, as at checkout.
   */
  async quote(query: CheckoutQuoteQuery, client: SessionClient): Promise<CheckoutQuoteResponse> {
    const { courseId, campaignCode: code } = query;
    const item = isCheckoutCourseId(courseId) ? CATALOG_SEED.find((c) => c.id === courseId && c.soldByCheckout) : undefined;
    if (!item) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const auth = await this.sessions.resolve(client.token);
    if (auth && membershipMonths(item.id) === null && (await this.grants.owns(auth.user.id, item.id)))
      throw conflict(MSG.alreadyOwned(item.title), 'ALREADY_OWNED');
    const price = await this.orders.manager.transaction((m) => this.pricing.price(m, item, code, false, auth?.user.id ?? null));
    return {
      courseId: item.id,
      priceOre: price.priceOre,
      discountOre: price.discountOre,
      upgradeCreditOre: price.upgradeCreditOre,
      amountOre: price.amountOre,
      ...(price.upgradeFrom ? { upgradeFrom: price.upgradeFrom } : {}),
    };
  }

  /** The Vipps payment of a new order: Vipps' page for the buyer, or the order failed and 502. */
  private async startVipps(order: Order, productName: string): Promise<string> {
    try {
      return await this.vipps.create(order, productName);
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.error({ orderId: order.id, status: e.status, problem: e.problem, msg: e.message }, 'Vipps-betaling feilet');
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.paymentError);
    }
  }

  /**
   * The buyer's own open Stripe checkout of this course with this code (or none), whose session could
   * be expired at Stripe now, so that the order can take a new one. Null when there is none, or when
   * its session cannot be expired (paid meanwhile, or Stripe unreachable): then a new order is made.
   * "Own": the signed-in account's, or, signed out, the same address with the same name as typed, so
   * that typing someone's address alone never cancels their open payment.
   */
  private async reusablePending(
    email: string,
    courseId: string,
    dto: Pick<CreateCheckoutSessionDto, 'campaignCode' | 'firstName' | 'lastName'>,
    userId: number | null,
  ): Promise<Order | null> {
    const code = dto.campaignCode !== undefined ? normalizeCampaignCode(dto.campaignCode) : null;
    const open = await this.orders.find({
      where: {
        email,
        courseId,
        campaignCode: code ?? IsNull(),
        provider: 'stripe',
        status: 'pending',
        stripeSessionId: Not(IsNull()),
        expiresAt: MoreThan(new Date()),
      },
      order: { id: 'DESC' },
      take: 10,
    });
    const same = (a: string, b: string) => a.trim().toLocaleLowerCase('nb') === b.trim().toLocaleLowerCase('nb');
    const prev = open.find((o) =>
      userId !== null ? o.userId === userId : same(o.firstName, dto.firstName) && same(o.lastName, dto.lastName),
    );
    if (!prev?.stripeSessionId || !this.stripe) return null;
    try {
      const expired = await this.stripe.checkout.sessions.expire(prev.stripeSessionId);
      return expired.status === 'expired' ? prev : null;
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.log(
        { orderId: prev.id, type: e.type, statusCode: e.statusCode, msg: e.message },
        'Åpen betaling kunne ikke gjenbrukes',
      );
      return null;
    }
  }

  /**
   * Demo payments (no Stripe key, not production): the order is paid at once, the course granted, and
   * the buyer signed in when the account is new or already theirs. Someone else's existing account is
   * never signed in by typing its address.
   */
  private async payDemo(
    order: Order,
    current: User | null,
    client: SessionClient,
  ): Promise<WithSession<CheckoutSessionResponse>> {
    let result: FulfilmentResult;
    try {
      result = await this.fulfilment.fulfil(order, null);
    } catch (err) {
      // Refused before anything was paid (the campaign code's last use went to another buyer): not payable.
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw err;
    }
    const mine = current !== null && current.id === result.user.id;
    let session: StartedSession | null = null;
    const reference = demoSessionId();
    await this.orders.update({ id: order.id }, { stripeSessionId: reference, updatedAt: new Date() });
    if (!mine && result.accountNew && !result.user.passwordHash && result.user.claimedAt === null) {
      session = await this.sessions.start(result.user, client);
      await this.orders.update({ id: order.id }, { buyerSignedInAt: new Date() });
    }
    // The same confirmation page as a paid purchase (DECISIONS: demo checkout).
    return { result: { url: `/betaling/fullfort?session_id=${reference}`, demo: true, reference }, session };
  }

  /**
   * The success page: the order's state, re-read from Stripe while it is pending (and fulfilled when
   * Stripe says it is paid). A new passwordless buyer is signed in once per order.
   */
  async status(sessionId: string, client: SessionClient): Promise<WithSession<CheckoutStatus>> {
    if (!SESSION_ID_RE.test(sessionId)) throw notFound(MSG.sessionNotFound);
    const repo = this.orders;
    let order = await repo.findOneBy({ stripeSessionId: sessionId });
    if (!order) throw notFound(MSG.sessionNotFound);
    let result: FulfilmentResult | null = null;

    if (order.status === 'pending' && order.provider === 'vipps') {
      const outcome = await this.vippsOutcome(order);
      if (outcome === 'authorized') {
        result = await this.fulfilment.fulfil(order, null);
        order = result.order;
      } else if (outcome === 'closed') {
        await repo.update({ id: order.id, status: 'pending' }, { status: 'expired', updatedAt: new Date() });
        order = await repo.findOneByOrFail({ id: order.id });
      }
    } else if (order.status === 'pending') {
      if (!this.stripe) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
      let session: Stripe.Checkout.Session;
      const stripe = this.stripe;
      try {
        // Every poll of the same session within a few seconds shares one read (and one in flight).
        session = await this.stripeReads.get(sessionId, () => stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        const e = err as { type?: string; statusCode?: number; message?: string };
        this.logger.warn(
          { orderId: order.id, type: e.type, statusCode: e.statusCode, msg: e.message },
          'Kunne ikke lese Checkout Session',
        );
        throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.providerCheckFailed);
      }
      if (session.payment_status === 'paid' && sessionMatchesOrder(session, order)) {
        result = await this.fulfilment.fulfil(order, paymentIntentId(session.payment_intent));
        order = result.order;
      } else if (session.status === 'expired') {
        await repo.update({ id: order.id, status: 'pending' }, { status: 'expired', updatedAt: new Date() });
        order = await repo.findOneByOrFail({ id: order.id });
      }
    }

    const { signedIn, session } = await this.signInNewBuyer(order, result, client);
    const status = publicStatus(order);
    const ended = status === 'failed' || status === 'expired';
    const endedBy = ended ? await this.endedBy(order) : null;
    return {
      result: {
        status,
        courseId: order.courseId,
        amount: order.amountOre,
        email: order.email,
        signedIn,
        paymentMethod: order.paymentMethod,
        ...(order.campaignCode ? { campaignCode: order.campaignCode } : {}),
        ...(order.provider === 'demo' ? { demo: true } : {}),
        ...(signedIn && order.paidAt ? { receiptPath: `/kvittering/${order.id}` } : {}),
        // A payment that did not go through: why, and the names to fill the order form in again.
        ...(ended ? { firstName: order.firstName, lastName: order.lastName } : {}),
        ...(endedBy ? { endedBy } : {}),
      },
      session,
    };
  }

  /**
   * Why a payment ended without going through: for Vipps as Vipps reports it (the buyer's rejection
   * reads apart from a timeout), for Stripe by the order's status (a declined payment, or a session
   * that timed out). Null when it cannot be told.
   */
  private async endedBy(order: Order): Promise<CheckoutEndReason | null> {
    if (order.provider === 'vipps') return this.vipps.endedBy(order);
    return order.status === 'failed' ? 'failed' : order.status === 'expired' ? 'expired' : null;
  }

  /** The state of a Vipps payment for the success page (AUTHORIZED fulfils, as the webhook does). */
  private async vippsOutcome(order: Order) {
    if (!this.vipps.configured) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    try {
      return await this.vipps.outcome(order);
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.warn({ orderId: order.id, status: e.status, msg: e.message }, 'Kunne ikke lese Vipps-betalingen');
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.providerCheckFailed);
    }
  }

  /**
   * Signs in the buyer of a paid order whose account the order created, once per order. The browser's
   * session is looked up only now, after fulfilment (which may have ended it).
   */
  private async signInNewBuyer(
    order: Order,
    result: FulfilmentResult | null,
    client: SessionClient,
  ): Promise<{ signedIn: boolean; session: StartedSession | null }> {
    const no = { signedIn: false, session: null };
    const auth = await this.sessions.resolve(client.token);
    if (order.userId !== null && auth?.user.id === order.userId) return { signedIn: true, session: null };
    if (order.status !== 'paid' && order.status !== 'partially_refunded') return no;
    if (order.buyerSignedInAt || !order.paidAt || Date.now() - order.paidAt.getTime() > SIGN_IN_WINDOW_MS) return no;
    const user = result?.user ?? (order.userId !== null ? await this.users.findById(order.userId) : null);
    // Only until the owner claims the address (uses a mailed link): then only they get in.
    if (!user || user.passwordHash || user.claimedAt !== null || user.role !== 'student') return no;
    if (user.createdAt.getTime() < order.createdAt.getTime()) return no;
    const claim = await this.orders.update({ id: order.id, buyerSignedInAt: IsNull() }, { buyerSignedInAt: new Date() });
    if (claim.affected !== 1) return no;
    return { signedIn: true, session: await this.sessions.start(user, client) };
  }
}
