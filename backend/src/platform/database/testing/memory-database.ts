import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../data-source-options';
import { runMigrations } from '../migrate';
import { installSqliteGate } from '../sqlite-gate';

const quiet = { log: () => undefined } as unknown as Logger;

/**
 * For unit specs: a migrated in-memory SQLite database with every entity and the same transaction
 * gate as the app, so a spec exercises a service against the real schema without a server.
 */
export async function openMemoryDatabase(): Promise<DataSource> {
  const ds = await new DataSource(buildDataSourceOptions({ databaseUrl: 'sqlite::memory:' })).initialize();
  installSqliteGate(ds);
  await runMigrations(ds, quiet);
  return ds;
}
