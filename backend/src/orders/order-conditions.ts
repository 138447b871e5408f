import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { BOUGHT_ORDER_STATUSES } from '@academy/contracts';
import { Order } from './entities/order.entity';

/**
 * `EXISTS` a paid order for the row's e-mail or user id: a condition other modules' lists may add
 * to their own query (the admin panel's "har kjøpt") without reading the orders table themselves.
 */
export function boughtSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string, userIdColumn: string): string {
  const sub = qb
    .subQuery()
    .select('1')
    .from(Order, 'bo')
    .where('bo.status IN (:...boughtStatuses)')
    .andWhere(`(bo.email = ${emailColumn} OR bo.userId = ${userIdColumn})`)
    .getQuery();
  qb.setParameter('boughtStatuses', [...BOUGHT_ORDER_STATUSES]);
  return `EXISTS ${sub}`;
}
