import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export interface TestDatabase {
  url: string;
  dialect: 'mysql' | 'sqlite';
  /** Server URL without a database (MySQL only). */
  serverUrl?: string;
  name?: string;
  drop(): Promise<void>;
}

export const usingMysql = (): boolean => !!process.env.TEST_DATABASE_URL;

/** MariaDB/MySQL server for tests that need MySQL whatever this run's dialect is. */
export const MYSQL_TEST_SERVER = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';

/** A unique, empty database for one suite (MySQL also when `mysql: true`). */
export async function createTestDatabase(opts: { mysql?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL ?? (opts.mysql ? MYSQL_TEST_SERVER : undefined);
  if (base) {
    const u = new URL(base);
    const name = `ta_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const conn = await createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password || ''),
    });
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      dialect: 'mysql',
      serverUrl: base,
      name,
      drop: async () => {
        const c = await createConnection({
          host: u.hostname,
          port: Number(u.port || 3306),
          user: decodeURIComponent(u.username || 'root'),
          password: decodeURIComponent(u.password || ''),
        });
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ta-db-'));
  return {
    url: `sqlite:${join(dir, 'app.sqlite')}`,
    dialect: 'sqlite',
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
