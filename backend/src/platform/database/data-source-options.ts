import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { MYSQL_MIGRATIONS } from './migrations/mysql';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

export interface DbOptions {
  databaseUrl: string;
  logging?: boolean;
  poolSize?: number;
}

/**
 * Every entity of every module, found by file name (`*.entity.ts` in the source, `.js` when built).
 * The app registers entities per module (TypeOrmModule.forFeature, autoLoadEntities); this glob is
 * for data sources outside the app: the migration CLI, the drift check and tests.
 */
export const ENTITY_GLOB = join(__dirname, '..', '..', '**', '*.entity.{ts,js}');

export function isMysqlUrl(url: string): boolean {
  return /^(mysql|mariadb):\/\//.test(url);
}

/** What the SQLite connection is prepared through (better-sqlite3's Database). */
interface SqliteHandle {
  pragma(source: string): unknown;
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

/**
 * SQL's `LOWER()` on SQLite, as MariaDB's: every letter folded (SQLite's own folds only A–Z, so
 * «Ødegård» was not found as «ødegård»). Every search of the panel is `LOWER(column) LIKE` a
 * lower-cased pattern (list-query `containsSql`); no index or stored expression uses `lower()`.
 */
export function unicodeLower(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/** TypeORM options for `mysql://user:pass@host:port/db` or `sqlite:<path>`. Never synchronize. */
export function buildDataSourceOptions({ databaseUrl, logging = false, poolSize = 10 }: DbOptions): DataSourceOptions {
  if (isMysqlUrl(databaseUrl)) {
    const u = new URL(databaseUrl);
    return {
      // mariadb:// makes TypeORM read MariaDB's information schema the MariaDB way.
      type: u.protocol === 'mariadb:' ? 'mariadb' : 'mysql',
      host: u.hostname,
      port: u.port ? Number(u.port) : 3306,
      username: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password || ''),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      entities: [ENTITY_GLOB],
      migrations: MYSQL_MIGRATIONS,
      migrationsRun: false,
      synchronize: false,
      logging,
      bigNumberStrings: true,
      supportBigNumbers: true,
      poolSize,
      connectTimeout: 5000,
      // mysql2 sizes each connection's prepared-statement cache up front (16000 slots by default,
      // half a megabyte per connection); the app prepares a handful of statements.
      extra: {
        connectionLimit: poolSize,
        enableKeepAlive: true,
        waitForConnections: true,
        queueLimit: 0,
        maxPreparedStatements: 64,
      },
    };
  }
  const path = databaseUrl.replace(/^sqlite:/, '');
  const file = path === ':memory:' ? ':memory:' : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  return {
    type: 'better-sqlite3',
    database: file,
    entities: [ENTITY_GLOB],
    migrations: SQLITE_MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging,
    enableWAL: file !== ':memory:',
    prepareDatabase: (db: SqliteHandle) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
      db.function('lower', { deterministic: true }, unicodeLower);
    },
  };
}
