import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { MSG } from '@academy/contracts';
import { AppError, badRequest, conflict, unavailable } from '../../platform/errors/app-error';
import { Order } from '../entities/order.entity';
import { Refund } from '../entities/refund.entity';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { RefundLedger, type RecordInput, type RefundOptions, type RefundResult } from './refund-ledger.service';

/** Refunds of card and Klarna payments through Stripe (POST /v1/refunds, with an Idempotency-Key). */
@Injectable()
export class StripeRefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly ledger: RefundLedger,
  ) {}

  /**
   * Refunds what `check` allows (it locks the order's row and answers the amount). Stripe is asked
   * while the row is locked: nothing is written when it refuses (the transaction rolls back), and a
   * payment of an upgrade priced with this money waits meanwhile.
   */
  async refund(
    order: Order,
    check: (m: EntityManager) => Promise<number>,
    reason: string,
    actorId: number | null,
    opts: RefundOptions,
  ): Promise<RefundResult> {
    const stripe = this.stripe;
    if (!stripe) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    const intent = order.stripePaymentIntentId;
    if (!intent) throw badRequest(MSG.refundMissingReference, 'PAYMENT_PROVIDER_ERROR');
    const rec = await this.ds.transaction(async (m) => {
      const amount = await check(m);
      const sr = await this.stripeRefund(stripe, order, intent, amount);
      const input: RecordInput = {
        amountOre: sr.amount,
        stripeRefundId: sr.id,
        reason,
        status: sr.status ?? 'succeeded',
        createdBy: actorId,
      };
      const r = await this.ledger.record(m, order.id, input, false);
      if (r) await this.ledger.inTransaction(m, r, opts);
      return r ? { r, sr } : null;
    });
    if (!rec) throw conflict(MSG.refundConflict);
    await this.ledger.afterCommit(rec.r, opts);
    const refund = rec.r.created[0] ?? (await this.ds.getRepository(Refund).findOneByOrFail({ stripeRefundId: rec.sr.id }));
    return { order: rec.r.order, refund };
  }

  /** Stripe's refund of `amount` (with an Idempotency-Key); an AppError when Stripe refuses or cannot be reached. */
  private async stripeRefund(stripe: Stripe, order: Order, intent: string, amount: number): Promise<Stripe.Refund> {
    let sr: Stripe.Refund;
    try {
      sr = await stripe.refunds.create(
        {
          payment_intent: intent,
          amount,
          reason: 'requested_by_customer',
          metadata: { orderId: String(order.id) },
        },
        // Same order state and amount → same key: a double click cannot refund twice.
        { idempotencyKey: `refund-${order.id}-${order.createdAt.getTime()}-${order.refundedOre}-${amount}` },
      );
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.warn(
        { orderId: order.id, type: e.type, statusCode: e.statusCode, msg: e.message },
        'Stripe refused the refund',
      );
      const rejected = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500;
      throw rejected
        ? new AppError(HttpStatus.BAD_REQUEST, 'PAYMENT_PROVIDER_ERROR', MSG.refundRejected)
        : new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundProviderDown);
    }
    if (sr.status === 'failed' || sr.status === 'canceled') {
      this.logger.warn({ orderId: order.id, refundId: sr.id, status: sr.status }, 'Stripe refund failed');
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundRejected);
    }
    return sr;
  }
}
