import { DataSource } from 'typeorm';
import { backfill } from './backfill';

describe('backfill (one data backfill for both dialects)', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await ds.query(`CREATE TABLE "things" ("id" integer PRIMARY KEY, "kind" varchar(16), "at" datetime, "n" integer)`);
  });
  afterAll(() => ds.destroy());

  it('inserts, updates with a quoted condition and reads back, binding values for the dialect', async () => {
    const runner = ds.createQueryRunner();
    try {
      const b = backfill(runner);
      await b.insert('things', [
        { id: 1, kind: null, at: null, n: 1 },
        { id: 2, kind: 'old', at: null, n: 2 },
        { id: 3, kind: null, at: null, n: 3 },
      ]);
      await b.insert('things', []);
      const changed = await b.update(
        'things',
        { kind: 'new', at: b.timestamp(new Date('2026-11-25T10:00:00Z')) },
        `${b.col('kind')} IS NULL AND ${b.col('n')} < :max`,
        { max: 3 },
      );
      expect(changed).toBe(1);
      expect(await b.select('things', ['id', 'kind', 'at'], `${b.col('id')} IN (:...ids)`, { ids: [1, 2, 3] })).toEqual([
        { id: 1, kind: 'new', at: '2026-11-25 10:00:00.000' },
        { id: 2, kind: 'old', at: null },
        { id: 3, kind: null, at: null },
      ]);
    } finally {
      await runner.release();
    }
  });

  it('quotes names as the dialect does', () => {
    expect(backfill(ds.createQueryRunner()).col('userId')).toBe('"userId"');
  });
});
