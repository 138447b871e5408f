import { DataSource, QueryFailedError } from 'typeorm';
import { isMysql } from './dialect';

interface PreparedPool {
  execute(sql: string, params: unknown[], cb: (err: Error | null, result: unknown) => void): void;
}

/**
 * Runs one SELECT and answers its rows, as a server-side prepared statement on MySQL/MariaDB (see
 * insertPrepared), through TypeORM on SQLite. For the hot paths only: the account of an address.
 */
export async function selectPrepared<T>(ds: DataSource, sql: string, params: unknown[]): Promise<T[]> {
  if (!isMysql(ds)) return (await ds.query(sql, params)) as T[];
  const pool = (ds.driver as unknown as { pool?: PreparedPool }).pool;
  if (!pool) throw new QueryFailedError(sql, params, new Error('Pool is closed'));
  return new Promise<T[]>((resolve, reject) =>
    pool.execute(sql, params, (err, result) => (err ? reject(new QueryFailedError(sql, params, err)) : resolve(result as T[]))),
  );
}

/**
 * Runs one INSERT and answers the new row's id. On MySQL/MariaDB it runs as a server-side
 * prepared statement on TypeORM's own pool: the server parses the text once per connection and
 * the values travel in the binary protocol. Measured on the lead insert: about a third less CPU
 * in both the database and the driver than the text protocol TypeORM's queries use. On SQLite
 * it goes through TypeORM (and so through the SQLite gate). A failure is TypeORM's
 * QueryFailedError either way, so the error mapping (unique index, database down) is the same.
 */
export async function insertPrepared(ds: DataSource, sql: string, params: unknown[]): Promise<number> {
  if (!isMysql(ds)) return Number(await ds.query(sql, params));
  const pool = (ds.driver as unknown as { pool?: PreparedPool }).pool;
  if (!pool) throw new QueryFailedError(sql, params, new Error('Pool is closed'));
  return new Promise<number>((resolve, reject) =>
    pool.execute(sql, params, (err, result) =>
      err ? reject(new QueryFailedError(sql, params, err)) : resolve(Number((result as { insertId: number }).insertId)),
    ),
  );
}
