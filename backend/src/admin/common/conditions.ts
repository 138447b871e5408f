import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { BOUGHT_ORDER_STATUSES, TRAFFIC_SOURCES } from '@academy/contracts';
import { Order } from '../../orders/entities/order.entity';
import { Grant } from '../../access/entities/grant.entity';
import { User } from '../../identity/entities/user.entity';
import { parse, type FilterDef } from '../../platform/list/list-query';

/** SQL conditions shared by several admin lists (portable: plain EXISTS subqueries). */

/** `EXISTS` an account with the row's e-mail. */
export function accountExistsSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string): string {
  const sub = qb.subQuery().select('1').from(User, 'acc').where(`acc.email = ${emailColumn}`).getQuery();
  return `EXISTS ${sub}`;
}

/** `EXISTS` a paid order for the row's e-mail or user id. */
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

/** `EXISTS` an active grant of a course for the row's user id. */
export function ownsCourseSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, userIdColumn: string, param: string): string {
  const sub = qb
    .subQuery()
    .select('1')
    .from(Grant, 'og')
    .where(`og.userId = ${userIdColumn}`)
    .andWhere(`og.courseId = :${param}`)
    .andWhere('og.revokedAt IS NULL')
    .getQuery();
  return `EXISTS ${sub}`;
}

/** Variant filter: A, B, C, D, starter, or `ukjent` for rows without one; one value or several. */
export function trafficSourceFilter<E extends ObjectLiteral>(column: string): FilterDef<E> {
  return {
    parse: parse.list(parse.oneOf([...TRAFFIC_SOURCES, 'ukjent'] as const), 10),
    apply: (qb, v: string[], p) => {
      const known = v.filter((s) => s !== 'ukjent');
      const parts: string[] = [];
      if (known.length) parts.push(`${column} IN (:...${p})`);
      if (v.includes('ukjent')) parts.push(`${column} IS NULL`);
      qb.andWhere(`(${parts.join(' OR ')})`, known.length ? { [p]: known } : {});
    },
  };
}
