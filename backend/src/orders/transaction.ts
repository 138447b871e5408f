import type { DataSource, EntityManager } from 'typeorm';

const queues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * Runs `fn` alone on SQLite. TypeORM shares one SQLite connection between all callers, so two
 * concurrent transactions would interleave on it (the second becomes a savepoint of the first, and a
 * rollback undoes the other's work); payment work is therefore queued one after the other there.
 * MySQL runs it concurrently and relies on row locks and unique indexes.
 */
export function serialized<T>(ds: DataSource, fn: () => Promise<T>): Promise<T> {
  if (ds.options.type !== 'better-sqlite3') return fn();
  const prev = queues.get(ds) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  queues.set(
    ds,
    run.catch(() => undefined),
  );
  return run;
}

/** A transaction, queued on SQLite (see {@link serialized}). Do not call from inside `serialized`. */
export function inTransaction<T>(ds: DataSource, fn: (m: EntityManager) => Promise<T>): Promise<T> {
  return serialized(ds, () => ds.transaction(fn));
}

/** The dialect's quoting of a column name, for raw expressions in query builders. */
export function col(m: EntityManager, name: string): string {
  return m.connection.driver.escape(name);
}
