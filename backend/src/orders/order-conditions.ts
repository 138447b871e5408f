import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { BOUGHT_ORDER_STATUSES } from '@academy/contracts';
import { Order } from './entities/order.entity';

/**
 * A paid order exists for the row's e-mail or user id: a condition other modules' lists may add
 * to their own query (the admin panel's "har kjøpt") without reading the orders table themselves.
 */
export function boughtSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string, userIdColumn: string): string {
  // Two lookups, not one EXISTS with `email = … OR userId = …`: each is an index lookup
  // (idx_orders_email, idx_orders_user); the OR made MariaDB read every order for every lead (the lead
  // list's "har kjøpt" filter took 7 s at 200 000 leads and 20 000 orders, bench/scale-results.md).
  // Scalar subqueries (`(SELECT 1 … LIMIT 1) IS NOT NULL`), not EXISTS: MariaDB turned each EXISTS
  // into a materialised set of every paid order's address (20 000 keys of up to 1 KB) before the first
  // lead was read (the filter's page and count 457 ms p95 alone; its count statement 0.8–1.1 s on the
  // busy machine, 0.2–0.3 s as lookups, docs/performance.md).
  const by = (alias: string, column: 'email' | 'userId', value: string) =>
    qb
      .subQuery()
      .select('1')
      .from(Order, alias)
      .where(`${alias}.${column} = ${value}`)
      .andWhere(`${alias}.status IN (:...boughtStatuses)`)
      .limit(1)
      .getQuery();
  qb.setParameter('boughtStatuses', [...BOUGHT_ORDER_STATUSES]);
  return `(${by('boe', 'email', emailColumn)} IS NOT NULL OR ${by('bou', 'userId', userIdColumn)} IS NOT NULL)`;
}

/**
 * The orders paid in [start, end] (by payment time; an order without one by its creation), as a
 * subquery of `email`, `amountOre` and `refusal` (a refused payment: a contact, no money) for another module's statistics (the dashboard's funnel
 * attributes each to its buyer's per-address row). The same period rule as the money per day.
 */
export function paidOrdersSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, start: Date, end: Date): string {
  qb.setParameter('poStatuses', [...BOUGHT_ORDER_STATUSES]);
  qb.setParameter('poStart', start);
  qb.setParameter('poEnd', end);
  return qb
    .subQuery()
    .select('po.email', 'email')
    .addSelect('po.amountOre', 'amountOre')
    .addSelect('po.refusal', 'refusal')
    .from(Order, 'po')
    .where('po.status IN (:...poStatuses)')
    .andWhere(
      '((po.paidAt >= :poStart AND po.paidAt <= :poEnd) OR (po.paidAt IS NULL AND po.createdAt >= :poStart AND po.createdAt <= :poEnd))',
    )
    .getQuery();
}

/**
 * The variant its earliest paid order of the address in `emailColumn` was attributed to (the first
 * touch the order stored: the account's, the lead's, else the browser's), as a scalar subquery: the
 * funnel's variant of a buyer who never sent a lead.
 */
export function orderVariantSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string): string {
  qb.setParameter('ovStatuses', [...BOUGHT_ORDER_STATUSES]);
  return qb
    .subQuery()
    .select('ov.attribution.trafficSource')
    .from(Order, 'ov')
    .where(`ov.email = ${emailColumn}`)
    .andWhere('ov.status IN (:...ovStatuses)')
    .andWhere('ov.attribution.trafficSource IS NOT NULL')
    .orderBy('ov.createdAt')
    .addOrderBy('ov.id')
    .limit(1)
    .getQuery();
}
