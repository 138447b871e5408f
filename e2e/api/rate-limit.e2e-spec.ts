import { createTestDatabase } from './support/test-database';
import { startTestApp, TestApp } from './support/test-app';

const lead = (i: number) => ({ email: `rl${i}@example.no`, courseType: 'starter', source: '/' });

/** The write limit is shared by every instance through the database (here: two instances, one MariaDB). */
describe('rate limit across instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const db = await createTestDatabase({ mysql: true });
    a = await startTestApp({ RATE_LIMIT_WRITES: '10' }, { db });
    b = await startTestApp({ RATE_LIMIT_WRITES: '10' }, { db: { ...db, drop: async () => undefined } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('hits on one instance count on the other', async () => {
    for (let i = 0; i < 6; i++) await a.http().post('/api/leads').send(lead(i)).expect(201);
    await new Promise((r) => setTimeout(r, 600));
    const statuses: number[] = [];
    for (let i = 6; i < 12; i++) statuses.push((await b.http().post('/api/leads').send(lead(i))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    // The first instance learns the shared total when it writes its next hits (within 250 ms).
    await a.http().post('/api/leads').send(lead(99));
    await new Promise((r) => setTimeout(r, 600));
    expect((await a.http().post('/api/leads').send(lead(100))).status).toBe(429);
  });
});
