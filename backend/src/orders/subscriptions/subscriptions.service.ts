import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { EntityManager, In, IsNull, LessThanOrEqual, MoreThan, Not, Repository } from 'typeorm';
import {
  MEMBERSHIP_MONTHS,
  MSG,
  type MembershipSubscriptionView,
  type RenewalMethod,
  type SubscriptionStatus,
} from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { conflict, unavailable } from '../../platform/errors/app-error';
import { addCalendarMonths } from '../../platform/time/calendar-period';
import { Clock } from '../../platform/time/clock';
import { dayOfNumber, osloDate, osloDayEnd } from '../../platform/time/oslo-time';
import type { Order } from '../entities/order.entity';
import { Subscription } from '../entities/subscription.entity';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { VippsRecurringAgreements } from './vipps-recurring-agreements.service';
import { VippsRecurringCharges } from './vipps-recurring-charges.service';
import { SubscriptionStops } from './subscription-stops.service';

const DAY_MS = 86_400_000;

/** A failed renewal keeps access this many days (docs/decisions.md "Memberships"). */
export const RENEWAL_GRACE_DAYS = 7;

/** Subscriptions that still count: they renew, or were cancelled and their period still runs. */
const LIVE: SubscriptionStatus[] = ['active', 'past_due'];

/** The end of the Oslo day `days` calendar days after `now` (the same wall clock across a DST change). */
export function graceEnd(now: Date, days = RENEWAL_GRACE_DAYS): Date {
  const today = Math.floor(Date.parse(`${osloDate(now)}T00:00:00Z`) / DAY_MS);
  return osloDayEnd(dayOfNumber(today + days))!;
}

/** What a member's subscription means for the membership page. */
export interface RenewalState {
  renews: boolean;
  renewsAt: Date | null;
  method: RenewalMethod | null;
  priceOre: number | null;
  view: MembershipSubscriptionView | null;
}

/**
 * Memberships that renew by themselves (docs/decisions.md "Memberships"): the subscription row made
 * with the checkout of the first period, its state as the member's page shows it, «Si opp» and «Slå
 * på fornyelse igjen» told to Stripe, the customer portal for the card, and the end of a grace that
 * ran out. The provider's events are StripeSubscriptionEvents'.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectRepository(Subscription) private readonly subs: Repository<Subscription>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly vipps: VippsRecurringAgreements,
    private readonly vippsCharges: VippsRecurringCharges,
    private readonly stops: SubscriptionStops,
  ) {}

  /** The charges of Vipps renewals due soon, created at Vipps (the shop creates each one itself). */
  createRenewalCharges(): Promise<number> {
    return this.vippsCharges.createDue();
  }

  /** The member's page of a membership (Vipps' merchantAgreementUrl, where the agreement is managed). */
  pageUrl(productId: string): string {
    return `${this.cfg.publicUrl}/dashboard#membership-${productId}`;
  }

  /** The checkout of a renewing membership: its row, pending until the first period is paid (once per order). */
  async prepare(m: EntityManager, order: Order, method: RenewalMethod): Promise<void> {
    const now = this.clock.now();
    const found = await m.findOneBy(Subscription, { orderId: order.id });
    if (found) {
      await m.update(Subscription, { id: found.id, status: 'pending' }, { priceOre: order.amountOre, method, updatedAt: now });
      return;
    }
    await m.insert(Subscription, {
      userId: order.userId,
      productId: order.courseId,
      method,
      status: 'pending',
      orderId: order.id,
      providerCustomerId: null,
      providerSubscriptionId: null,
      priceOre: order.amountOre,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
      graceEndsAt: null,
      endedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A reused checkout that no longer renews: its pending row goes. */
  async unprepare(m: EntityManager, orderId: number): Promise<void> {
    await m.delete(Subscription, { orderId, status: 'pending' });
  }

  /**
   * The first period was paid (in the payment's transaction): the pending row becomes the member's
   * running subscription. Its first renewal is charged a year after this payment.
   */
  async onOrderPaid(m: EntityManager, order: Order, userId: number): Promise<void> {
    const now = this.clock.now();
    const months = MEMBERSHIP_MONTHS[order.courseId as keyof typeof MEMBERSHIP_MONTHS] ?? 12;
    await m.update(
      Subscription,
      { orderId: order.id, status: 'pending' },
      { userId, status: 'active', currentPeriodEnd: addCalendarMonths(now, months), updatedAt: now },
    );
  }

  /** The provider's ids, once it told them (checkout completed, the first invoice). */
  async link(m: EntityManager, orderId: number, subscriptionId: string | null, customerId: string | null): Promise<void> {
    if (!subscriptionId) return;
    await m.update(
      Subscription,
      { orderId, providerSubscriptionId: IsNull() },
      { providerSubscriptionId: subscriptionId, updatedAt: this.clock.now() },
    );
    if (customerId) await m.update(Subscription, { orderId, providerCustomerId: IsNull() }, { providerCustomerId: customerId });
  }

  /** The member's subscription of a membership that still counts (renewing, or cancelled but running), newest first. */
  current(userId: number, productId: string, m?: EntityManager): Promise<Subscription | null> {
    return (m ? m.getRepository(Subscription) : this.subs).findOne({
      where: { userId, productId, status: In(LIVE) },
      order: { id: 'DESC' },
    });
  }

  /** What the member's page shows about renewal. */
  async stateFor(userId: number, productId: string): Promise<RenewalState> {
    const sub = await this.current(userId, productId);
    const none: RenewalState = { renews: false, renewsAt: null, method: null, priceOre: null, view: null };
    if (!sub) return none;
    const now = this.clock.now();
    const renews = !sub.cancelAtPeriodEnd;
    const running = !!sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() > now.getTime();
    return {
      renews,
      renewsAt: renews ? sub.currentPeriodEnd : null,
      method: renews ? sub.method : null,
      priceOre: renews ? sub.priceOre : null,
      view: {
        method: sub.method,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        // A stopped Vipps agreement cannot be started again (docs/decisions.md "Memberships").
        canResume: sub.cancelAtPeriodEnd && running && sub.method === 'card',
        graceEndsAt: sub.graceEndsAt ? sub.graceEndsAt.toISOString() : null,
        canChangeCard: sub.method === 'card' && !!sub.providerCustomerId && this.stripe !== null,
      },
    };
  }

  /** Members whose renewal failed and whose grace still runs at `now` (their access is not ended). */
  async inGrace(userId: number, now: Date): Promise<boolean> {
    return this.subs.exists({ where: { userId, status: 'past_due', graceEndsAt: MoreThan(now) } });
  }

  /**
   * «Si opp»: no more renewals; the paid period runs to its end. Stripe is told first
   * (`cancel_at_period_end`); nothing changes here when it cannot be reached.
   */
  async cancel(userId: number, productId: string): Promise<Subscription> {
    const sub = await this.current(userId, productId);
    if (!sub || sub.cancelAtPeriodEnd) throw conflict(MSG.renewalNotRenewing);
    await this.tellStripe(sub, true);
    await this.tellVipps(sub);
    await this.subs.update({ id: sub.id }, { cancelAtPeriodEnd: true, nextChargeId: null, updatedAt: this.clock.now() });
    return { ...sub, cancelAtPeriodEnd: true, nextChargeId: null };
  }

  /** «Slå på fornyelse igjen», while the period runs. */
  async resume(userId: number, productId: string): Promise<Subscription> {
    const sub = await this.current(userId, productId);
    const now = this.clock.now();
    if (!sub || !sub.cancelAtPeriodEnd || !sub.currentPeriodEnd || sub.currentPeriodEnd.getTime() <= now.getTime())
      throw conflict(MSG.renewalNotCancelled);
    if (sub.method === 'vipps') throw conflict(MSG.renewalVippsStopped);
    await this.tellStripe(sub, false);
    await this.subs.update({ id: sub.id }, { cancelAtPeriodEnd: false, updatedAt: now });
    return { ...sub, cancelAtPeriodEnd: false };
  }

  /** Stripe's customer portal, where a card member changes the card; back to `returnUrl`. */
  async portalUrl(userId: number, productId: string, returnUrl: string): Promise<string> {
    const sub = await this.current(userId, productId);
    if (!sub || sub.method !== 'card' || !sub.providerCustomerId) throw conflict(MSG.renewalNoCard);
    const stripe = this.need();
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer: sub.providerCustomerId,
        return_url: returnUrl,
        locale: 'nb',
      });
      return session.url;
    } catch (err) {
      this.providerFailed(err, sub, 'Stripe customer portal session failed');
    }
  }

  /**
   * Subscriptions whose grace ran out without a paid charge: they end (Stripe stops trying), and the
   * membership round then ends the access. Answers how many ended.
   */
  async endLapsed(now: Date): Promise<number> {
    const lapsed = await this.subs.find({ where: { status: 'past_due', graceEndsAt: LessThanOrEqual(now) }, take: 200 });
    let ended = 0;
    for (const sub of lapsed) {
      const res = await this.subs.update(
        { id: sub.id, status: 'past_due' },
        { status: 'ended', endedAt: now, graceEndsAt: null, updatedAt: now },
      );
      if (res.affected !== 1) continue;
      ended++;
      await this.stops.stop(sub, 'lapsed');
    }
    if (ended) this.logger.log({ ended }, 'Subscriptions ended after their grace');
    return ended;
  }

  /**
   * A membership payment refunded in full (the one refund path, in its transaction): that period's
   * grant is revoked by the refund, and renewal stops here. Answers the subscriptions to end at their
   * provider after commit ({@link stopAtProvider}), so nothing is charged again.
   */
  async endForRefund(m: EntityManager, order: Order): Promise<Subscription[]> {
    if (!order.userId || !(order.courseId in MEMBERSHIP_MONTHS)) return [];
    const live = await m.find(Subscription, { where: { userId: order.userId, productId: order.courseId, status: In(LIVE) } });
    const now = this.clock.now();
    for (const sub of live)
      await m.update(
        Subscription,
        { id: sub.id },
        { status: 'ended', endedAt: now, graceEndsAt: null, cancelAtPeriodEnd: true, updatedAt: now },
      );
    return live.filter((s) => s.providerSubscriptionId);
  }

  /** Ends these subscriptions at their provider now (after a refund; SubscriptionStops). */
  async stopAtProvider(subs: Subscription[]): Promise<void> {
    for (const sub of subs) await this.stops.stop(sub, 'refunded');
  }

  private async tellStripe(sub: Subscription, cancel: boolean): Promise<void> {
    if (sub.method !== 'card') return;
    if (!sub.providerSubscriptionId) throw unavailable(MSG.providerCheckFailed);
    const stripe = this.need();
    try {
      await stripe.subscriptions.update(
        sub.providerSubscriptionId,
        { cancel_at_period_end: cancel },
        { idempotencyKey: `subscription-${sub.id}-${cancel ? 'cancel' : 'resume'}-${this.clock.now().getTime()}` },
      );
    } catch (err) {
      this.providerFailed(err, sub, 'Stripe subscription update failed');
    }
  }

  /** «Si opp» for a Vipps member: the agreement is stopped (and the coming charge cancelled) first. */
  private async tellVipps(sub: Subscription): Promise<void> {
    if (sub.method !== 'vipps') return;
    if (!sub.providerSubscriptionId || !this.vipps.configured) throw unavailable(MSG.providerCheckFailed);
    try {
      await this.vipps.stop(sub);
    } catch (err) {
      this.providerFailed(err, sub, 'Vipps agreement not stopped');
    }
  }

  private providerFailed(err: unknown, sub: Subscription, msg: string): never {
    const e = err as { type?: string; statusCode?: number; message?: string };
    this.logger.error({ subscriptionId: sub.id, type: e.type, statusCode: e.statusCode, msg: e.message }, msg);
    throw unavailable(MSG.refundProviderDown);
  }

  private need(): Stripe {
    if (!this.stripe) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    return this.stripe;
  }

  /** Rows that still renew (the panel and the reminder). */
  renewing(productIds: string[]): Promise<Subscription[]> {
    return this.subs.find({
      where: { productId: In(productIds), status: In(LIVE), cancelAtPeriodEnd: false, userId: Not(IsNull()) },
    });
  }
}
