import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminOrder, type AdminOrderDetail } from '@academy/contracts';
import { notFound } from '../../platform/errors/app-error';
import { ORDERS_LIST } from '../../orders/order-list';
import { OrderRecordsService } from '../../orders/order-records.service';
import { RefundsService } from '../../orders/refunds.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { toAdminOrder, toAdminRefund } from '../common/mappers';
import type { RefundOrderDto } from './dto/refund-order.dto';

@Injectable()
export class AdminOrdersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly refunds: RefundsService,
    private readonly orders: OrderRecordsService,
    private readonly audit: AuditService,
  ) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminOrder>> {
    const params = listParamsFor(query, ORDERS_LIST);
    const res = await this.orders.listForAdmin(params);
    const now = new Date();
    const ties = await this.orders.creditTiesOf(res.rows.map((o) => o.id));
    return { ...res, rows: res.rows.map((o) => toAdminOrder(o, now, ties.get(o.id))) };
  }

  /** An order with payment details, its refunds, days since purchase and the guarantee. */
  async get(id: number): Promise<AdminOrderDetail> {
    const order = await this.orders.findById(id);
    if (!order) throw notFound(MSG.orderNotFound);
    const refunds = await this.orders.refundsOf(id);
    const tie = (await this.orders.creditTiesOf([id])).get(id);
    return {
      ...toAdminOrder(order, new Date(), tie),
      attribution: attributionColumns(order.attribution),
      termsAcceptedAt: order.termsAcceptedAt ? order.termsAcceptedAt.toISOString() : null,
      riskAcceptedAt: order.riskAcceptedAt ? order.riskAcceptedAt.toISOString() : null,
      riskTextVersion: order.riskTextVersion,
      updatedAt: order.updatedAt.toISOString(),
      refunds: refunds.map(toAdminRefund),
    };
  }

  /**
   * Full or partial refund through the payments' refund service (Stripe first; nothing changes when
   * Stripe refuses, and the error is plain Norwegian). On a full refund that service revokes the
   * grant the order created. An order whose money is the credit of a paid upgrade refunds alone at
   * most what is not tied up, or with `withUpgrade` the upgrade and itself in full. The audit rows
   * (one per order refunded) are written right after the refund has committed.
   */
  async refund(id: number, dto: RefundOrderDto, actor: User): Promise<AdminOrderDetail> {
    const before = await this.orders.findById(id);
    if (!before) throw notFound(MSG.orderNotFound);
    const tie = dto.withUpgrade ? (await this.orders.creditTiesOf([id])).get(id) : undefined;
    const linkedBefore = tie ? await this.orders.findById(tie.upgradeOrderId) : null;
    const result = await this.refunds.refund(
      id,
      { amount: dto.amount, reason: dto.reason, withUpgrade: dto.withUpgrade === true },
      actor.id,
    );
    await this.ds.transaction(async (m) => {
      if (result.linked && linkedBefore) {
        const { order, refund } = result.linked;
        await this.audit.record(m, actor, {
          action: 'order.refund',
          entity: 'order',
          entityId: order.id,
          before: { status: linkedBefore.status, refundedOre: linkedBefore.refundedOre },
          after: { status: order.status, refundedOre: order.refundedOre, refund: toAdminRefund(refund), withCreditOf: id },
        });
      }
      const { order, refund } = result;
      await this.audit.record(m, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: id,
        before: { status: before.status, refundedOre: before.refundedOre },
        after: {
          status: order.status,
          refundedOre: order.refundedOre,
          refund: toAdminRefund(refund),
          ...(result.linked ? { withUpgrade: result.linked.order.id } : {}),
        },
      });
    });
    return this.get(id);
  }
}
