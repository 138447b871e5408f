import type { ObjectLiteral, QueryRunner } from 'typeorm';

/** What a backfill may write: plain values both drivers bind the same way (dates as `YYYY-MM-DD HH:mm:ss.SSS` text). */
export type BackfillValue = string | number | boolean | null;

/**
 * A migration's data backfill, written once for MySQL/MariaDB and SQLite. It works on table
 * names (never today's entities: a migration must keep meaning what it meant), through TypeORM's
 * query builder, so names are quoted and values bound for the dialect at hand. The two migration
 * classes of a change keep their own DDL and both call the same backfill:
 *
 * ```ts
 * export const fillReason = (b: Backfill) =>
 *   b.update('certificates', { revokedReason: 'admin' }, `${b.col('revokedAt')} IS NOT NULL`);
 * // in mysql/… and sqlite/…:  await fillReason(backfill(queryRunner));
 * ```
 */
export interface Backfill {
  /** A column or table name quoted for the dialect, for the text of a condition. */
  col(name: string): string;
  /** `UPDATE table SET … WHERE condition` (`:name` parameters); answers the rows changed. */
  update(table: string, set: Record<string, BackfillValue>, where: string, params?: ObjectLiteral): Promise<number>;
  /** `SELECT columns FROM table WHERE condition`, rows as plain objects. */
  select<T extends ObjectLiteral>(table: string, columns: string[], where?: string, params?: ObjectLiteral): Promise<T[]>;
  /** `INSERT INTO table` of plain rows (nothing when there are none). */
  insert(table: string, rows: Array<Record<string, BackfillValue>>): Promise<void>;
  /** The time as both dialects' datetime columns take it (UTC). */
  timestamp(at?: Date): string;
}

export function backfill(runner: QueryRunner): Backfill {
  const col = (name: string) => runner.connection.driver.escape(name);
  const qb = () => runner.manager.createQueryBuilder();
  return {
    col,
    async update(table, set, where, params = {}) {
      const res = await qb().update(table).set(set).where(where, params).execute();
      return res.affected ?? 0;
    },
    select(table, columns, where, params = {}) {
      const q = qb()
        .select(columns.map((c) => `${col(c)} AS ${col(c)}`))
        .from(table, table);
      if (where) q.where(where, params);
      return q.getRawMany();
    },
    async insert(table, rows) {
      if (rows.length) await qb().insert().into(table).values(rows).execute();
    },
    timestamp(at = new Date()) {
      return at.toISOString().replace('T', ' ').replace('Z', '');
    },
  };
}
