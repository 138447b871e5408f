import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, type EntityManager, type FindOptionsWhere, Repository } from 'typeorm';
import { BOUGHT_ORDER_STATUSES, type AccountExport, type OrderClosing } from '@academy/contracts';
import { osloDaySql } from '../platform/database/oslo-day-sql';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { runList, type ListParams, type ListResult } from '../platform/list/list-query';
import { keysetBatches } from '../platform/list/keyset';
import { Order } from './entities/order.entity';
import { WebhookEvent } from './entities/webhook-event.entity';
import { PaymentReview } from './entities/payment-review.entity';
import { Refund } from './entities/refund.entity';
import { ORDERS_LIST } from './order-list';
import { creditTies, type CreditTie } from './pricing/upgrade-credit';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** The e-mail address an anonymised order keeps (never deliverable: .invalid is reserved). */
export function anonymisedOrderEmail(orderId: number): string {
  return `slettet-${orderId}@anonymisert.invalid`;
}

/** A person as orders know them: the account id and the address (an order may carry either). */
export interface OrderOwner {
  userId: number;
  email: string;
}

/**
 * Orders and refunds as other modules read them: the admin panel's lists, details and dashboard,
 * the mails (inside the caller's transaction), and the account's export and erasure.
 */
@OwnsPersonalData({
  name: 'orders',
  sections: ['orders'],
  tables: ['orders', 'refunds', 'payment_reviews'],
  eraseOrder: ERASURE_ORDER.orders,
})
export class OrderRecordsService implements PersonalDataOwner {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @InjectRepository(Refund) private readonly refunds: Repository<Refund>,
  ) {}

  /** With `m`, read inside the caller's transaction. */
  findById(id: number, m?: EntityManager): Promise<Order | null> {
    return (m ? m.getRepository(Order) : this.orders).findOneBy({ id });
  }

  /** One page of the admin panel's order list ({@link ORDERS_LIST}: its sort and filter fields). */
  listForAdmin(params: ListParams): Promise<ListResult<Order>> {
    return runList(this.orders.createQueryBuilder('ord'), params, ORDERS_LIST);
  }

  /** Per order of these, what of its money is the credit of a paid upgrade (only orders that have some). */
  creditTiesOf(orderIds: number[]): Promise<Map<number, CreditTie>> {
    return creditTies(this.orders.manager, orderIds);
  }

  /** The filtered order list in its sort order, `batchSize` orders at a time (the CSV export). */
  exportBatches(params: Pick<ListParams, 'sort' | 'filter'>, batchSize: number): AsyncGenerator<Order[]> {
    return keysetBatches(() => this.orders.createQueryBuilder('ord'), params, ORDERS_LIST, batchSize);
  }

  /**
   * How Vipps ended the payments of these Vipps orders that were never made, by order id: the
   * closing event the webhook recorded (`vipps:<reference>:<NAME>:…`), the first one if several.
   */
  async closingsOf(
    orders: Array<Pick<Order, 'id' | 'provider' | 'providerReference' | 'status'>>,
  ): Promise<Map<number, OrderClosing>> {
    const out = new Map<number, OrderClosing>();
    const vipps = orders.filter(
      (o) => o.provider === 'vipps' && o.providerReference && !['paid', 'partially_refunded', 'refunded'].includes(o.status),
    );
    if (vipps.length === 0) return out;
    const qb = this.orders.manager.getRepository(WebhookEvent).createQueryBuilder('we').select(['we.id', 'we.processedAt']);
    vipps.forEach((o, i) =>
      qb.orWhere(`we.id LIKE :p${i}`, { [`p${i}`]: `vipps:${o.providerReference!.replace(/[%_]/g, '')}:%` }),
    );
    const rows = await qb.orderBy('we.processedAt', 'ASC').getMany();
    const names: Record<string, OrderClosing> = {
      ABORTED: 'aborted',
      EXPIRED: 'expired',
      CANCELLED: 'cancelled',
      TERMINATED: 'terminated',
    };
    for (const o of vipps) {
      const prefix = `vipps:${o.providerReference}:`;
      for (const r of rows) {
        if (!r.id.startsWith(prefix)) continue;
        const closing = names[r.id.slice(prefix.length).split(':')[0]];
        if (closing) {
          out.set(o.id, closing);
          break;
        }
      }
    }
    return out;
  }

  /** An order's refunds, oldest first. */
  refundsOf(orderId: number): Promise<Refund[]> {
    return this.refunds.find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Orders of an account or its address, newest first. */
  ordersOf(owner: OrderOwner): Promise<Order[]> {
    return this.orders.find({ where: [{ userId: owner.userId }, { email: owner.email }], order: { createdAt: 'DESC' } });
  }

  /** The newest orders. */
  latest(take: number): Promise<Order[]> {
    return this.orders.find({ order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** Paid (or partly refunded) orders of the given addresses or user ids: who has bought. */
  buyers(emails: string[], userIds: number[], m?: EntityManager): Promise<Array<Pick<Order, 'id' | 'email' | 'userId'>>> {
    const bought = In([...BOUGHT_ORDER_STATUSES]);
    const where: FindOptionsWhere<Order>[] = [
      ...(emails.length ? [{ email: In(emails), status: bought }] : []),
      ...(userIds.length ? [{ userId: In(userIds), status: bought }] : []),
    ];
    if (where.length === 0) return Promise.resolve([]);
    return (m ? m.getRepository(Order) : this.orders).find({ select: { id: true, email: true, userId: true }, where });
  }

  /**
   * The mentor's work queue: payments refused when they landed (course already owned, code used up)
   * whose refund has not gone through yet (FulfilmentService.retryRefusedRefunds tries them again).
   */
  countRefusalsAwaitingRefund(): Promise<number> {
    return this.orders.countBy({ refusal: Not(IsNull()), status: 'paid' });
  }

  /** The orders made with a campaign code (as stored, upper case), newest first, at most `take`. */
  withCampaignCode(code: string, take: number): Promise<Order[]> {
    return this.orders.find({ where: { campaignCode: code }, order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /**
   * The account's first accepted paid order of the course (a VIP renewal's first year), read in the
   * caller's transaction; null when there is none. Partners' commissions tell a renewal by it.
   */
  async firstPaidOf(userId: number, courseId: string, m: EntityManager): Promise<Order | null> {
    return m.getRepository(Order).findOne({
      where: { userId, courseId, paidAt: Not(IsNull()), refusal: IsNull() },
      order: { id: 'ASC' },
    });
  }

  /**
   * The money of a period per Oslo day (days since 1970, platform/database/oslo-day-sql.ts): paid
   * orders by payment time (their creation when they have none) per day and variant, and refunds made
   * that did not fail, per day; a payment refused when it landed and its refund are neither. Summed in SQL: a year of a successful academy is 10 000 orders, which
   * loaded as entities and put into days in Node took about 120 ms and most of the dashboard's memory.
   */
  async moneyPerDay(
    start: Date,
    end: Date,
  ): Promise<{
    paid: Array<{ day: number; variant: string | null; amountOre: number; orders: number }>;
    refunds: Array<{ day: number; amountOre: number }>;
  }> {
    const oq = this.orders.createQueryBuilder('o');
    const paidDay = osloDaySql(oq, 'COALESCE(o.paidAt, o.createdAt)', { start, end });
    const paid = await oq
      .select(paidDay, 'day')
      .addSelect('o.attribution.trafficSource', 'variant')
      .addSelect('SUM(o.amountOre)', 'amountOre')
      .addSelect('COUNT(*)', 'orders')
      .where('o.status IN (:...bought)', { bought: [...BOUGHT_ORDER_STATUSES] })
      // A payment refused when it landed is no sale: it gave nothing and goes back in full.
      .andWhere('o.refusal IS NULL')
      .andWhere(
        '((o.paidAt >= :start AND o.paidAt <= :end) OR (o.paidAt IS NULL AND o.createdAt >= :start AND o.createdAt <= :end))',
        { start, end },
      )
      .groupBy('day')
      .addGroupBy('variant')
      .getRawMany<{ day: number | string; variant: string | null; amountOre: number | string; orders: number | string }>();
    const rq = this.refunds.createQueryBuilder('r');
    const refundDay = osloDaySql(rq, 'r.createdAt', { start, end });
    const refunds = await rq
      .select(refundDay, 'day')
      .addSelect('SUM(r.amountOre)', 'amountOre')
      .where('r.createdAt >= :start AND r.createdAt <= :end', { start, end })
      .andWhere('r.status NOT IN (:...notMade)', { notMade: ['failed', 'canceled'] })
      // Nor is the refund of a refused payment a refund of a sale.
      .andWhere(`r.orderId NOT IN ${rq.subQuery().select('ro.id').from(Order, 'ro').where('ro.refusal IS NOT NULL').getQuery()}`)
      .groupBy('day')
      .getRawMany<{ day: number | string; amountOre: number | string }>();
    return {
      paid: paid.map((p) => ({
        day: Number(p.day),
        variant: p.variant,
        amountOre: Number(p.amountOre),
        orders: Number(p.orders),
      })),
      refunds: refunds.map((r) => ({ day: Number(r.day), amountOre: Number(r.amountOre) })),
    };
  }

  /** Orders (with their refunds) of the account or its address, for the data export. */
  async exportFor(owner: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'orders'>> {
    const orders = await m.find(Order, {
      where: [{ userId: owner.userId }, { email: owner.email }],
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const refunds = orders.length
      ? await m.find(Refund, { where: { orderId: In(orders.map((o) => o.id)) }, order: { createdAt: 'ASC', id: 'ASC' } })
      : [];
    return {
      orders: orders.map((o) => ({
        id: o.id,
        courseId: o.courseId,
        email: o.email,
        firstName: o.firstName,
        lastName: o.lastName,
        amountOre: o.amountOre,
        currency: o.currency,
        paymentMethod: o.paymentMethod,
        provider: o.provider,
        status: o.status,
        refundedOre: o.refundedOre,
        termsAcceptedAt: iso(o.termsAcceptedAt),
        riskAcceptedAt: iso(o.riskAcceptedAt),
        riskTextVersion: o.riskTextVersion,
        createdAt: o.createdAt.toISOString(),
        paidAt: iso(o.paidAt),
        attribution: attributionColumns(o.attribution),
        refunds: refunds
          .filter((r) => r.orderId === o.id)
          .map((r) => ({ amountOre: r.amountOre, status: r.status, createdAt: r.createdAt.toISOString() })),
      })),
    };
  }

  /** Erasure, inside the caller's transaction: orders stay for bookkeeping, without the person. */
  async eraseFor(owner: DataSubject, m: EntityManager, now: Date): Promise<{ ordersAnonymised: number }> {
    const orders = await m.find(Order, { select: { id: true }, where: [{ userId: owner.userId }, { email: owner.email }] });
    for (const o of orders) {
      await m.update(
        Order,
        { id: o.id },
        { userId: null, email: anonymisedOrderEmail(o.id), firstName: '', lastName: '', anonymisedAt: now, updatedAt: now },
      );
    }
    // A renewal payment waiting for the mentor's decision keeps its amounts and provider ids, not whose it was.
    await m.update(PaymentReview, { userId: owner.userId }, { userId: null });
    return { ordersAnonymised: orders.length };
  }
}
