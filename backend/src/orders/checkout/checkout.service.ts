import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { SessionClient, WithSession } from '../../identity/auth.types';
import { SessionsService } from '../../identity/sessions.service';
import {
  isCheckoutCourseId,
  KLARNA_MIN_ORE,
  membershipMonths,
  MSG,
  RISK_TEXT_VERSION,
  UPGRADE_FROM,
  type CheckoutQuoteQuery,
  type CheckoutQuoteResponse,
  type CheckoutSessionResponse,
} from '@academy/contracts';
import { CATALOG_SEED, type CatalogSeed } from '../../catalog/catalog.data';
import { AppError, badRequest, conflict, unavailable } from '../../platform/errors/app-error';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { GrantsService } from '../../access/grants.service';
import { CheckoutPricingService } from '../pricing/checkout-pricing.service';
import { FirstTouchService } from './first-touch.service';
import { UserReader } from '../../identity/user-reader.service';
import type { CreateCheckoutSessionDto } from '../dto/create-checkout-session.dto';
import { Order, type PaymentProvider } from '../entities/order.entity';
import { StripeCheckoutService } from '../stripe/stripe-checkout.service';
import { VippsApiError } from '../vipps/vipps-api';
import { newVippsReference, VippsPaymentsService } from '../vipps/vipps-payments.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { VippsRecurringAgreements } from '../subscriptions/vipps-recurring-agreements.service';
import { CheckoutStatusService, type CheckoutStatus } from './checkout-status.service';
import { DemoCheckoutService } from './demo-checkout.service';
import { osloDateText, renewalMethodText, wholeKr } from '../subscriptions/renewal-terms';
import { EventBus } from '../../platform/events';
import { announceStarted } from './checkout-started';

export type { CheckoutStatus } from './checkout-status.service';

/** How the methods are named to the buyer when one is not offered. */
const METHOD_NAMES = { card: 'Kort', vipps: 'Vipps', klarna: 'Klarna' } as const;

/** The product as the payment page names it: an upgrade says what it upgrades from. */
function upgradeName(item: CatalogSeed, order: Pick<Order, 'upgradeCreditOre'>): string {
  const from = UPGRADE_FROM[item.id];
  const fromItem = from ? CATALOG_SEED.find((c) => c.id === from) : undefined;
  return order.upgradeCreditOre > 0 && fromItem ? `${item.productName} (oppgradering fra ${fromItem.title})` : item.productName;
}

/**
 * The checkout: the quote, and the pending order priced from the server's catalogue, handed to the
 * provider that takes its payment (StripeCheckoutService, VippsPaymentsService, or DemoCheckoutService
 * when Stripe is not configured, never in production); the success page's status is
 * CheckoutStatusService's. The browser comes in as plain values (its session token, address and user
 * agent); a session this opens for a new buyer goes back to the controller, which sets the cookie.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly users: UserReader,
    private readonly grants: GrantsService,
    private readonly sessions: SessionsService,
    private readonly pricing: CheckoutPricingService,
    private readonly firstTouch: FirstTouchService,
    private readonly stripe: StripeCheckoutService,
    private readonly vipps: VippsPaymentsService,
    private readonly demo: DemoCheckoutService,
    private readonly statuses: CheckoutStatusService,
    private readonly subscriptions: SubscriptionsService,
    private readonly agreements: VippsRecurringAgreements,
    private readonly events: EventBus,
  ) {}

  /**
   * «Forny automatisk hvert år» (docs/decisions.md "Memberships"): only for a membership, by card
   * through Stripe or by Vipps through a Recurring agreement, and without a campaign code (a code's price is for one period). Refused plainly.
   */
  private checkAutoRenew(dto: CreateCheckoutSessionDto, item: CatalogSeed, provider: PaymentProvider): void {
    if (dto.autoRenew !== true) return;
    if (membershipMonths(item.id) === null) throw badRequest(MSG.autoRenewOnlyMembership, 'VALIDATION_FAILED');
    if (dto.paymentMethod !== 'card' && dto.paymentMethod !== 'vipps')
      throw badRequest(MSG.autoRenewCardOnly, 'VALIDATION_FAILED');
    if (dto.campaignCode !== undefined) throw badRequest(MSG.autoRenewNoCampaignCode, 'VALIDATION_FAILED');
    const ready = dto.paymentMethod === 'vipps' ? provider === 'vipps' && this.agreements.configured : provider === 'stripe';
    if (!ready) throw unavailable(MSG.autoRenewUnavailable, 'PAYMENT_UNAVAILABLE');
  }

  /** 409 with the running renewal's date, price and method when the member's membership renews by itself. */
  private async refuseWhileRenewing(userId: number, productId: string): Promise<void> {
    const sub = await this.subscriptions.current(userId, productId);
    if (!sub || sub.cancelAtPeriodEnd || !sub.currentPeriodEnd) return;
    if (sub.status === 'past_due' && sub.method === 'vipps') return;
    throw conflict(
      MSG.autoRenewAlready(osloDateText(sub.currentPeriodEnd), wholeKr(sub.priceOre), renewalMethodText(sub.method)),
      'ALREADY_RENEWING',
    );
  }

  /**
   * Who takes a payment by this method: Vipps MobilePay (with Vipps keys), Stripe (card and Klarna),
   * or, outside production without the provider's keys, a demo payment as before.
   */
  private providerFor(method: CreateCheckoutSessionDto['paymentMethod']): PaymentProvider {
    if (method === 'vipps') {
      if (this.vipps.configured) return 'vipps';
      if (this.demo.enabled) return 'demo';
      throw new AppError(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', MSG.paymentMethodUnavailable(METHOD_NAMES.vipps));
    }
    if (this.stripe.configured) return 'stripe';
    if (this.demo.enabled) return 'demo';
    throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
  }

  async createSession(dto: CreateCheckoutSessionDto, client: SessionClient): Promise<WithSession<CheckoutSessionResponse>> {
    if (!isCheckoutCourseId(dto.courseId)) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const item = CATALOG_SEED.find((c) => c.id === dto.courseId && c.soldByCheckout);
    if (!item) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const provider = this.providerFor(dto.paymentMethod);
    this.checkAutoRenew(dto, item, provider);
    const autoRenew = dto.autoRenew === true;

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
    // A member whose membership already renews by itself is sold nothing more, with or without the
    // box: the renewal pays the next year on its date, so a second year bought now would be paid twice
    // (docs/decisions.md "Automatic renewal"). A Vipps renewal whose charge failed is renewed here.
    if (auth && renewable) await this.refuseWhileRenewing(auth.user.id, item.id);

    // One attribution per person: the buyer's account or earliest lead before what this browser sent.
    const attribution = await this.firstTouch.forBuyer(email, existing, dto.attribution);
    const now = new Date();
    const repo = this.orders;
    // The server prices the order (launch seats counted now, the campaign code checked; its uses count
    // only when paid) in the transaction that inserts it. The price holds until expiresAt: the Stripe
    // session cannot be paid later (see CHECKOUT_LIFETIME_MS), which bounds the launch price's grace.
    // The buyer's own open checkout of the same course and code is reused (its Stripe session expired
    // first, so it can never be paid twice): going back to switch card → Vipps leaves one order.
    const reusable = provider === 'stripe' ? await this.stripe.reusablePending(email, item.id, dto, auth?.user.id ?? null) : null;
    const order = await repo.manager.transaction(async (m) => {
      const price = await this.pricing.price(m, item, dto.campaignCode, provider !== 'demo', auth?.user.id ?? null);
      // "Delbetaling med Klarna" is for purchases from 1 500 kr (what is charged, after any code).
      if (dto.paymentMethod === 'klarna' && price.amountOre < KLARNA_MIN_ORE)
        throw new AppError(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', MSG.paymentMethodUnavailable(METHOD_NAMES.klarna));
      if (reusable) {
        const res = await m.update(
          Order,
          { id: reusable.id, status: In(['pending', 'expired']), providerReference: reusable.providerReference! },
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
            providerReference: null,
            termsAcceptedAt: now,
            riskAcceptedAt: now,
            riskTextVersion: RISK_TEXT_VERSION,
            checkoutSessionHash: auth?.sessionHash ?? null,
            updatedAt: now,
          },
        );
        if (res.affected === 1) {
          const reused = await m.findOneByOrFail(Order, { id: reusable.id });
          if (autoRenew) await this.subscriptions.prepare(m, reused, 'card');
          else await this.subscriptions.unprepare(m, reused.id);
          await announceStarted(this.events, m, reused, dto.remindMe === true);
          return reused;
        }
      }
      const created = await m.save(
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
          providerReference: provider === 'vipps' ? newVippsReference() : null,
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
          // The session that opens the checkout stays signed in when the payment lands (FulfilmentService).
          checkoutSessionHash: auth?.sessionHash ?? null,
        }),
      );
      if (autoRenew) await this.subscriptions.prepare(m, created, provider === 'vipps' ? 'vipps' : 'card');
      await announceStarted(this.events, m, created, dto.remindMe === true);
      return created;
    });

    if (provider === 'demo') return this.demo.pay(order, auth?.user ?? null, client);
    const productName = upgradeName(item, order);
    if (provider === 'vipps' && autoRenew)
      return {
        result: { url: await this.startAgreement(order, productName), reference: order.providerReference! },
        session: null,
      };
    if (provider === 'vipps')
      return { result: { url: await this.startVipps(order, productName), reference: order.providerReference! }, session: null };
    return { result: await this.stripe.create(order, item, productName, dto.paymentMethod, autoRenew), session: null };
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
      this.logger.error({ orderId: order.id, status: e.status, problem: e.problem, msg: e.message }, 'Vipps payment failed');
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.paymentError);
    }
  }

  /** The Vipps agreement of a new renewing membership: Vipps' page for the buyer, or the order failed and 502. */
  private async startAgreement(order: Order, productName: string): Promise<string> {
    try {
      const { agreementId, url } = await this.agreements.create(
        order,
        productName,
        this.subscriptions.pageUrl(order.courseId),
        null,
      );
      await this.orders.manager.transaction((m) => this.subscriptions.link(m, order.id, agreementId, null));
      return url;
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.error({ orderId: order.id, status: e.status, problem: e.problem, msg: e.message }, 'Vipps agreement failed');
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.paymentError);
    }
  }

  /** The success page's status of a payment (see CheckoutStatusService). */
  status(reference: string, client: SessionClient): Promise<WithSession<CheckoutStatus>> {
    return this.statuses.status(reference, client);
  }
}
