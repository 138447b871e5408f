import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, In, IsNull, Not, type EntityManager, type FindOptionsWhere, Repository } from 'typeorm';
import { BOUGHT_ORDER_STATUSES, type AccountExport } from '@academy/contracts';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { runList, type ListParams, type ListResult } from '../platform/list/list-query';
import { Order } from './entities/order.entity';
import { Refund } from './entities/refund.entity';
import { ORDERS_LIST } from './order-list';

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
@Injectable()
export class OrderRecordsService {
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

  /** Orders paid in the period (by payment time; by creation when the payment time is missing). */
  paidBetween(start: Date, end: Date): Promise<Array<Pick<Order, 'id' | 'amountOre' | 'paidAt' | 'createdAt' | 'attribution'>>> {
    const bought = In([...BOUGHT_ORDER_STATUSES]);
    return this.orders.find({
      select: { id: true, amountOre: true, paidAt: true, createdAt: true, attribution: { trafficSource: true } },
      where: [
        { status: bought, paidAt: Between(start, end) },
        { status: bought, paidAt: IsNull(), createdAt: Between(start, end) },
      ],
    });
  }

  /** Refunds made in the period that did not fail. */
  refundsBetween(start: Date, end: Date): Promise<Array<Pick<Refund, 'id' | 'amountOre' | 'createdAt' | 'status'>>> {
    return this.refunds.find({
      select: { id: true, amountOre: true, createdAt: true, status: true },
      where: { createdAt: Between(start, end), status: Not(In(['failed', 'canceled'])) },
    });
  }

  /** Orders (with their refunds) of the account or its address, for the data export. */
  async exportFor(owner: OrderOwner, m: EntityManager): Promise<Pick<AccountExport, 'orders'>> {
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
  async eraseFor(owner: OrderOwner, now: Date, m: EntityManager): Promise<{ ordersAnonymised: number }> {
    const orders = await m.find(Order, { select: { id: true }, where: [{ userId: owner.userId }, { email: owner.email }] });
    for (const o of orders) {
      await m.update(
        Order,
        { id: o.id },
        { userId: null, email: anonymisedOrderEmail(o.id), firstName: '', lastName: '', anonymisedAt: now, updatedAt: now },
      );
    }
    return { ordersAnonymised: orders.length };
  }
}
