import { PersonalDataRegistry } from '../../backend/src/platform/personal-data';
import { loginAs, startTestApp, TestApp } from './support/test-app';

/**
 * Tables that hold a user's id but belong to no personal data owner, each with its reason. A new table
 * with a user column fails this spec until an owner covers it (`tables` of `@OwnsPersonalData`) or it
 * is named here with why it stays.
 */
const KEPT_WITHOUT_OWNER: Record<string, string> = {
  launch_seats:
    'a seat counts towards the launch price for good (as the anonymised order that took it); the id leads nowhere once the account is erased',
};

/** Columns that name a user. Admin actor columns (grantedBy, createdBy, …) name the mentor, whose account cannot be erased. */
const USER_COLUMNS = new Set(['userId', 'actorId']);

describe('personal data: every table holding a user is covered by a registered owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const owners = () => t.app.get(PersonalDataRegistry).owners();

  it('each table with a user column (or a foreign key to users) has an owner, or a reason to stay', () => {
    const covered = new Set(owners().flatMap((o) => o.meta.tables));
    const holding = t.ds.entityMetadatas
      .filter(
        (e) =>
          e.columns.some((c) => USER_COLUMNS.has(c.propertyName)) ||
          e.foreignKeys.some((fk) => fk.referencedTablePath === 'users'),
      )
      .map((e) => e.tableName);
    expect(holding.length).toBeGreaterThan(10);
    const uncovered = holding.filter((table) => !covered.has(table) && !(table in KEPT_WITHOUT_OWNER));
    expect(uncovered).toEqual([]);
  });

  it('every table an owner names exists, and the exceptions are still needed', () => {
    const tables = new Set(t.ds.entityMetadatas.map((e) => e.tableName));
    expect(
      owners().flatMap((o) => o.meta.tables.filter((table) => !tables.has(table)).map((x) => `${o.meta.name}: ${x}`)),
    ).toEqual([]);
    const covered = new Set(owners().flatMap((o) => o.meta.tables));
    for (const table of Object.keys(KEPT_WITHOUT_OWNER)) {
      expect(tables.has(table)).toBe(true);
      expect(covered.has(table)).toBe(false);
    }
  });

  it('owners run in their erasure order, and the export is exactly their sections', async () => {
    const order = owners().map((o) => o.meta.eraseOrder);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(owners().map((o) => o.meta.name)).toEqual([
      'orders',
      'subscriptions',
      'access',
      'quizAttempts',
      'vipps-login',
      'identity',
      'leads',
      'outbox',
      'marketing',
      'checkout-reminders',
      'certificates',
      'live',
      'questions',
      'mentorThreads',
      'discord',
      'partners',
      'audit',
    ]);
    const { agent } = await loginAs(t);
    const res = await agent.get('/api/account/export').expect(200);
    const sections = owners().flatMap((o) => o.meta.sections);
    expect(new Set(sections).size).toBe(sections.length);
    expect(Object.keys(res.body).sort()).toEqual(['exportedAt', ...sections].sort());
  });
});
