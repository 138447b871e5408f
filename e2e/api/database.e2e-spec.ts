import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { runMigrations, withMigrationLock } from '../../backend/src/platform/database/migrate';
import { seedCatalog } from '../../backend/src/catalog/catalog.seed';
import { seedAdmin } from '../../backend/src/identity/admin.seed';
import type { AppConfig } from '../../backend/src/platform/config';

/** What a start seeds: each owner its own rows. */
async function seed(ds: DataSource, cfg: AppConfig): Promise<void> {
  await seedCatalog(ds);
  await seedAdmin(ds, cfg);
}
import { parseEnv } from '../../backend/src/platform/config/env.schema';
import { Course } from '../../backend/src/catalog/entities/course.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { createTestDatabase, TestDatabase } from './support/test-database';

/**
 * TypeORM reads MariaDB's information schema correctly only as type 'mariadb' (its column
 * defaults differ from MySQL's); the schema comparison uses it when the server is MariaDB.
 */
async function schemaUrl(url: string): Promise<string> {
  if (!url.startsWith('mysql://')) return url;
  const probe = await new DataSource(buildDataSourceOptions({ databaseUrl: url })).initialize();
  const [{ v }] = await probe.query('SELECT VERSION() AS v');
  await probe.destroy();
  return /mariadb/i.test(String(v)) ? url.replace(/^mysql:/, 'mariadb:') : url;
}

/** Runs on the dialect of this run (SQLite, or MySQL with TEST_DATABASE_URL). */
describe('migrations and seed', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(buildDataSourceOptions({ databaseUrl: await schemaUrl(db.url) })).initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('after migrating, the entities and the schema agree: the schema builder has nothing pending', async () => {
    await runMigrations(ds);
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    expect(await ds.showMigrations()).toBe(false);
  });

  // TypeORM's schema builder does not compare collations, so they are compared here.
  it('after migrating, every column has the collation its entity declares, and e-mail columns compare byte for byte', async () => {
    const emailColumns = ds.entityMetadatas.flatMap((m) =>
      m.columns
        .filter((c) => /email|toAddress/i.test(c.propertyName))
        .map((c) => `${m.tableName}.${c.databaseName}:${c.collation}`),
    );
    expect(emailColumns.sort()).toEqual(
      [
        'audit_log.actorEmail',
        'checkout_reminder_plans.email',
        'lead_addresses.email',
        'leads.email',
        'mail_bounces.email',
        'marketing_broadcast_recipients.email',
        'marketing_enrolments.email',
        'marketing_subscribers.email',
        'orders.email',
        'outbox.toAddress',
        'partners.email',
        'users.email',
        'users.pendingEmail',
      ]
        .map((c) => `${c}:utf8mb4_bin`)
        .sort(),
    );
    if (db.dialect !== 'mysql') return;
    const qr = ds.createQueryRunner();
    try {
      const mismatches: string[] = [];
      for (const meta of ds.entityMetadatas) {
        const table = await qr.getTable(meta.tableName);
        for (const c of meta.columns) {
          const actual = table?.findColumnByName(c.databaseName)?.collation;
          if ((c.collation ?? undefined) !== actual)
            mismatches.push(`${meta.tableName}.${c.databaseName}: ${actual} ≠ ${c.collation}`);
        }
      }
      expect(mismatches).toEqual([]);
    } finally {
      await qr.release();
    }
  });

  it('every migration can be reverted and applied again', async () => {
    const count = ds.migrations.length;
    for (let i = 0; i < count; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.showMigrations()).toBe(true);
    await runMigrations(ds);
    expect((await ds.driver.createSchemaBuilder().log()).upQueries).toHaveLength(0);
  });

  it('seeds the catalogue, the modules and the admin once, and keeps edits on the next start', async () => {
    const cfg = parseEnv({
      DATABASE_URL: db.url,
      ADMIN_EMAIL: 'Mentor@Example.no',
      ADMIN_PASSWORD: 'admin-passord',
      LOG_LEVEL: 'silent',
    });
    await seed(ds, cfg);
    await ds.getRepository(Course).update({ id: 'foundation' }, { title: 'Foundation (redigert)' });
    await seed(ds, cfg);
    expect(await ds.getRepository(Course).count()).toBe(6);
    expect((await ds.getRepository(Course).findOneByOrFail({ id: 'foundation' })).title).toBe('Foundation (redigert)');
    const counts = Object.fromEntries(
      await Promise.all(
        ['starter', 'foundation', 'accelerator', 'kryptovaluta', 'microkurs', 'temakurs'].map(async (id) => [
          id,
          await ds.getRepository(CourseModule).countBy({ courseId: id }),
        ]),
      ),
    );
    expect(counts).toEqual({ starter: 4, foundation: 8, accelerator: 12, kryptovaluta: 1, microkurs: 3, temakurs: 5 });
    const starterTitles = (
      await ds.getRepository(CourseModule).find({ where: { courseId: 'starter' }, order: { position: 'ASC' } })
    ).map((m) => [m.title, m.durationMinutes]);
    expect(starterTitles).toEqual([
      ['Trading er ikke gambling', 8],
      ['Oppsett av TradingView', 12],
      ['Markedsstruktur', 15],
      ['Bygg en ferdighet', 8],
    ]);
    const admins = await ds.getRepository(User).findBy({ role: 'admin' });
    expect(admins.map((a) => a.email)).toEqual(['mentor@example.no']);
  });

  // The lock is MySQL's GET_LOCK (SQLite is one embedded process), so this runs on MariaDB in every run.
  it('several instances starting at once on MySQL migrate and seed exactly once (the lock)', async () => {
    const other = await createTestDatabase({ mysql: true });
    const cfg = parseEnv({
      DATABASE_URL: other.url,
      ADMIN_EMAIL: 'a@example.no',
      ADMIN_PASSWORD: 'admin-passord',
      LOG_LEVEL: 'silent',
    });
    const sources = await Promise.all(
      [1, 2, 3].map(() => new DataSource(buildDataSourceOptions({ databaseUrl: other.url })).initialize()),
    );
    try {
      await Promise.all(sources.map((s) => withMigrationLock(s, async () => (await runMigrations(s), await seed(s, cfg)))));
      const s = sources[0];
      expect(await s.getRepository(Course).count()).toBe(6);
      expect(await s.getRepository(CourseModule).count()).toBe(33);
      expect(await s.getRepository(User).count()).toBe(1);
      const rows: unknown[] = await s.query('SELECT * FROM migrations');
      expect(rows).toHaveLength(s.migrations.length);
    } finally {
      await Promise.all(sources.map((s) => s.destroy()));
      await other.drop();
    }
  });
});
