import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * TypeORM shares one connection between every caller on SQLite. Without this, a statement of
 * another request that runs while a transaction is open lands inside that transaction (and is
 * undone by its rollback), and two transactions nest into each other.
 *
 * The gate makes the shared connection take one thing at a time: a single statement, or a whole
 * transaction. Statements issued from inside the transaction (tracked with AsyncLocalStorage) pass
 * straight through. MySQL has a pool of real connections and needs none of this.
 */
export function installSqliteGate(ds: DataSource): void {
  if (ds.options.type !== 'better-sqlite3') return;
  const inTransaction = new AsyncLocalStorage<true>();
  let tail: Promise<void> = Promise.resolve();
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const prev = tail;
    let release!: () => void;
    tail = new Promise<void>((r) => (release = r));
    await prev;
    try {
      return await fn();
    } finally {
      release();
    }
  };

  const runner: QueryRunner = ds.driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (...a: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) =>
    inTransaction.getStore() ? query(...args) : exclusive(() => query(...args))) as QueryRunner['query'];

  const manager: EntityManager = ds.manager;
  const transaction = manager.transaction.bind(manager) as (...a: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) =>
    inTransaction.getStore()
      ? transaction(...args)
      : exclusive(() => inTransaction.run(true, () => transaction(...args)))) as EntityManager['transaction'];
}
