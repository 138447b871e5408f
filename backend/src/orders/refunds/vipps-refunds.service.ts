import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG } from '@academy/contracts';
import { AppError, badRequest, conflict, unavailable } from '../../platform/errors/app-error';
import { Order } from '../entities/order.entity';
import { Refund } from '../entities/refund.entity';
import { VIPPS_API, VippsApiError, type VippsApi } from '../vipps/vipps-api';
import { VippsPaymentsService } from '../vipps/vipps-payments.service';
import { VippsRecurringCharges } from '../subscriptions/vipps-recurring-charges.service';
import { RefundLedger, type RefundOptions, type RefundResult } from './refund-ledger.service';

/**
 * Our Idempotency-Key of a Vipps refund: the order, its state (what it has refunded so far) and the
 * amount. The same refund asked again (a double click, a retry after a lost answer) has the same key,
 * so Vipps answers the first one again; the next partial refund has a new key.
 */
export function vippsRefundKey(order: Pick<Order, 'id' | 'createdAt' | 'refundedOre'>, amount: number): string {
  return `refund-${order.id}-${order.createdAt.getTime()}-${order.refundedOre}-${amount}`;
}

/** Refunds of Vipps MobilePay payments through the ePayment API. */
@Injectable()
export class VippsRefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(VIPPS_API) private readonly vippsApi: VippsApi | null,
    private readonly vipps: VippsPaymentsService,
    private readonly charges: VippsRecurringCharges,
    private readonly ledger: RefundLedger,
  ) {}

  /**
   * A Vipps payment is refunded through the ePayment API (POST …/refund), after its capture (tried now
   * if it failed before). The Idempotency-Key is ours, made from the order's state and the amount (a
   * double click or a retry is the same refund at Vipps), and the refund is recorded under that key:
   * Vipps' answer repeats the payment's own pspReference for every refund, so it cannot tell two
   * refunds apart. What the order has refunded in all is what Vipps' answer says
   * (`aggregate.refundedAmount`): anything refunded beyond our records (in Vipps' portal) is recorded too.
   */
  async refund(order: Order, amount: number, reason: string, actorId: number | null, opts: RefundOptions): Promise<RefundResult> {
    if (!this.vippsApi) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    if (!order.providerReference) throw badRequest(MSG.refundMissingReference, 'PAYMENT_PROVIDER_ERROR');
    const idempotencyKey = vippsRefundKey(order, amount);
    // A renewing membership's payment is a Recurring charge: refunded through the Recurring API.
    const charge = await this.charges.chargeOf(order);
    if (!charge && !(await this.vipps.capture(order)))
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundNotCaptured);
    let res: Partial<Awaited<ReturnType<VippsApi['refund']>>>;
    try {
      if (charge) {
        await this.charges.refund(charge, amount, idempotencyKey);
        res = {};
      } else
        res = await this.vippsApi.refund(
          order.providerReference,
          { modificationAmount: { currency: 'NOK', value: amount } },
          idempotencyKey,
        );
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.warn({ orderId: order.id, status: e.status, problem: e.problem }, 'Vipps refused the refund');
      throw e instanceof VippsApiError && e.rejected
        ? new AppError(HttpStatus.BAD_REQUEST, 'PAYMENT_PROVIDER_ERROR', MSG.refundRejected)
        : new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundProviderDown);
    }
    const refundId = `vipps:${idempotencyKey}`;
    const refundedAtVipps = res.aggregate?.refundedAmount?.value;
    const rec = await this.ds.transaction(async (m) => {
      const r = await this.ledger.record(
        m,
        order.id,
        { amountOre: amount, stripeRefundId: refundId, reason, status: 'succeeded', createdBy: actorId },
        false,
      );
      if (!r) return null;
      // Vipps' own total: what was refunded there beyond our rows (its portal) is recorded as well.
      const missing =
        typeof refundedAtVipps === 'number' ? Math.min(refundedAtVipps, r.order.amountOre) - r.order.refundedOre : 0;
      if (missing > 0) {
        const more = await this.ledger.record(
          m,
          order.id,
          { amountOre: missing, stripeRefundId: null, reason: MSG.refundedInVipps, status: 'succeeded', createdBy: null },
          false,
        );
        if (more)
          Object.assign(r, {
            order: more.order,
            created: [...r.created, ...more.created],
            becameFull: r.becameFull || more.becameFull,
          });
      }
      await this.ledger.inTransaction(m, r, opts);
      return r;
    });
    if (!rec) throw conflict(MSG.refundConflict);
    await this.ledger.afterCommit(rec, opts);
    const refund = rec.created[0] ?? (await this.ds.getRepository(Refund).findOneByOrFail({ stripeRefundId: refundId }));
    return { order: rec.order, refund };
  }
}
