import { isMysql } from './dialect';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

const LOCK_NAME = 'trading_academy_migrations';

/**
 * Runs pending migrations (and whatever else `work` does) while holding a MySQL GET_LOCK,
 * so that two instances starting together never migrate at once. SQLite is one process.
 */
export async function withMigrationLock<T>(ds: DataSource, work: () => Promise<T>, logger = new Logger('Database')): Promise<T> {
  if (!isMysql(ds)) return work();
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    const rows: Array<{ got: number | string | null }> = await qr.query('SELECT GET_LOCK(?, 120) AS got', [LOCK_NAME]);
    if (Number(rows[0]?.got) !== 1) throw new Error('Did not get the migration lock within 120 seconds');
    try {
      return await work();
    } finally {
      await qr
        .query('SELECT RELEASE_LOCK(?)', [LOCK_NAME])
        .catch((e: unknown) => logger.warn(`RELEASE_LOCK failed: ${String(e)}`));
    }
  } finally {
    await qr.release();
  }
}

export async function runMigrations(ds: DataSource, logger = new Logger('Database')): Promise<void> {
  const done = await ds.runMigrations({ transaction: 'each' });
  if (done.length) logger.log(`Ran ${done.length} migration(s): ${done.map((m) => m.name).join(', ')}`);
}
