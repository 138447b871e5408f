import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';

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
export const MYSQL_TEST_SERVER = process.env.TEST_DATABASE_URL ?? process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

/**
 * Migrated templates made once per run by `e2e/support/templates.ts` (jest's globalSetup): a SQLite
 * file and a MariaDB database with every migration run and the catalogue the migrations seed.
 */
export const TEMPLATE_ENV = { sqlite: 'TEST_SQLITE_TEMPLATE', mysql: 'TEST_MYSQL_TEMPLATE' } as const;

export function mysqlConnect(serverUrl: string, opts: { multipleStatements?: boolean } = {}): Promise<Connection> {
  const u = new URL(serverUrl);
  return createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    multipleStatements: opts.multipleStatements,
  });
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/** The statements that copy one MariaDB schema (tables, keys, rows) into another, read once per process. */
let cloneScript: { template: string; sql: string } | null = null;

async function cloneStatements(conn: Connection, template: string): Promise<string> {
  if (cloneScript?.template === template) return cloneScript.sql;
  const [tables] = (await conn.query(
    "SELECT TABLE_NAME AS name, TABLE_ROWS AS approxRows FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
    [template],
  )) as unknown as [Array<{ name: string }>];
  const parts: string[] = [];
  for (const { name } of tables) {
    const [[row]] = (await conn.query(`SHOW CREATE TABLE \`${template}\`.\`${name}\``)) as unknown as [
      Array<{ 'Create Table': string }>,
    ];
    parts.push(`${row['Create Table']};`);
    const [[count]] = (await conn.query(`SELECT COUNT(*) AS n FROM \`${template}\`.\`${name}\``)) as unknown as [
      Array<{ n: number }>,
    ];
    if (Number(count.n) > 0) parts.push(`INSERT INTO \`${name}\` SELECT * FROM \`${template}\`.\`${name}\`;`);
  }
  cloneScript = { template, sql: `SET FOREIGN_KEY_CHECKS = 0;\n${parts.join('\n')}\nSET FOREIGN_KEY_CHECKS = 1;` };
  return cloneScript.sql;
}

/**
 * A unique database for one suite (MySQL also when `mysql: true`). Empty unless `migrated: true`:
 * then a copy of this run's migrated template (when there is one), so the app's start finds every
 * migration done instead of running them all again.
 */
export async function createTestDatabase(opts: { mysql?: boolean; migrated?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL ?? (opts.mysql ? MYSQL_TEST_SERVER : undefined);
  if (base) {
    const u = new URL(base);
    const name = uniqueName('ta_test');
    const template = opts.migrated ? process.env[TEMPLATE_ENV.mysql] : undefined;
    const conn = await mysqlConnect(base, { multipleStatements: true });
    try {
      await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      if (template) {
        const sql = await cloneStatements(conn, template);
        await conn.query(`USE \`${name}\`;\n${sql}`);
      }
    } finally {
      await conn.end();
    }
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      dialect: 'mysql',
      serverUrl: base,
      name,
      drop: async () => {
        const c = await mysqlConnect(base);
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ta-db-'));
  const file = join(dir, 'app.sqlite');
  const template = opts.migrated ? process.env[TEMPLATE_ENV.sqlite] : undefined;
  if (template && existsSync(template)) copyFileSync(template, file);
  return {
    url: `sqlite:${file}`,
    dialect: 'sqlite',
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
