import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { User } from './entities/user.entity';
import { containsSql } from '../platform/list/list-query';

/**
 * `EXISTS` an account with the row's e-mail: a condition other modules' lists may add to their
 * own query (the admin panel's "har konto") without reading the users table themselves.
 */
export function accountExistsSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string): string {
  const sub = qb.subQuery().select('1').from(User, 'acc').where(`acc.email = ${emailColumn}`).getQuery();
  return `EXISTS ${sub}`;
}

/**
 * The id of the account with the row's e-mail, as a scalar subquery (NULL without one): for other
 * modules' set-based statements (a broadcast's recipients) that need the account without reading
 * the users table themselves.
 */
export function accountIdSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string): string {
  return qb.subQuery().select('aid.id').from(User, 'aid').where(`aid.email = ${emailColumn}`).getQuery();
}

/**
 * The id of the account with the address bound to the next `?` placeholder, as a parenthesised scalar
 * subquery (NULL without one), with names quoted by `quote` for the caller's dialect: for another
 * module's hand-written statement (the lead INSERT, `COALESCE(?, <this>)`) that links its row to the
 * account in the same statement without naming the users table itself. The unique email index
 * answers it.
 */
export function accountIdOfAddressSql(ds: DataSource, quote: (name: string) => string): string {
  const meta = ds.getMetadata(User);
  const column = (property: string) => `acc.${quote(meta.findColumnWithPropertyName(property)!.databaseName)}`;
  return `(SELECT ${column('id')} FROM ${quote(meta.tableName)} acc WHERE ${column('email')} = ?)`;
}

/** The variant of the account with the row's e-mail (its first touch), as a scalar subquery. */
export function accountVariantSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, emailColumn: string): string {
  const column = qb.connection.getMetadata(User).findColumnWithPropertyPath('attribution.trafficSource')!.databaseName;
  return qb.subQuery().select(`avr.${column}`).from(User, 'avr').where(`avr.email = ${emailColumn}`).getQuery();
}

/**
 * The ids of the accounts whose e-mail, first or last name contains the `LIKE` pattern bound to
 * `:param` (escaped with `!`, as list-query's search binds it), as a subquery: for another module's
 * list search ("the student's e-mail too") without reading the users table itself.
 */
export function accountsMatchingSql<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, param: string): string {
  return qb
    .subQuery()
    .select('acm.id')
    .from(User, 'acm')
    .where(containsSql(['acm.email', 'acm.firstName', 'acm.lastName'], param))
    .getQuery();
}
