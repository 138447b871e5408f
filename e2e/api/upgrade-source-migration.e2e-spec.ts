import { DataSource } from 'typeorm';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { databaseBefore, type DatabaseBefore } from './support/migration-database';

/**
 * Issue 33 on a database from before: an upgrade priced with a credit gets the order its credit came
 * from (the buyer's latest paid Foundation order before it), so that the refund rules and the payment's
 * check work for upgrades made before. Runs on the dialect of this run (SQLite, or MySQL with TEST_DATABASE_URL).
 */
describe('migration 1795700000000 on existing orders', () => {
  let before: DatabaseBefore;
  let ds: DataSource;
  beforeAll(async () => {
    before = await databaseBefore('UpgradeCreditSource1795700000000');
    ds = before.ds;
  });
  afterAll(() => before.close());

  const q = (name: string) => before.q(name);
  const at = () => before.at('2026-05-01T10:00:00.000Z');

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
