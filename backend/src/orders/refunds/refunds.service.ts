import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MSG } from '@academy/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { Order } from '../entities/order.entity';
import { creditTies, lockOrder, type CreditTie } from '../pricing/upgrade-credit';
import { REFUNDABLE, RefundLedger, type RefundOptions, type RefundResult } from './refund-ledger.service';
import { StripeRefundsService } from './stripe-refunds.service';
import { VippsRefundsService } from './vipps-refunds.service';

export type { RecordedRefunds, RefundOptions, RefundResult } from './refund-ledger.service';

export interface RefundInput {
  /** Øre; the whole remaining amount when left out. */
  amount?: number;
  reason: string;
  /**
   * The order's money is the credit of a paid upgrade: refund that upgrade in full first, then this
   * order in full (both courses end). Without it such an order refunds at most what is not tied up.
   */
  withUpgrade?: boolean;
}

/**
 * Refunds from the admin panel (and of payments refused when they landed): what may be refunded is
 * checked here, the money is returned by the order's provider (StripeRefundsService,
 * VippsRefundsService; a demo order needs none) and booked by the RefundLedger, which also records
 * what Stripe's dashboard refunded (`charge.refunded`).
 */
@Injectable()
export class RefundsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: RefundLedger,
    private readonly stripeRefunds: StripeRefundsService,
    private readonly vippsRefunds: VippsRefundsService,
  ) {}

  /**
   * Refunds an order in full or in part. Stripe first (with an Idempotency-Key); nothing is written
   * when Stripe refuses or cannot be reached. Demo orders are refunded without Stripe.
   */
  async refund(
    orderId: number,
    input: RefundInput,
    actorId: number | null = null,
    opts: RefundOptions = {},
  ): Promise<RefundResult> {
    const order = Number.isSafeInteger(orderId) ? await this.ds.getRepository(Order).findOneBy({ id: orderId }) : null;
    if (!order) throw notFound(MSG.orderNotFound);
    if (!REFUNDABLE.includes(order.status)) throw badRequest(MSG.refundNotAllowed);
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reason) throw new AppError(400, 'VALIDATION_FAILED', MSG.refundReasonRequired);
    if (reason.length > 500) throw new AppError(400, 'VALIDATION_FAILED', MSG.refundReasonTooLong);
    // Money serving as the credit of a paid upgrade stays with the upgrade, unless both are refunded.
    const tie = opts.refusal ? undefined : (await creditTies(this.ds.manager, [order.id])).get(order.id);
    if (tie && input.withUpgrade) return this.refundWithUpgrade(order, tie, input.amount, reason, actorId);
    /**
     * What may be refunded, checked again in the refund's transaction after locking the order's row
     * (its first statement, so what it reads next is what was committed before the lock was had): the
     * payment of an upgrade priced with this order's money takes the same lock, so the two never
     * pass each other — the refund sees the credit tied, or the payment sees the refund.
     */
    const check = async (m: EntityManager): Promise<number> => {
      const cur = (await lockOrder(m, order.id)) ?? order;
      if (!REFUNDABLE.includes(cur.status)) throw badRequest(MSG.refundNotAllowed);
      const remaining = cur.amountOre - cur.refundedOre;
      const tied = opts.refusal ? undefined : (await creditTies(m, [cur.id])).get(cur.id);
      if (tied) {
        const alone = Math.max(0, remaining - tied.tiedOre);
        if (input.amount === undefined || input.amount > alone)
          throw new AppError(400, 'VALIDATION_FAILED', MSG.refundCreditTied(alone, tied.tiedOre, tied.upgradeOrderId));
      }
      const amount = input.amount ?? remaining;
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > remaining)
        throw new AppError(400, 'VALIDATION_FAILED', MSG.refundAmount(remaining));
      return amount;
    };

    if (order.provider === 'demo') {
      const rec = await this.ds.transaction(async (m) => {
        const amount = await check(m);
        const r = await this.ledger.record(
          m,
          order.id,
          { amountOre: amount, stripeRefundId: null, reason, status: 'succeeded', createdBy: actorId },
          true,
        );
        if (r) await this.ledger.inTransaction(m, r, opts);
        return r;
      });
      if (!rec) throw conflict(MSG.refundConflict);
      await this.ledger.afterCommit(rec, opts);
      return { order: rec.order, refund: rec.created[0] };
    }

    // Vipps records its refunds in transactions of its own: checked (and locked) before, not during.
    if (order.provider === 'vipps')
      return this.vippsRefunds.refund(order, await this.ds.transaction(check), reason, actorId, opts);

    return this.stripeRefunds.refund(order, check, reason, actorId, opts);
  }

  /**
   * An order whose money is the credit of a paid upgrade, refunded together with it: the upgrade in
   * full first (its course ends; should this fail, nothing is refunded), then this order in full. A
   * failure in between leaves the upgrade refunded and this order free of it: refunding it again
   * refunds it in full.
   */
  private async refundWithUpgrade(
    order: Order,
    tie: CreditTie,
    amount: number | undefined,
    reason: string,
    actorId: number | null,
  ): Promise<RefundResult> {
    if (amount !== undefined && amount !== order.amountOre - order.refundedOre)
      throw new AppError(400, 'VALIDATION_FAILED', MSG.refundWithUpgradeWhole);
    let linked: RefundResult | undefined;
    for (let next: CreditTie | undefined = tie, i = 0; next && i < 5; i++) {
      linked = await this.refund(next.upgradeOrderId, { reason }, actorId);
      next = (await creditTies(this.ds.manager, [order.id])).get(order.id);
    }
    const own = await this.refund(order.id, { reason }, actorId);
    return { ...own, linked };
  }
}
