import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { MSG, type CheckoutEndReason, type CheckoutStatusResponse } from '@academy/contracts';
import type { SessionClient, StartedSession, WithSession } from '../../identity/auth.types';
import { SessionsService } from '../../identity/sessions.service';
import { UserReader } from '../../identity/user-reader.service';
import { AppError, notFound, unavailable } from '../../platform/errors/app-error';
import { Order } from '../entities/order.entity';
import { Subscription } from '../entities/subscription.entity';
import { VippsRecurringAgreements } from '../subscriptions/vipps-recurring-agreements.service';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment.service';
import { StripeCheckoutService } from '../stripe/stripe-checkout.service';
import type { VippsApiError } from '../vipps/vipps-api';
import { VippsPaymentsService } from '../vipps/vipps-payments.service';

/** A new buyer may be signed in by the success page this long after paying. */
const SIGN_IN_WINDOW_MS = 24 * 3600_000;
const REFERENCE_RE = /^((cs|demo)_[A-Za-z0-9_]{1,250}|vipps-[a-f0-9]{32})$/;

export type CheckoutStatus = CheckoutStatusResponse & { signedIn: boolean };

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
 * The success page: the order's state, re-read from its provider while it is pending (and fulfilled
 * when the provider says it is paid), and the new passwordless buyer signed in once per order.
 */
@Injectable()
export class CheckoutStatusService {
  private readonly logger = new Logger('Checkout');

  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly users: UserReader,
    private readonly sessions: SessionsService,
    private readonly fulfilment: FulfilmentService,
    private readonly stripe: StripeCheckoutService,
    private readonly vipps: VippsPaymentsService,
    private readonly agreements: VippsRecurringAgreements,
  ) {}

  /** The order behind a payment reference (a Stripe session id, a Vipps reference or a demo id). */
  async status(reference: string, client: SessionClient): Promise<WithSession<CheckoutStatus>> {
    if (!REFERENCE_RE.test(reference)) throw notFound(MSG.sessionNotFound);
    const repo = this.orders;
    let order = await repo.findOneBy({ providerReference: reference });
    if (!order) throw notFound(MSG.sessionNotFound);
    let result: FulfilmentResult | null = null;

    const agreement = order.status === 'pending' && order.provider === 'vipps' ? await this.agreementOf(order) : null;
    if (agreement) {
      const outcome = await this.agreementOutcome(agreement, order);
      if (outcome === 'paid') {
        // The initial charge is DIRECT_CAPTURE: captured when charged (no ePayment capture follows).
        await repo.update({ id: order.id, capturedAt: IsNull() }, { capturedAt: new Date() });
        result = await this.fulfilment.fulfil(order, null);
        order = result.order;
      } else if (outcome === 'closed') {
        await repo.update({ id: order.id, status: 'pending' }, { status: 'expired', updatedAt: new Date() });
        order = await repo.findOneByOrFail({ id: order.id });
      }
    } else if (order.status === 'pending' && order.provider === 'vipps') {
      const outcome = await this.vippsOutcome(order);
      if (outcome === 'authorized') {
        result = await this.fulfilment.fulfil(order, null);
        order = result.order;
      } else if (outcome === 'closed') {
        await repo.update({ id: order.id, status: 'pending' }, { status: 'expired', updatedAt: new Date() });
        order = await repo.findOneByOrFail({ id: order.id });
      }
    } else if (order.status === 'pending') {
      const outcome = await this.stripeOutcome(order);
      if (outcome.state === 'paid') {
        result = await this.fulfilment.fulfil(order, outcome.paymentIntentId);
        order = result.order;
      } else if (outcome.state === 'expired') {
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
    if (order.provider === 'vipps' && !(await this.agreementOf(order))) return this.vipps.endedBy(order);
    if (order.provider === 'vipps') return order.status === 'expired' ? 'aborted' : null;
    return order.status === 'failed' ? 'failed' : order.status === 'expired' ? 'expired' : null;
  }

  /** The state of a Stripe Checkout Session for the success page (paid fulfils, as the webhook does). */
  private async stripeOutcome(order: Order) {
    if (!this.stripe.configured) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    try {
      return await this.stripe.outcome(order);
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.warn(
        { orderId: order.id, type: e.type, statusCode: e.statusCode, msg: e.message },
        'Could not read the Checkout Session',
      );
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.providerCheckFailed);
    }
  }

  /** The Vipps agreement of a renewing membership's first order (null: an ePayment order). */
  private async agreementOf(order: Order): Promise<string | null> {
    const sub = await this.orders.manager.findOneBy(Subscription, { orderId: order.id, method: 'vipps' });
    return sub?.providerSubscriptionId ?? null;
  }

  /** The state of a Vipps agreement's first period for the success page (polled, as Vipps asks). */
  private async agreementOutcome(agreementId: string, order: Order) {
    if (!this.agreements.configured) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    try {
      return await this.agreements.outcome(agreementId, order);
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.warn({ orderId: order.id, status: e.status, msg: e.message }, 'Could not read the Vipps agreement');
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.providerCheckFailed);
    }
  }

  /** The state of a Vipps payment for the success page (AUTHORIZED fulfils, as the webhook does). */
  private async vippsOutcome(order: Order) {
    if (!this.vipps.configured) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    try {
      return await this.vipps.outcome(order);
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.warn({ orderId: order.id, status: e.status, msg: e.message }, 'Could not read the Vipps payment');
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
