import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { membershipMonths } from '@academy/contracts';
import { GrantPeriodsService } from '../../access/grant-periods.service';
import { GrantsService } from '../../access/grants.service';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { addCalendarMonths } from '../../platform/time/calendar-period';
import { Order } from '../entities/order.entity';
import type { Subscription } from '../entities/subscription.entity';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment.service';

/** Who a renewal is for, and the period it starts from (read before the event's transaction). */
export interface RenewalBasis {
  user: User;
  months: number;
  /** The running period's end (ms): paid in the grace, the new period still starts there. */
  runningEnd: number | null;
}

/** A renewal's payment, as the provider reported it. */
export interface RenewalPayment {
  /** The provider's id of the payment (Stripe's invoice, Vipps' charge): one order per reference. */
  reference: string;
  amountOre: number;
  currency: string;
  paymentMethod: 'card' | 'vipps';
  provider: 'stripe' | 'vipps';
  capturedAt: Date | null;
  /** Stripe's payment intent, for refunds. */
  paymentIntentId: string | null;
}

/**
 * A renewal of a membership, whichever provider charged it (docs/decisions.md "Automatic renewal"):
 * an order of its own, made from the first period's order, paid through the one fulfilment (which
 * extends the membership and issues the receipt); a period that has already ended starts again at
 * its old end, so a renewal paid in the grace loses the member no days and gives none twice.
 */
@Injectable()
export class RenewalOrdersService {
  constructor(
    private readonly users: UserReader,
    private readonly fulfilment: FulfilmentService,
    private readonly periods: GrantPeriodsService,
    private readonly grants: GrantsService,
  ) {}

  /** The member of a subscription and the running period, or null when the account is gone. */
  async basis(sub: Subscription, first: Order): Promise<RenewalBasis | null> {
    if (!sub.userId) return null;
    const member = await this.users.findById(sub.userId);
    if (!member) return null;
    const user = await this.fulfilment.buyerFor({ ...first, email: member.email } as Order);
    const ends = (await this.periods.activeMembershipGrants(user.id, sub.productId)).map((g) =>
      new Date(g.accessEndsAt!).getTime(),
    );
    return { user, months: membershipMonths(sub.productId) ?? 12, runningEnd: ends.length ? Math.max(...ends) : null };
  }

  /** In the event's transaction: the renewal's order, paid; null when that payment already has its order. */
  async pay(
    m: EntityManager,
    sub: Subscription,
    first: Order,
    basis: RenewalBasis,
    payment: RenewalPayment,
    now: Date,
  ): Promise<FulfilmentResult | null> {
    if (await m.exists(Order, { where: { providerReference: payment.reference } })) return null;
    const { user, months, runningEnd } = basis;
    const order = await m.save(
      m.create(Order, {
        userId: user.id,
        email: user.email,
        firstName: first.firstName,
        lastName: first.lastName,
        courseId: sub.productId,
        amountOre: payment.amountOre,
        currency: payment.currency,
        paymentMethod: payment.paymentMethod,
        provider: payment.provider,
        status: 'pending',
        providerReference: payment.reference,
        stripePaymentIntentId: null,
        capturedAt: payment.capturedAt,
        refundedOre: 0,
        termsAcceptedAt: first.termsAcceptedAt,
        riskAcceptedAt: first.riskAcceptedAt,
        riskTextVersion: first.riskTextVersion,
        attribution: first.attribution,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        anonymisedAt: null,
        buyerSignedInAt: null,
        expiresAt: null,
      }),
    );
    const paid = await this.fulfilment.applyPaid(m, order.id, user, payment.paymentIntentId);
    if (runningEnd !== null && runningEnd < now.getTime() && paid.order.status === 'paid') {
      const { grant } = await this.grants.grant(
        { userId: user.id, courseId: sub.productId, source: 'purchase', orderId: order.id },
        m,
      );
      await this.grants.setAccessEnd(grant.id, addCalendarMonths(new Date(runningEnd), months), m);
    }
    return paid;
  }
}
