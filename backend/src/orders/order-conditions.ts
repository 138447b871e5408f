import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { BOUGHT_ORDER_STATUSES } from '@academy/contracts';
import { Order } from './entities/order.entity';

/**
 * `EXISTS` a paid order for the row's e-mail or user id: a condition other modules' lists may add
 * to their own query (the admin panel's "har kjøpt") without reading the orders table themselves.
 */
export function boughtSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string, userIdColumn: string): string {
  // Two EXISTS, not one with `email = … OR userId = …`: each is an index lookup (idx_orders_email,
  // idx_orders_user); the OR made MariaDB read every order for every lead (the lead list's "har
  // kjøpt" filter took 7 s at 200 000 leads and 20 000 orders, bench/scale-results.md).
  const by = (alias: string, column: 'email' | 'userId', value: string) =>
    qb
      .subQuery()
      .select('1')
      .from(Order, alias)
      .where(`${alias}.${column} = ${value}`)
      .andWhere(`${alias}.status IN (:...boughtStatuses)`)
      .getQuery();
  qb.setParameter('boughtStatuses', [...BOUGHT_ORDER_STATUSES]);
  return `(EXISTS ${by('boe', 'email', emailColumn)} OR EXISTS ${by('bou', 'userId', userIdColumn)})`;
}
