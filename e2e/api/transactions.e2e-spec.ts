import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { startTestApp, TestApp } from './support/test-app';

/** On SQLite every caller shares one connection; the gate keeps transactions apart from other work. */
describe('transactions under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const lead = (email: string) => ({
    email,
    courseType: 'starter',
    source: '/',
    contacted: false,
    createdAt: new Date(),
    attribution: {},
  });

  it('a statement of another request is not swept into a transaction that rolls back', async () => {
    let insideStarted!: () => void;
    const started = new Promise<void>((r) => (insideStarted = r));
    const failing = t.ds.transaction(async (m) => {
      await m.getRepository(Lead).insert(lead('inni@example.no'));
      insideStarted();
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('rull tilbake');
    });
    await started;
    const outside = t.ds.getRepository(Lead).insert(lead('utenfor@example.no'));
    await expect(failing).rejects.toThrow('rull tilbake');
    await outside;
    expect(await t.ds.getRepository(Lead).countBy({ email: 'inni@example.no' })).toBe(0);
    expect(await t.ds.getRepository(Lead).countBy({ email: 'utenfor@example.no' })).toBe(1);
  });

  it('two concurrent transactions do not nest: one rolling back leaves the other committed', async () => {
    const a = t.ds.transaction(async (m) => {
      await m.getRepository(Lead).insert(lead('a@example.no'));
      await new Promise((r) => setTimeout(r, 30));
      throw new Error('a feiler');
    });
    const b = t.ds.transaction(async (m) => {
      await m.getRepository(Lead).insert(lead('b@example.no'));
      await new Promise((r) => setTimeout(r, 10));
    });
    await expect(a).rejects.toThrow('a feiler');
    await b;
    expect(await t.ds.getRepository(Lead).countBy({ email: 'a@example.no' })).toBe(0);
    expect(await t.ds.getRepository(Lead).countBy({ email: 'b@example.no' })).toBe(1);
  });

  it('a transaction inside a transaction does not wait for itself', async () => {
    await t.ds.transaction(async (m) => {
      await m.getRepository(Lead).insert(lead('ytre@example.no'));
      await t.ds.transaction(async (m2) => m2.getRepository(Lead).insert(lead('indre@example.no')));
    });
    expect(await t.ds.getRepository(Lead).countBy({ email: 'indre@example.no' })).toBe(1);
  });
});
