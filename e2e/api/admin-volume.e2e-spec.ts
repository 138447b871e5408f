import type TestAgent from 'supertest/lib/agent';
import { STUDENT_LEADS_SHOWN } from '@academy/contracts';
import { COUNT_AHEAD } from '../../backend/src/platform/list/list-query';
import { adminAgent, listQuery, totalOf } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

/** supertest: keep the body as raw bytes. */
function binary(res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

const COUNT = 3000;

/**
 * The lead list at more than one export batch (1 000) and many ties: every row comes out once, in
 * the list's order, streamed; deep pages of the list hold the same rows as walking it from the top.
 * The leads are inserted set-based (one INSERT … SELECT over a numbers table), like bench:scale does.
 */
describe('admin API: the lead list and its CSV at volume', () => {
  let t: TestApp;
  let admin: TestAgent;
  const tag = `vol${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
    const mysql = t.ds.options.type === 'mysql';
    const digits = `(SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
      UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)`;
    const email = mysql ? `CONCAT(?, '-', n, '@example.no')` : `? || '-' || n || '@example.no'`;
    // Seven distinct times only: thousands of ties on the sort column, across batch boundaries.
    const at = `CASE n % 7 WHEN 0 THEN '2026-01-01 10:00:00.000' WHEN 1 THEN '2026-01-02 10:00:00.000'
      WHEN 2 THEN '2026-01-03 10:00:00.000' WHEN 3 THEN '2026-01-04 10:00:00.000' WHEN 4 THEN '2026-01-05 10:00:00.000'
      WHEN 5 THEN '2026-01-06 10:00:00.000' ELSE '2026-01-07 10:00:00.000' END`;
    await t.ds.query(
      `INSERT INTO leads (email, courseType, source, contacted, unsubscribedAt, createdAt, trafficSource, utmSource)
       SELECT ${email}, 'starter', '/', 0, CASE WHEN n % 10 = 0 THEN '2026-02-01 10:00:00.000' ELSE NULL END, ${at},
         CASE n % 3 WHEN 0 THEN 'A' WHEN 1 THEN 'B' ELSE NULL END, CASE n % 2 WHEN 0 THEN 'google' ELSE NULL END
       FROM (SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d AS n FROM ${digits} a, ${digits} b, ${digits} c, ${digits} e) nums
       WHERE n < ?`,
      [tag, COUNT],
    );
  });
  afterAll(() => t.close());

  const csvIds = async (qs: string) => {
    const res = await admin
      .get(`/api/admin/leads/export.csv${qs}`)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    const lines = (res.body as Buffer).toString('utf8').slice(1).split('\r\n').filter(Boolean);
    return { res, ids: lines.slice(1).map((l) => Number(/^"(\d+)"/.exec(l)![1])) };
  };

  /** The tagged leads' ids in an order, straight from the database. */
  const dbIds = async (orderBy: string, subscribedOnly: boolean) => {
    const rows: Array<{ id: number | string }> = await t.ds.query(
      `SELECT id FROM leads WHERE email LIKE ? ${subscribedOnly ? 'AND unsubscribedAt IS NULL' : ''} ORDER BY ${orderBy}`,
      [`${tag}-%`],
    );
    return rows.map((r) => Number(r.id));
  };

  it('streams every row of the filtered list (no cap), each once, in the list order', async () => {
    const { res, ids } = await csvIds(listQuery({ filter: { q: tag } }));
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(ids).toHaveLength(COUNT - COUNT / 10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await dbIds('createdAt DESC, id DESC', true));
  });

  it('pages through a nullable sort column (the variant) without losing or repeating a row', async () => {
    const asc = await csvIds(`${listQuery({ filter: { q: tag }, sort: ['trafficSource', 'ASC'] })}&includeUnsubscribed=true`);
    expect(asc.ids).toHaveLength(COUNT);
    expect(asc.ids).toEqual(await dbIds('trafficSource ASC, id ASC', false));
    const desc = await csvIds(`${listQuery({ filter: { q: tag }, sort: ['trafficSource', 'DESC'] })}&includeUnsubscribed=true`);
    expect(desc.ids).toEqual(await dbIds('trafficSource DESC, id DESC', false));
    const filtered = await csvIds(listQuery({ filter: { q: tag, utmSource: 'google', trafficSource: 'A' } }));
    expect(filtered.ids.length).toBeGreaterThan(200);
    expect(filtered.ids).toEqual(
      (
        (await t.ds.query(
          `SELECT id FROM leads WHERE email LIKE ? AND unsubscribedAt IS NULL AND utmSource = 'google' AND trafficSource = 'A' ORDER BY createdAt DESC, id DESC`,
          [`${tag}-%`],
        )) as Array<{ id: number | string }>
      ).map((r) => Number(r.id)),
    );
  });

  it('deep pages hold the rows that walking the list from the top finds, with the right total', async () => {
    const expected = await dbIds('createdAt DESC, id DESC', false);
    const walked: number[] = [];
    for (let start = 0; start < COUNT; start += 500) {
      const res = await admin
        .get(`/api/admin/leads${listQuery({ filter: { q: tag }, range: [start, start + 499] })}`)
        .expect(200);
      // A search reads every row: its total is counted a bound past the page (exact near the end).
      expect(totalOf(res)).toBe(Math.min(COUNT, start + 500 + COUNT_AHEAD + 1));
      expect(res.headers['x-total-capped']).toBe(start + 500 + COUNT_AHEAD < COUNT ? '1' : undefined);
      walked.push(...(res.body as Array<{ id: number }>).map((l) => l.id));
    }
    expect(walked).toEqual(expected);
    const deep = await admin
      .get(`/api/admin/leads${listQuery({ filter: { q: tag }, range: [COUNT - 7, COUNT + 20] })}`)
      .expect(200);
    expect((deep.body as Array<{ id: number }>).map((l) => l.id)).toEqual(expected.slice(COUNT - 7));
    expect(deep.headers['content-range']).toBe(`leads ${COUNT - 7}-${COUNT - 1}/${COUNT}`);
  });

  it('under «har konto» and «har kjøpt» the total is counted a bound past the page and says so; the pages still reach every row', async () => {
    const expected = await dbIds('createdAt DESC, id DESC', false);
    const page = (range: [number, number], filter: Record<string, unknown> = { hasAccount: false }) =>
      admin.get(`/api/admin/leads${listQuery({ filter: { q: tag, ...filter }, range })}`).expect(200);
    const first = await page([0, 24]);
    expect(first.headers['content-range']).toBe(`leads 0-24/${25 + COUNT_AHEAD + 1}`);
    expect(first.headers['x-total-capped']).toBe('1');
    // Near the end the bound passes the last row: the total is exact again, and not marked.
    const last = await page([COUNT - 500, COUNT - 1]);
    expect(last.headers['content-range']).toBe(`leads ${COUNT - 500}-${COUNT - 1}/${COUNT}`);
    expect(last.headers['x-total-capped']).toBeUndefined();
    const walked: number[] = [];
    for (let start = 0; start < COUNT; start += 500) {
      const res = await page([start, start + 499], { hasBought: false });
      expect(totalOf(res)).toBeGreaterThanOrEqual(Math.min(COUNT, start + 500 + 1));
      walked.push(...(res.body as Array<{ id: number }>).map((l) => l.id));
    }
    expect(walked).toEqual(expected);
    // Fewer rows than the bound: exact.
    const none = await page([0, 24], { hasBought: true });
    expect(none.headers['content-range']).toBe('leads */0');
    expect(none.headers['x-total-capped']).toBeUndefined();
    // The search alone is counted the same way (one walk over the ids gives the page and the total).
    const searched = await page([0, 24], {});
    expect(searched.headers['content-range']).toBe(`leads 0-24/${25 + COUNT_AHEAD + 1}`);
    expect(searched.headers['x-total-capped']).toBe('1');
    // Filters that read only the lead's own columns are always counted exactly.
    const plain = await admin
      .get(
        `/api/admin/leads${listQuery({ filter: { trafficSource: 'A', createdFrom: '2026-01-01', createdTo: '2026-01-07' }, range: [0, 24] })}`,
      )
      .expect(200);
    expect(plain.headers['x-total-capped']).toBeUndefined();
    expect(totalOf(plain)).toBe(Math.ceil(COUNT / 3));
  });

  it("the student page carries a student's newest leads and says how many there are in all", async () => {
    const email = `${tag}-elev@example.no`;
    const student = await admin.post('/api/admin/users').send({ email }).expect(201);
    const id = student.body.id as number;
    const shown = STUDENT_LEADS_SHOWN;
    for (let i = 0; i < shown + 12; i++) {
      await t.ds.query(`INSERT INTO leads (email, courseType, source, contacted, createdAt) VALUES (?, 'starter', '/', 0, ?)`, [
        email,
        `2026-03-${String(1 + (i % 28)).padStart(2, '0')} 10:00:${String(i % 60).padStart(2, '0')}.000`,
      ]);
    }
    const all: Array<{ id: number | string }> = await t.ds.query(
      'SELECT id FROM leads WHERE email = ? ORDER BY createdAt DESC, id DESC',
      [email],
    );
    const res = await admin.get(`/api/admin/users/${id}`).expect(200);
    expect(res.body.leadsTotal).toBe(all.length);
    expect(all.length).toBeGreaterThan(shown);
    expect((res.body.leads as Array<{ id: number }>).map((l) => l.id)).toEqual(all.slice(0, shown).map((r) => Number(r.id)));
  });
});
