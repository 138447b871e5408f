import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Grant } from './entities/grant.entity';

/**
 * `EXISTS` an active grant of a course for the row's user id (the course id in parameter `param`):
 * a condition other modules' lists may add to their own query (the admin panel's "eier kurset").
 */
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

/** `EXISTS` an active grant of any course for the row's user id ("elev": owns at least one course). */
export function hasActiveGrantSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, userIdColumn: string): string {
  const sub = qb
    .subQuery()
    .select('1')
    .from(Grant, 'ag')
    .where(`ag.userId = ${userIdColumn}`)
    .andWhere('ag.revokedAt IS NULL')
    .getQuery();
  return `EXISTS ${sub}`;
}
