import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { membershipMonths } from '@academy/contracts';
import { OrderRecordsService } from '../orders/order-records.service';
import { AuditService } from '../platform/audit/audit.service';
import { OnEvent, type OrderPaid, type OrderRefunded } from '../platform/events';
import { Clock } from '../platform/time/clock';
import { afterRefund, approvalTime, commissionFor, withinGuarantee } from './commission-rules';
import { PartnerCode } from './entities/partner-code.entity';
import { PartnerCommission } from './entities/partner-commission.entity';
import { Partner } from './entities/partner.entity';

/**
 * The commission ledger follows the orders (docs/decisions.md "Partners"), in the payment's and the
 * refund's own transactions, so a commission exists exactly when its payment does.
 */
@Injectable()
export class PartnerCommissionsListeners {
  constructor(
    private readonly orders: OrderRecordsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  @OnEvent('order.paid', { phase: 'in-transaction' })
  async paid(e: OrderPaid, m: EntityManager): Promise<void> {
    const order = await this.orders.findById(e.orderId, m);
    if (!order || order.amountOre <= 0) return;
    // A membership bought again by the same account is a renewal (its first year is the first paid order).
    const first =
      membershipMonths(order.courseId) !== null && order.userId !== null
        ? await this.orders.firstPaidOf(order.userId, order.courseId, m)
        : null;
    const renewal = first !== null && first.id !== order.id;
    let partner: Partner | null = null;
    if (order.campaignCode) {
      const owned = await m.findOneBy(PartnerCode, { code: order.campaignCode });
      if (owned) partner = await m.findOneBy(Partner, { id: owned.partnerId, erasedAt: IsNull() });
    } else if (renewal) {
      const firstYear = await m.findOneBy(PartnerCommission, { orderId: first.id });
      if (firstYear) partner = await m.findOneBy(Partner, { id: firstYear.partnerId, erasedAt: IsNull() });
    }
    if (!partner || (renewal && !partner.includeRenewals)) return;
    const earned = commissionFor(partner, order.amountOre);
    if (earned <= 0) return;
    const now = this.clock.now();
    const row = m.create(PartnerCommission, {
      partnerId: partner.id,
      orderId: order.id,
      courseId: order.courseId,
      code: order.campaignCode,
      kind: renewal ? 'renewal' : 'sale',
      baseOre: order.amountOre,
      earnedOre: earned,
      amountOre: earned,
      status: 'pending',
      approvesAt: approvalTime(now),
      payoutId: null,
      createdAt: now,
      updatedAt: now,
    });
    await m.save(row);
    await this.audit.record(
      m,
      null,
      {
        action: 'partner.commission_earned',
        entity: 'partner',
        entityId: partner.id,
        before: null,
        after: { orderId: order.id, kind: row.kind, baseOre: row.baseOre, amountOre: earned, approvesAt: row.approvesAt },
      },
      now,
    );
  }

  /** Within the guarantee: a full refund voids the commission, a partial one reduces it in proportion. */
  @OnEvent('order.refunded', { phase: 'in-transaction' })
  async refunded(e: OrderRefunded, m: EntityManager): Promise<void> {
    const c = await m.findOneBy(PartnerCommission, { orderId: e.orderId });
    const now = this.clock.now();
    if (!c || c.status !== 'pending' || !withinGuarantee(c, now)) return;
    const amountOre = e.full ? 0 : afterRefund(c.earnedOre, c.baseOre, e.totalRefundedOre);
    const status = amountOre === 0 ? 'void' : 'pending';
    if (amountOre === c.amountOre && status === c.status) return;
    await m.update(PartnerCommission, { id: c.id }, { amountOre, status, updatedAt: now });
    await this.audit.record(
      m,
      null,
      {
        action: 'partner.commission_refund',
        entity: 'partner',
        entityId: c.partnerId,
        before: { orderId: c.orderId, amountOre: c.amountOre, status: c.status },
        after: { orderId: c.orderId, amountOre, status, refundId: e.refundId },
      },
      now,
    );
  }
}
