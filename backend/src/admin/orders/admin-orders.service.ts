import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MSG,
  GUARANTEE_DAYS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PLAYER_COURSE_IDS,
  type AdminOrder,
  type AdminOrderDetail,
} from '@academy/contracts';
import { notFound } from '../../platform/errors/app-error';
import { normalizeEmail } from '../../platform/dto/email-address';
import type { Order } from '../../orders/entities/order.entity';
import { OrderRecordsService } from '../../orders/order-records.service';
import { RefundsService } from '../../orders/refunds.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { trafficSourceFilter } from '../common/conditions';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { filter, listParamsFor, parse, type ListResult, type ListSpec } from '../../platform/list/list-query';
import { toAdminOrder, toAdminRefund } from '../common/mappers';
import type { RefundOrderDto } from './dto/refund-order.dto';

export const ORDERS_LIST: ListSpec<Order> = {
  sort: {
    id: 'ord.id',
    createdAt: 'ord.createdAt',
    paidAt: 'ord.paidAt',
    amountOre: 'ord.amountOre',
    refundedOre: 'ord.refundedOre',
    status: 'ord.status',
    email: 'ord.email',
    courseId: 'ord.courseId',
    provider: 'ord.provider',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: filter.ids('ord.id'),
    q: filter.search(['ord.email', 'ord.firstName', 'ord.lastName', 'ord.stripeSessionId', 'ord.stripePaymentIntentId']),
    status: filter.oneOf('ord.status', ORDER_STATUSES),
    courseId: filter.oneOf('ord.courseId', PLAYER_COURSE_IDS),
    provider: filter.oneOf('ord.provider', ['stripe', 'demo']),
    paymentMethod: filter.oneOf('ord.paymentMethod', PAYMENT_METHODS),
    userId: filter.ids('ord.userId'),
    email: filter.equals('ord.email', (raw, key) => normalizeEmail(parse.string(raw, key, 254))),
    trafficSource: trafficSourceFilter('ord.attribution.trafficSource'),
    createdFrom: filter.from('ord.createdAt'),
    createdTo: filter.to('ord.createdAt'),
    paidFrom: filter.from('ord.paidAt'),
    paidTo: filter.to('ord.paidAt'),
    /** Paid, not fully refunded, and paid less than 30 days ago. */
    withinGuarantee: {
      parse: parse.bool,
      apply: (qb, v: boolean, p) => {
        const cond = `(ord.status IN (:...${p}s) AND ord.paidAt IS NOT NULL AND ord.paidAt > :${p}d)`;
        qb.andWhere(v ? cond : `NOT ${cond}`, {
          [`${p}s`]: ['paid', 'partially_refunded'],
          [`${p}d`]: new Date(Date.now() - GUARANTEE_DAYS * 86_400_000),
        });
      },
    },
  },
};

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
    const res = await this.orders.listForAdmin(params, ORDERS_LIST);
    const now = new Date();
    return { ...res, rows: res.rows.map((o) => toAdminOrder(o, now)) };
  }

  /** An order with payment details, its refunds, days since purchase and the guarantee. */
  async get(id: number): Promise<AdminOrderDetail> {
    const order = await this.orders.findById(id);
    if (!order) throw notFound(MSG.orderNotFound);
    const refunds = await this.orders.refundsOf(id);
    return {
      ...toAdminOrder(order),
      attribution: attributionColumns(order.attribution),
      termsAcceptedAt: order.termsAcceptedAt ? order.termsAcceptedAt.toISOString() : null,
      updatedAt: order.updatedAt.toISOString(),
      refunds: refunds.map(toAdminRefund),
    };
  }

  /**
   * Full or partial refund through the payments' refund service (Stripe first; nothing changes when
   * Stripe refuses, and the error is plain Norwegian). On a full refund that service revokes the
   * grant the order created. The audit row is written right after the refund has committed.
   */
  async refund(id: number, dto: RefundOrderDto, actor: User): Promise<AdminOrderDetail> {
    const before = await this.orders.findById(id);
    if (!before) throw notFound(MSG.orderNotFound);
    const { order, refund } = await this.refunds.refund(id, { amount: dto.amount, reason: dto.reason }, actor.id);
    await this.ds.transaction((m) =>
      this.audit.record(m, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: id,
        before: { status: before.status, refundedOre: before.refundedOre },
        after: { status: order.status, refundedOre: order.refundedOre, refund: toAdminRefund(refund) },
      }),
    );
    return this.get(id);
  }
}
