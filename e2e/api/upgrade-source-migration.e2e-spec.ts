import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Issue 33 on a database from before: an upgrade priced with a credit gets the order its credit came
 * from (the buyer's latest paid Foundation order before it), so that the refund rules and the payment's
 * check work for upgrades made before. Runs on the dialect of this run (SQLite, or MySQL with TEST_DATABASE_URL).
 */
describe('migration 1795700000000 on existing orders', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(buildDataSourceOptions({ databaseUrl: db.url })).initialize();
    await runMigrations(ds);
    const executed: Array<{ name: string }> = await ds.query('SELECT name FROM migrations ORDER BY id DESC');
    for (const m of executed) {
      await ds.undoLastMigration({ transaction: 'each' });
      if (m.name === 'UpgradeCreditSource1795700000000') break;
    }
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const q = (name: string) => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const at = () => (db.dialect === 'mysql' ? new Date('2026-05-01T10:00:00.000Z') : '2026-05-01 10:00:00.000');

  it('links each upgrade with a credit to the buyer’s latest paid Foundation order before it; nothing else', async () => {
    const order = async (userId: number, courseId: string, status: string, credit = 0, refusal: string | null = null) => {
      await ds.query(
        `INSERT INTO ${q('orders')} (${q('userId')}, ${q('email')}, ${q('firstName')}, ${q('lastName')}, ${q('courseId')}, ${q('amountOre')}, ${q('paymentMethod')}, ${q('provider')}, ${q('status')}, ${q('upgradeCreditOre')}, ${q('refusal')}, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, 'Kari', 'Nordmann', ?, 199700, 'card', 'stripe', ?, ?, ?, ?, ?)`,
        [userId, `elev${userId}@example.no`, courseId, status, credit, refusal, at(), at()],
      );
      const [{ id }] = (await ds.query(`SELECT MAX(${q('id')}) AS id FROM ${q('orders')}`)) as Array<{ id: number }>;
      return Number(id);
    };
    const f1 = await order(1, 'foundation', 'paid');
    const refused = await order(1, 'foundation', 'refunded', 0, 'already_owned');
    const up1 = await order(1, 'accelerator', 'paid', 199700);
    const f2old = await order(2, 'foundation', 'refunded');
    const f2 = await order(2, 'foundation', 'partially_refunded');
    const up2 = await order(2, 'accelerator', 'pending', 149700);
    const noCredit = await order(3, 'accelerator', 'paid');
    expect(refused).toBeGreaterThan(f1);
    expect(f2).toBeGreaterThan(f2old);

    await runMigrations(ds);

    const rows = await ds.getRepository(Order).find({ order: { id: 'ASC' } });
    const source = (id: number) => rows.find((r) => r.id === id)!.upgradeFromOrderId;
    expect(source(up1)).toBe(f1);
    expect(source(up2)).toBe(f2);
    expect(source(noCredit)).toBeNull();
    expect(source(f1)).toBeNull();
  });
});
