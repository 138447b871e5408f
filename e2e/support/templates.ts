import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { mysqlConnect, TEMPLATE_ENV } from '../api/support/test-database';

/**
 * Migrate once per run (jest's globalSetup of the API and browser configs): a SQLite file, and with
 * TEST_DATABASE_URL a MariaDB database, each with every migration run. A suite's database is a copy
 * (`createTestDatabase({ migrated: true })`), so an app start finds nothing to migrate. The paths go
 * to the workers through the environment; `dropTemplates` (globalTeardown) removes them.
 */

const quiet = { log: () => undefined, warn: () => undefined } as unknown as Logger;

async function migrate(databaseUrl: string): Promise<void> {
  const ds = await new DataSource(buildDataSourceOptions({ databaseUrl })).initialize();
  try {
    await runMigrations(ds, quiet);
  } finally {
    await ds.destroy();
  }
}

/** `sqliteOnly`: no MariaDB template even when TEST_DATABASE_URL is set (the load stage's suites copy only the SQLite one). */
export async function makeTemplates(opts: { sqliteOnly?: boolean } = {}): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'ta-template-'));
  const file = join(dir, 'template.sqlite');
  await migrate(`sqlite:${file}`);
  process.env[TEMPLATE_ENV.sqlite] = file;
  process.env.TEST_TEMPLATE_DIR = dir;
  const server = opts.sqliteOnly ? undefined : process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `ta_template_${process.pid}_${Date.now().toString(36)}`;
    const conn = await mysqlConnect(server);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    await migrate(u.toString());
    process.env[TEMPLATE_ENV.mysql] = name;
  }
  if (process.env.TEST_TIMINGS) console.log(`\nmigrated templates in ${Date.now() - started} ms`);
}

export async function dropTemplates(): Promise<void> {
  const dir = process.env.TEST_TEMPLATE_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  const name = process.env[TEMPLATE_ENV.mysql];
  const server = process.env.TEST_DATABASE_URL;
  if (name && server) {
    const conn = await mysqlConnect(server);
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
  }
}
