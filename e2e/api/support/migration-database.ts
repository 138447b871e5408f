import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../backend/src/platform/database/data-source-options';
import { runMigrations } from '../../../backend/src/platform/database/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A database with the schema of before one migration, for a spec of what it does to existing rows. */
export interface DatabaseBefore {
  db: TestDatabase;
  ds: DataSource;
  /** A quoted identifier in this run's dialect. */
  q(name: string): string;
  /** An ISO time as this run's driver takes it in a raw query. */
  at(iso: string): Date | string;
  close(): Promise<void>;
}

/**
 * A fresh database (SQLite, or MySQL with TEST_DATABASE_URL) migrated to the latest schema and then
 * taken back to just before `migration` (its class name), undoing every later migration too.
 */
export async function databaseBefore(migration: string): Promise<DatabaseBefore> {
  const db = await createTestDatabase({ migrated: true });
  const ds = await new DataSource(buildDataSourceOptions({ databaseUrl: db.url })).initialize();
  await runMigrations(ds);
  const executed: Array<{ name: string }> = await ds.query('SELECT name FROM migrations ORDER BY id DESC');
  for (const m of executed) {
    await ds.undoLastMigration({ transaction: 'each' });
    if (m.name === migration) break;
  }
  const mysql = db.dialect === 'mysql';
  return {
    db,
    ds,
    q: (name) => (mysql ? `\`${name}\`` : `"${name}"`),
    at: (iso) => (mysql ? new Date(iso) : iso.replace('T', ' ').replace('Z', '')),
    async close() {
      await ds.destroy();
      await db.drop();
    },
  };
}
