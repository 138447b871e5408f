import type { DataSource, QueryRunner } from 'typeorm';
import { QueryResult } from 'typeorm';

/**
 * Counts the rows a request writes, per table: every statement the app sends goes through the one
 * query runner TypeORM keeps for SQLite, so wrapping it sees each INSERT, UPDATE, DELETE and REPLACE
 * with the number of rows it changed. Writes inside a transaction count only when it commits (a
 * rollback, or a rollback to a savepoint, takes them back), so a request that tried and undid counts
 * as writing nothing. This replaces hashing every table before and after a refused request: the
 * same property ("a refused request writes nothing"), at the cost of one regex per statement.
 *
 * SQLite only: on MySQL the app also inserts through the driver's prepared statements, past TypeORM.
 */
export interface WriteCounter {
  /** Forget what was counted so far (call it when the app is idle). */
  reset(): void;
  /** Rows changed per table since the last reset, committed writes only; `rate_limits` is left out. */
  writes(): Record<string, number>;
  /** Tables written since the last reset (sorted), as `name (rows)`. */
  changedTables(): string[];
  /** Puts the query runner back as it was. */
  stop(): void;
}

/** Tables a refused request writes on purpose: the rate limiter counts refused requests. */
const IGNORED = new Set(['rate_limits']);

const WRITE =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?(?:\s+IGNORE)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[`"]?(\w+)[`"]?/i;
const WRITE_VERB = /^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** The table a write statement changes, `?` when it is a write of a form this does not parse, null for a read. */
export function writtenTable(sql: string): string | null {
  const m = WRITE.exec(sql);
  if (m) return m[1];
  return WRITE_VERB.test(sql) ? '?' : null;
}

type Pending = Array<[string, number]>;

export function countWrites(ds: DataSource): WriteCounter {
  if (ds.options.type !== 'better-sqlite3')
    throw new Error('countWrites: the route suites count writes on SQLite (their one query path)');
  const runner: QueryRunner = ds.driver.createQueryRunner('master');
  const inner = runner.query as (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;
  let committed = new Map<string, number>();
  // One level per open transaction or savepoint: writes wait there until they are committed or undone.
  const levels: Pending[] = [];
  const add = (into: Map<string, number>, table: string, rows: number) => into.set(table, (into.get(table) ?? 0) + rows);

  const counting = async (sql: string, params?: unknown[], structured?: boolean) => {
    const verb = sql.trim().toUpperCase();
    const result = (await inner.call(runner, sql, params, true)) as QueryResult;
    if (verb.startsWith('BEGIN') || verb.startsWith('START TRANSACTION') || verb.startsWith('SAVEPOINT')) levels.push([]);
    else if (verb.startsWith('RELEASE')) {
      const done = levels.pop() ?? [];
      if (levels.length) levels[levels.length - 1].push(...done);
      else for (const [t, n] of done) add(committed, t, n);
    } else if (verb.startsWith('ROLLBACK TO')) levels.pop();
    else if (verb.startsWith('ROLLBACK')) levels.length = 0;
    else if (verb.startsWith('COMMIT') || verb.startsWith('END')) {
      for (const level of levels) for (const [t, n] of level) add(committed, t, n);
      levels.length = 0;
    } else {
      const table = writtenTable(sql);
      const rows = Number(result?.affected ?? 0);
      if (table && !IGNORED.has(table) && rows > 0) {
        if (levels.length) levels[levels.length - 1].push([table, rows]);
        else add(committed, table, rows);
      }
    }
    return structured ? result : result?.raw;
  };
  runner.query = counting as QueryRunner['query'];

  return {
    reset: () => {
      committed = new Map();
    },
    writes: () => Object.fromEntries(committed),
    changedTables: () => [...committed].map(([t, n]) => `${t} (${n})`).sort(),
    stop: () => {
      runner.query = inner as QueryRunner['query'];
    },
  };
}
