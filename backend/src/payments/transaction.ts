import type { DataSource, EntityManager } from 'typeorm';

const queues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * Runs `fn` in a transaction. On SQLite, TypeORM shares one connection between all callers, so two
 * concurrent transactions would interleave on it (the second becomes a savepoint of the first);
 * payment transactions are therefore queued one after the other there. MySQL runs them concurrently
 * and relies on row locks and unique indexes.
 */
export function inTransaction<T>(ds: DataSource, fn: (m: EntityManager) => Promise<T>): Promise<T> {
  if (ds.options.type !== 'better-sqlite3') return ds.transaction(fn);
  const prev = queues.get(ds) ?? Promise.resolve();
  const run = prev.then(
    () => ds.transaction(fn),
    () => ds.transaction(fn),
  );
  queues.set(
    ds,
    run.catch(() => undefined),
  );
  return run;
}

/** The dialect's quoting of a column name, for raw expressions in query builders. */
export function col(m: EntityManager, name: string): string {
  return m.connection.driver.escape(name);
}
