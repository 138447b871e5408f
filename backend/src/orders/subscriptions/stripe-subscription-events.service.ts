import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { PaymentReviewReason } from '@academy/contracts';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { EventBus } from '../../platform/events';
import { addCalendarMonths } from '../../platform/time/calendar-period';
import { Clock } from '../../platform/time/clock';
import { Order } from '../entities/order.entity';
import { Subscription } from '../entities/subscription.entity';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment.service';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { PaymentReviewsService, RENEWAL_CURRENCY } from './payment-reviews.service';
import { RenewalOrdersService } from './renewal-orders.service';
import { graceEnd } from './subscriptions.service';

/** Runs effects once per event id, in the transaction that records it (StripeWebhookService.once). */
export type Once = <T>(
  effects: (m: EntityManager) => Promise<T>,
) => Promise<{ duplicate: true } | { duplicate: false; value: T }>;

export interface SubscriptionEventAnswer {
  duplicate?: boolean;
  ignored?: boolean;
}

/** The parts of an invoice this reads, in the shapes of the API versions before and after `parent` (2025-03-31). */
type InvoiceLike = Pick<Stripe.Invoice, 'id' | 'amount_paid' | 'currency' | 'billing_reason' | 'customer'> & {
  parent?: {
    subscription_details?: { subscription?: string | { id: string } | null; metadata?: Record<string, string> | null } | null;
  } | null;
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  payment_intent?: string | { id: string } | null;
  payments?: { data?: Array<{ payment?: { payment_intent?: string | { id: string } | null } | null }> } | null;
  lines?: { data?: Array<{ period?: { end?: number } | null }> } | null;
};

const idOf = (x: string | { id: string } | null | undefined): string | null => (!x ? null : typeof x === 'string' ? x : x.id);

function subscriptionOf(inv: InvoiceLike): string | null {
  return idOf(inv.parent?.subscription_details?.subscription) ?? idOf(inv.subscription);
}

function metadataOf(inv: InvoiceLike): Record<string, string> {
  return inv.parent?.subscription_details?.metadata ?? inv.subscription_details?.metadata ?? {};
}

function paymentIntentOf(inv: InvoiceLike): string | null {
  return idOf(inv.payment_intent) ?? idOf(inv.payments?.data?.find((p) => p.payment?.payment_intent)?.payment?.payment_intent);
}

/**
 * Stripe's subscription events (docs/decisions.md "Memberships"), each once per event id:
 * - `invoice.paid`: the first invoice links the subscription to the order of its first period; a
 *   renewal's is an order of its own (one per invoice: its id is the order's reference), paid through
 *   the one fulfilment, which extends the membership from the running period's end and issues its receipt;
 * - `invoice.payment_failed`: a grace of 7 days (access kept) and a mail with the link to fix the card;
 * - `customer.subscription.updated` / `.deleted`: «Si opp» from Stripe's portal, and the end of renewal.
 */
@Injectable()
export class StripeSubscriptionEvents {
  private readonly logger = new Logger('StripeSubscriptions');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly fulfilment: FulfilmentService,
    private readonly renewals: RenewalOrdersService,
    private readonly reviews: PaymentReviewsService,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  private bySubscription(id: string | null): Promise<Subscription | null> {
    return id ? this.ds.getRepository(Subscription).findOneBy({ providerSubscriptionId: id }) : Promise.resolve(null);
  }

  private async ignore(once: Once): Promise<SubscriptionEventAnswer> {
    const r = await once(async () => undefined);
    return { ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
  }

  async invoicePaid(inv: InvoiceLike, once: Once): Promise<SubscriptionEventAnswer> {
    const subId = subscriptionOf(inv);
    const first = inv.billing_reason === 'subscription_create';
    let sub = await this.bySubscription(subId);
    if (!sub && first) {
      // The first invoice may come before the checkout's event linked the subscription: the row of
      // the order its metadata names, and only one no subscription is linked to yet.
      const orderId = Number(metadataOf(inv).orderId);
      const row = Number.isInteger(orderId)
        ? await this.ds.getRepository(Subscription).findOneBy({ orderId, method: 'card', providerSubscriptionId: IsNull() })
        : null;
      if (row) sub = row;
    }
    const currency = (inv.currency ?? '').toUpperCase();
    if (!sub) {
      // A paid invoice of a subscription the shop never made renews nothing; the mentor decides.
      if (!(inv.amount_paid > 0)) return this.ignore(once);
      return this.review(once, { reason: 'unknown_subscription', sub: null, subId, inv, currency });
    }
    const pi = paymentIntentOf(inv) ?? (await this.paymentIntentFromStripe(inv.id));
    if (first) {
      // The first period's invoice: its order was paid by the checkout; it keeps the payment intent for refunds.
      const r = await once(async (m) => {
        await m
          .createQueryBuilder()
          .update(Order)
          .set({ stripePaymentIntentId: pi })
          .where('id = :id AND stripePaymentIntentId IS NULL', { id: sub.orderId })
          .execute();
        if (subId)
          await m.update(Subscription, { id: sub.id, providerSubscriptionId: IsNull() }, { providerSubscriptionId: subId });
      });
      return r.duplicate ? { duplicate: true } : {};
    }
    if (inv.amount_paid !== sub.priceOre || currency !== RENEWAL_CURRENCY)
      // Not the agreed price (a smaller invoice, another currency): nothing renewed; the mentor decides.
      return this.review(once, { reason: 'amount_mismatch', sub, subId, inv, currency });
    if (!sub.userId) return this.ignore(once);
    const firstOrder = await this.ds.getRepository(Order).findOneByOrFail({ id: sub.orderId });
    const basis = await this.renewals.basis(sub, firstOrder);
    if (!basis) return this.ignore(once);
    const now = this.clock.now();
    const r = await once(async (m): Promise<FulfilmentResult | null> => {
      // One order per invoice: a second event of the same invoice finds it.
      const paid = await this.renewals.pay(
        m,
        sub,
        firstOrder,
        basis,
        {
          reference: inv.id,
          amountOre: inv.amount_paid,
          currency,
          paymentMethod: 'card',
          provider: 'stripe',
          capturedAt: null,
          paymentIntentId: pi,
        },
        now,
      );
      if (!paid) return null;
      const periodEnd = inv.lines?.data?.[0]?.period?.end;
      const next =
        typeof periodEnd === 'number' && periodEnd * 1000 > now.getTime()
          ? new Date(periodEnd * 1000)
          : addCalendarMonths(sub.currentPeriodEnd ?? now, basis.months);
      await m.update(
        Subscription,
        { id: sub.id },
        { status: 'active', failedAttempts: 0, graceEndsAt: null, currentPeriodEnd: next, updatedAt: now },
      );
      return paid;
    });
    if (r.duplicate) return { duplicate: true };
    if (!r.value) return { duplicate: true };
    await this.fulfilment.afterCommit(r.value);
    this.logger.log({ subscriptionId: sub.id, orderId: r.value.order.id, amountOre: inv.amount_paid }, 'Membership renewed');
    return {};
  }

  /** Records a paid invoice that renews nothing, for the mentor's work queue (once per invoice). */
  private async review(
    once: Once,
    x: { reason: PaymentReviewReason; sub: Subscription | null; subId: string | null; inv: InvoiceLike; currency: string },
  ): Promise<SubscriptionEventAnswer> {
    const r = await once((m) =>
      this.reviews.record(m, {
        provider: 'stripe',
        reference: x.inv.id,
        reason: x.reason,
        providerSubscriptionId: x.subId,
        sub: x.sub,
        amountOre: x.inv.amount_paid,
        currency: x.currency,
      }),
    );
    return { ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
  }

  async invoiceFailed(inv: InvoiceLike, once: Once): Promise<SubscriptionEventAnswer> {
    const sub = await this.bySubscription(subscriptionOf(inv));
    if (!sub?.userId || !['active', 'past_due'].includes(sub.status)) return this.ignore(once);
    const userId = sub.userId;
    const now = this.clock.now();
    const r = await once(async (m) => {
      const fresh = await m.findOneByOrFail(Subscription, { id: sub.id });
      const graceEndsAt = fresh.graceEndsAt ?? graceEnd(now);
      await m.update(
        Subscription,
        { id: sub.id },
        { status: 'past_due', failedAttempts: fresh.failedAttempts + 1, graceEndsAt, updatedAt: now },
      );
      await this.events.emitInTransaction(
        'membership.renewalFailed',
        { subscriptionId: sub.id, userId, productId: sub.productId, chargeId: inv.id, graceEndsAt },
        m,
      );
    });
    return r.duplicate ? { duplicate: true } : {};
  }

  /** «Si opp» or «Slå på fornyelse igjen» in Stripe's portal, a status Stripe changed. */
  async subscriptionUpdated(s: Pick<Stripe.Subscription, 'id' | 'cancel_at_period_end' | 'status'>, once: Once) {
    const sub = await this.bySubscription(s.id);
    if (!sub || sub.status === 'ended') return this.ignore(once);
    const r = await once(async (m) => {
      await m.update(Subscription, { id: sub.id }, { cancelAtPeriodEnd: !!s.cancel_at_period_end, updatedAt: this.clock.now() });
    });
    return r.duplicate ? { duplicate: true } : {};
  }

  /** The subscription ended at Stripe: no more renewals; access runs to the paid period's end. */
  async subscriptionDeleted(s: Pick<Stripe.Subscription, 'id'>, once: Once): Promise<SubscriptionEventAnswer> {
    const sub = await this.bySubscription(s.id);
    if (!sub) return this.ignore(once);
    const now = this.clock.now();
    const r = await once(async (m) => {
      await m.update(
        Subscription,
        { id: sub.id, status: In(['pending', 'active', 'past_due']) },
        { status: 'ended', endedAt: now, graceEndsAt: null, updatedAt: now },
      );
    });
    return r.duplicate ? { duplicate: true } : {};
  }

  /** A renewal invoice's payment intent (the refund path needs it), when the event did not carry it. */
  private async paymentIntentFromStripe(invoiceId: string): Promise<string | null> {
    if (!this.stripe) return null;
    try {
      const inv = (await this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] })) as unknown as InvoiceLike;
      return paymentIntentOf(inv);
    } catch (err) {
      const e = err as { statusCode?: number; message?: string };
      this.logger.warn({ invoiceId, statusCode: e.statusCode, msg: e.message }, 'Invoice payment intent not read');
      return null;
    }
  }
}
