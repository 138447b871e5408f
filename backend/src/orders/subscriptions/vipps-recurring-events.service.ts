import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import type { PaymentReviewReason } from '@academy/contracts';
import { EventBus } from '../../platform/events';
import { addCalendarMonths } from '../../platform/time/calendar-period';
import { Clock } from '../../platform/time/clock';
import { Order } from '../entities/order.entity';
import { Subscription } from '../entities/subscription.entity';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment.service';
import type { Once, SubscriptionEventAnswer } from './stripe-subscription-events.service';
import { PaymentReviewsService, RENEWAL_CURRENCY } from './payment-reviews.service';
import { RenewalOrdersService } from './renewal-orders.service';
import { graceEnd } from './subscriptions.service';
import { VippsRecurringAgreements } from './vipps-recurring-agreements.service';

/** The Recurring events the site registers for (Vipps' Webhooks API, event types of the Recurring API). */
export const VIPPS_RECURRING_WEBHOOK_EVENTS = [
  'recurring.agreement-activated.v1',
  'recurring.agreement-stopped.v1',
  'recurring.agreement-expired.v1',
  'recurring.charge-captured.v1',
  'recurring.charge-failed.v1',
  'recurring.charge-canceled.v1',
] as const;

/** A Recurring webhook body, the fields the site reads. */
export interface RecurringEvent {
  msn?: string;
  eventType: string;
  agreementId: string;
  chargeId?: string | null;
  amount?: number | null;
  /** The charge's currency (newer events carry it): NOK is the only one agreed. */
  currency?: string | null;
  occurred?: string;
}

/** A Recurring body: its event type, agreement and (for charge events) charge. */
export function isRecurringEvent(b: unknown): b is RecurringEvent {
  const e = b as Partial<RecurringEvent> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    typeof e.eventType === 'string' &&
    e.eventType.startsWith('recurring.') &&
    typeof e.agreementId === 'string' &&
    (e.chargeId === undefined || e.chargeId === null || typeof e.chargeId === 'string')
  );
}

/** One row per event: its type, agreement, charge and time (Vipps sends no event id). */
export function recurringEventId(e: RecurringEvent): string {
  return `vipps:${e.agreementId}:${e.eventType}:${e.chargeId ?? '-'}:${e.occurred ?? ''}`.slice(0, 255);
}

/**
 * Vipps Recurring's events for memberships that renew by Vipps (docs/decisions.md "Memberships"),
 * each once per event:
 * - a charge captured: the first period's (the initial charge, whose id is the order's reference)
 *   pays its order through the one fulfilment, as the success page does; a renewal's is an order of
 *   its own (one per charge), which extends the membership from the running period's end and issues its receipt;
 * - a renewal's charge failed (Vipps' retryDays are over): a grace of 7 days and a mail, as for a card;
 * - a charge cancelled: no charge is pending any more;
 * - the agreement stopped (by the member in the app, or by Vipps) or expired: honoured like «Si opp»,
 *   the coming charge is cancelled and the paid period runs to its end; a first checkout never
 *   approved ends its order.
 */
@Injectable()
export class VippsRecurringEvents {
  private readonly logger = new Logger('VippsRecurring');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly fulfilment: FulfilmentService,
    private readonly renewals: RenewalOrdersService,
    private readonly reviews: PaymentReviewsService,
    private readonly events: EventBus,
    private readonly agreements: VippsRecurringAgreements,
    private readonly clock: Clock,
  ) {}

  async handle(e: RecurringEvent, once: Once): Promise<SubscriptionEventAnswer> {
    const sub = await this.ds.getRepository(Subscription).findOneBy({ providerSubscriptionId: e.agreementId, method: 'vipps' });
    if (!sub) return this.ignore(once);
    switch (e.eventType) {
      case 'recurring.charge-captured.v1':
        return this.captured(sub, e, once);
      case 'recurring.charge-failed.v1':
        return this.failed(sub, e, once);
      case 'recurring.charge-canceled.v1':
        return this.done(
          await once(async (m) => {
            if (e.chargeId) await m.update(Subscription, { id: sub.id, nextChargeId: e.chargeId }, { nextChargeId: null });
          }),
        );
      case 'recurring.agreement-stopped.v1':
      case 'recurring.agreement-expired.v1':
        return this.stopped(sub, once);
      default:
        return this.ignore(once);
    }
  }

  private done(r: { duplicate: boolean }): SubscriptionEventAnswer {
    return r.duplicate ? { duplicate: true } : {};
  }

  private async ignore(once: Once): Promise<SubscriptionEventAnswer> {
    const r = await once(async () => undefined);
    return { ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
  }

  private async captured(sub: Subscription, e: RecurringEvent, once: Once): Promise<SubscriptionEventAnswer> {
    const first = await this.ds.getRepository(Order).findOneByOrFail({ id: sub.orderId });
    if (!e.chargeId) return this.ignore(once);
    const amount = typeof e.amount === 'number' && Number.isInteger(e.amount) ? e.amount : null;
    const currency = typeof e.currency === 'string' && e.currency ? e.currency.toUpperCase() : RENEWAL_CURRENCY;
    if (e.chargeId === first.providerReference) {
      // The initial charge (DIRECT_CAPTURE): the first period's order is paid, as on the success page.
      if ((amount !== null && amount !== first.amountOre) || currency !== RENEWAL_CURRENCY)
        return this.review(once, e, 'amount_mismatch', { ...sub, priceOre: first.amountOre }, amount, currency);
      const user = await this.fulfilment.buyerFor(first);
      const r = await once(async (m) => {
        await m.update(Order, { id: first.id, capturedAt: IsNull() }, { capturedAt: this.clock.now() });
        return this.fulfilment.applyPaid(m, first.id, user, null);
      });
      if (r.duplicate) return { duplicate: true };
      await this.fulfilment.afterCommit(r.value);
      return {};
    }
    // Only a charge the shop created for this agreement renews (the coming renewal's, or one that
    // already has its order: a repeated event), and only at the agreed price.
    const ours =
      e.chargeId === sub.nextChargeId ||
      (await this.ds.getRepository(Order).exists({ where: { providerReference: e.chargeId, provider: 'vipps' } }));
    if (!ours) return this.review(once, e, 'unknown_charge', sub, amount, currency);
    if (amount !== sub.priceOre || currency !== RENEWAL_CURRENCY)
      return this.review(once, e, 'amount_mismatch', sub, amount, currency);
    return this.renewed(sub, first, e.chargeId, amount, once);
  }

  /** Records a captured charge that renews nothing, for the mentor's work queue (once per charge). */
  private async review(
    once: Once,
    e: RecurringEvent,
    reason: PaymentReviewReason,
    sub: Subscription,
    amount: number | null,
    currency: string,
  ): Promise<SubscriptionEventAnswer> {
    const r = await once((m) =>
      this.reviews.record(m, {
        provider: 'vipps',
        reference: e.chargeId!,
        reason,
        providerSubscriptionId: e.agreementId,
        sub,
        amountOre: amount,
        currency,
      }),
    );
    return { ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
  }

  /** A renewal's charge was captured: its order, the next 12 months and the receipt, once per charge. */
  private async renewed(sub: Subscription, first: Order, chargeId: string, amountOre: number, once: Once) {
    const basis = await this.renewals.basis(sub, first);
    if (!basis) return this.ignore(once);
    const now = this.clock.now();
    const r = await once(async (m): Promise<FulfilmentResult | null> => {
      const paid = await this.renewals.pay(
        m,
        sub,
        first,
        basis,
        {
          reference: chargeId,
          amountOre,
          currency: 'NOK',
          paymentMethod: 'vipps',
          provider: 'vipps',
          capturedAt: now,
          paymentIntentId: null,
        },
        now,
      );
      if (!paid) return null;
      await m.update(
        Subscription,
        { id: sub.id },
        {
          status: 'active',
          failedAttempts: 0,
          graceEndsAt: null,
          nextChargeId: null,
          currentPeriodEnd: addCalendarMonths(sub.currentPeriodEnd ?? now, basis.months),
          updatedAt: now,
        },
      );
      return paid;
    });
    if (r.duplicate || !r.value) return { duplicate: true };
    await this.fulfilment.afterCommit(r.value);
    this.logger.log({ subscriptionId: sub.id, orderId: r.value.order.id, amountOre }, 'Membership renewed by Vipps');
    return {};
  }

  private async failed(sub: Subscription, e: RecurringEvent, once: Once): Promise<SubscriptionEventAnswer> {
    if (sub.status === 'pending') {
      // The first period's charge failed: the checkout ends, as a payment that did not go through.
      return this.done(
        await once(async (m) => {
          await m.update(Order, { id: sub.orderId, status: 'pending' }, { status: 'expired', updatedAt: this.clock.now() });
        }),
      );
    }
    if (!sub.userId || !['active', 'past_due'].includes(sub.status)) return this.ignore(once);
    const userId = sub.userId;
    const now = this.clock.now();
    const r = await once(async (m) => {
      const fresh = await m.findOneByOrFail(Subscription, { id: sub.id });
      const graceEndsAt = fresh.graceEndsAt ?? graceEnd(now);
      await m.update(
        Subscription,
        { id: sub.id },
        { status: 'past_due', failedAttempts: fresh.failedAttempts + 1, graceEndsAt, nextChargeId: null, updatedAt: now },
      );
      await this.events.emitInTransaction(
        'membership.renewalFailed',
        { subscriptionId: sub.id, userId, productId: sub.productId, chargeId: e.chargeId ?? e.agreementId, graceEndsAt },
        m,
      );
    });
    return this.done(r);
  }

  private async stopped(sub: Subscription, once: Once): Promise<SubscriptionEventAnswer> {
    const now = this.clock.now();
    const pendingCharge = sub.nextChargeId;
    const r = await once(async (m) => {
      if (sub.status === 'pending') {
        await m.update(Order, { id: sub.orderId, status: 'pending' }, { status: 'expired', updatedAt: now });
        await m.update(Subscription, { id: sub.id, status: 'pending' }, { status: 'ended', endedAt: now, updatedAt: now });
        return;
      }
      const res = await m.update(
        Subscription,
        { id: sub.id, status: In(['active', 'past_due']), cancelAtPeriodEnd: false },
        { cancelAtPeriodEnd: true, nextChargeId: null, updatedAt: now },
      );
      // Stopped in the app (not by «Si opp» here, which set cancelAtPeriodEnd first): the member's confirmation.
      if (res.affected === 1 && sub.userId)
        await this.events.emitInTransaction(
          'membership.renewalStopped',
          { subscriptionId: sub.id, userId: sub.userId, productId: sub.productId },
          m,
        );
    });
    if (r.duplicate) return { duplicate: true };
    // Charges not yet taken are cancelled (Vipps cancels them with the agreement too; this makes sure).
    if (pendingCharge && sub.providerSubscriptionId)
      await this.agreements
        .cancelCharge(sub.providerSubscriptionId, pendingCharge)
        .catch((err: Error) =>
          this.logger.warn(
            { subscriptionId: sub.id, msg: err.message },
            'Vipps charge not cancelled after the agreement stopped',
          ),
        );
    this.logger.log({ subscriptionId: sub.id }, 'Vipps agreement stopped by the member or Vipps; renewal ends');
    return {};
  }
}
