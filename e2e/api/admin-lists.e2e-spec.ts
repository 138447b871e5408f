import type TestAgent from 'supertest/lib/agent';
import { adminAgent, createUser, insertLead, insertOrder, listQuery, totalOf, uniqueEmail } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

const LISTS = ['leads', 'users', 'orders', 'courses', 'modules', 'audit-log'] as const;

const DAY = 86_400_000;

describe('admin API: lists in the ra-data-simple-rest dialect', () => {
  let t: TestApp;
  let admin: TestAgent;
  const tag = `liste-${Date.now().toString(36)}`;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
    const now = Date.now();
    // Five leads with a common tag in the address, spread over five days.
    const buyer = await createUser(t, { email: `c-${tag}@example.no` });
    const letters = ['a', 'b', 'c', 'd', 'e'];
    for (const [i, l] of letters.entries()) {
      const lead = await insertLead(t, {
        email: `${l}-${tag}@example.no`,
        courseType: i % 2 ? 'foundation' : 'starter',
        trafficSource: (['A', 'B', 'C', null, 'starter'] as const)[i],
        createdAt: new Date(now - (5 - i) * DAY),
        contacted: l === 'd',
        unsubscribedAt: l === 'e' ? new Date() : null,
        userId: l === 'c' ? buyer.id : null,
      });
      ids[l] = lead.id;
    }
    // 'b' has an account (not linked on the lead); 'c' has an account and a paid order.
    ids.bUser = (await createUser(t, { email: `b-${tag}@example.no` })).id;
    ids.cUser = buyer.id;
    await insertOrder(t, { email: `c-${tag}@example.no`, userId: buyer.id, status: 'paid' });
    await insertOrder(t, { email: `x-${tag}@example.no`, status: 'pending' });
    await insertOrder(t, { email: `y-${tag}@example.no`, status: 'refunded', refundedOre: 199700 });
    await insertOrder(t, { email: `z-${tag}@example.no`, status: 'paid', createdAt: new Date(now - 40 * DAY) });
  });
  afterAll(() => t.close());

  const leadsWith = async (filter: Record<string, unknown>, sort: [string, string] = ['email', 'ASC']) => {
    const res = await admin.get(`/api/admin/leads${listQuery({ sort, filter: { q: tag, ...filter } })}`).expect(200);
    return res.body.map((l: { email: string }) => l.email[0]).join('');
  };

  it('answers a JSON array and Content-Range: <resource> start-end/total on every list', async () => {
    for (const r of LISTS) {
      const res = await admin.get(`/api/admin/${r}${listQuery({ range: [0, 1] })}`).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
      const total = totalOf(res);
      expect(res.headers['content-range']).toBe(res.body.length ? `${r} 0-${res.body.length - 1}/${total}` : `${r} */${total}`);
      expect(res.body.length).toBe(Math.min(2, total));
    }
  });

  it('range pages through the rows, sort orders them, the total counts the whole filtered list', async () => {
    const q = (range: [number, number], order: string) =>
      admin.get(`/api/admin/leads${listQuery({ sort: ['email', order], range, filter: { q: tag } })}`).expect(200);
    const first = await q([0, 1], 'ASC');
    const second = await q([2, 3], 'ASC');
    const last = await q([4, 9], 'ASC');
    expect(first.headers['content-range']).toBe('leads 0-1/5');
    expect(second.headers['content-range']).toBe('leads 2-3/5');
    expect(last.headers['content-range']).toBe('leads 4-4/5');
    expect([...first.body, ...second.body, ...last.body].map((l: { email: string }) => l.email[0]).join('')).toBe('abcde');
    const desc = await q([0, 4], 'DESC');
    expect(desc.body.map((l: { email: string }) => l.email[0]).join('')).toBe('edcba');
    const beyond = await q([10, 19], 'ASC');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('leads */5');
  });

  it('filter={"id":[…]} answers exactly those records (getMany), on every list with numeric ids', async () => {
    const res = await admin.get(`/api/admin/leads${listQuery({ filter: { id: [ids.b, ids.d] } })}`).expect(200);
    expect(res.body.map((l: { id: number }) => l.id).sort()).toEqual([ids.b, ids.d].sort());
    const courses = await admin.get(`/api/admin/courses${listQuery({ filter: { id: ['foundation', 'starter'] } })}`).expect(200);
    expect(courses.body.map((c: { id: string }) => c.id).sort()).toEqual(['foundation', 'starter']);
  });

  it('leads: filters by date, course type, variant, account, purchase, contacted and unsubscribed', async () => {
    const day = (offset: number) => new Date(Date.now() - offset * DAY).toISOString();
    expect(await leadsWith({ createdFrom: day(3.5) })).toBe('cde');
    expect(await leadsWith({ createdTo: day(3.5) })).toBe('ab');
    expect(await leadsWith({ courseType: 'foundation' })).toBe('bd');
    expect(await leadsWith({ courseType: ['starter', 'foundation'] })).toBe('abcde');
    expect(await leadsWith({ trafficSource: 'A' })).toBe('a');
    expect(await leadsWith({ trafficSource: ['B', 'ukjent'] })).toBe('bd');
    expect(await leadsWith({ hasAccount: true })).toBe('bc');
    expect(await leadsWith({ hasAccount: false })).toBe('ade');
    expect(await leadsWith({ hasBought: true })).toBe('c');
    expect(await leadsWith({ hasBought: false })).toBe('abde');
    expect(await leadsWith({ contacted: true })).toBe('d');
    expect(await leadsWith({ unsubscribed: true })).toBe('e');
    expect(await leadsWith({ unsubscribed: false, contacted: false })).toBe('abc');
    // Cleared inputs (react-admin sends empty strings) do not filter.
    expect(await leadsWith({ courseType: '' })).toBe('abcde');
  });

  it('leads: the list says per row whether the address has an account and has bought', async () => {
    const res = await admin.get(`/api/admin/leads${listQuery({ sort: ['email', 'ASC'], filter: { q: tag } })}`).expect(200);
    const by = Object.fromEntries(res.body.map((l: { email: string }) => [l.email[0], l]));
    expect(by.a).toMatchObject({
      hasAccount: false,
      accountId: null,
      hasBought: false,
      trafficSource: 'A',
      courseType: 'starter',
    });
    expect(by.b).toMatchObject({ hasAccount: true, accountId: ids.bUser, hasBought: false });
    expect(by.c).toMatchObject({ hasAccount: true, accountId: ids.cUser, hasBought: true });
    expect(by.e.unsubscribedAt).toEqual(expect.any(String));
  });

  it('q searches case-insensitively and treats % and _ as plain characters', async () => {
    expect(await leadsWith({ q: `C-${tag.toUpperCase()}` })).toBe('c');
    const none = await admin.get(`/api/admin/leads${listQuery({ filter: { q: '%' } })}`).expect(200);
    expect(none.body).toEqual([]);
    const under = await admin.get(`/api/admin/leads${listQuery({ filter: { q: '_' } })}`).expect(200);
    expect(under.body).toEqual([]);
  });

  it('users: search, course filter and active courses per row', async () => {
    const email = uniqueEmail('søk');
    const u = await createUser(t, { email, courses: ['kryptovaluta'] });
    const res = await admin.get(`/api/admin/users${listQuery({ filter: { q: email.slice(0, 12) } })}`).expect(200);
    expect(res.body).toEqual([expect.objectContaining({ id: u.id, email, role: 'student', courses: ['kryptovaluta'] })]);
    expect(res.body[0]).not.toHaveProperty('passwordHash');
    const owners = await admin.get(`/api/admin/users${listQuery({ filter: { courseId: 'kryptovaluta' } })}`).expect(200);
    expect(owners.body.map((x: { id: number }) => x.id)).toEqual([u.id]);
    const admins = await admin.get(`/api/admin/users${listQuery({ filter: { role: 'admin' } })}`).expect(200);
    expect(admins.body.every((x: { role: string }) => x.role === 'admin')).toBe(true);
  });

  it('orders: status filter (one or several), guarantee filter, sort by amount', async () => {
    const q = (filter: Record<string, unknown>) =>
      admin.get(`/api/admin/orders${listQuery({ filter: { q: tag, ...filter }, sort: ['email', 'ASC'] })}`).expect(200);
    const letters = (res: { body: Array<{ email: string }> }) => res.body.map((o) => o.email[0]).join('');
    expect(letters(await q({ status: 'paid' }))).toBe('cz');
    expect(letters(await q({ status: ['pending', 'refunded'] }))).toBe('xy');
    expect(letters(await q({ withinGuarantee: true }))).toBe('c');
    expect(letters(await q({ withinGuarantee: false }))).toBe('xyz');
    const row = (await q({ status: 'paid' })).body[0];
    expect(row).toMatchObject({ status: 'paid', amountOre: 199700, daysSincePurchase: 0, withinGuarantee: true });
    const old = (await q({ status: 'paid' })).body[1];
    expect(old).toMatchObject({ daysSincePurchase: 40, withinGuarantee: false });
  });

  it('modules: filter by course, sorted by course and position', async () => {
    const res = await admin
      .get(`/api/admin/modules${listQuery({ filter: { courseId: 'starter' }, sort: ['position', 'ASC'] })}`)
      .expect(200);
    expect(res.body.map((m: { title: string }) => m.title)).toEqual([
      'Trading er ikke gambling',
      'Oppsett av TradingView',
      'Markedsstruktur',
      'Bygg en ferdighet',
    ]);
    expect(totalOf(res)).toBe(4);
    const all = await admin.get(`/api/admin/modules${listQuery({ sort: ['courseId', 'ASC'], range: [0, 99] })}`).expect(200);
    const keys = all.body.map(
      (m: { courseId: string; position: number }) => `${m.courseId}:${String(m.position).padStart(3, '0')}`,
    );
    expect(keys).toEqual([...keys].sort());
  });

  describe('bad list parameters answer 400 in the error shape, never 500', () => {
    const bad: Array<[string, string]> = [
      ['malformed sort JSON', 'sort=%5B%22email%22'],
      ['sort that is not a pair', `sort=${encodeURIComponent('["email"]')}`],
      ['unknown sort field', `sort=${encodeURIComponent('["passwordHash","ASC"]')}`],
      ['bad sort order', `sort=${encodeURIComponent('["id","SIDEWAYS"]')}`],
      ['malformed range JSON', 'range=%5B0%2C'],
      ['negative range', `range=${encodeURIComponent('[-5,10]')}`],
      ['range end before start', `range=${encodeURIComponent('[10,2]')}`],
      ['huge range', `range=${encodeURIComponent('[0,100000]')}`],
      ['fractional range', `range=${encodeURIComponent('[0.5,10]')}`],
      ['range of strings', `range=${encodeURIComponent('["0","10"]')}`],
      ['malformed filter JSON', 'filter=%7B%22q%22'],
      ['filter that is an array', `filter=${encodeURIComponent('[1,2]')}`],
      ['unknown filter', `filter=${encodeURIComponent('{"passwordHash":"x"}')}`],
      ['bad id list', `filter=${encodeURIComponent('{"id":["1 OR 1=1"]}')}`],
      ['repeated parameter', 'sort=%5B%22id%22%2C%22ASC%22%5D&sort=%5B%22id%22%2C%22ASC%22%5D'],
    ];
    it.each(LISTS.flatMap((r) => bad.map(([name, qs]) => [r, name, qs] as const)))('%s: %s', async (resource, _name, qs) => {
      const res = await admin.get(`/api/admin/${resource}?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: expect.any(String) });
      expect(res.body.message).not.toMatch(/SQL|Error|undefined/);
    });

    it.each([
      ['leads', { createdFrom: 'i går' }],
      ['leads', { createdTo: '2025-02-30' }],
      ['leads', { hasBought: 'kanskje' }],
      ['leads', { courseType: 'ukjent-kurs' }],
      ['leads', { trafficSource: 'Z' }],
      ['leads', { q: 'x'.repeat(500) }],
      ['users', { courseId: 'ukjent-kurs' }],
      ['users', { role: 'superadmin' }],
      ['orders', { status: 'betalt' }],
      ['orders', { withinGuarantee: 1 }],
      ['modules', { published: 'yes' }],
      ['audit-log', { entity: 'passwords' }],
      ['leads', { id: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ] as const)('%s: filter %j', async (resource, filter) => {
      const res = await admin.get(`/api/admin/${resource}${listQuery({ filter })}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    });

    it('a page of 500 rows is allowed; 501 is not', async () => {
      await admin.get(`/api/admin/leads${listQuery({ range: [0, 499] })}`).expect(200);
      const res = await admin.get(`/api/admin/leads${listQuery({ range: [0, 500] })}`).expect(400);
      expect(res.body.message).toBe('Kan hente maks 500 rader om gangen');
    });

    it('an id that is not a number is a 404, not a 500', async () => {
      for (const path of [
        '/api/admin/leads/abc',
        '/api/admin/users/1e3',
        '/api/admin/orders/-1',
        '/api/admin/modules/99999999999',
      ]) {
        const res = await admin.get(path).expect(404);
        expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
      await admin.get('/api/admin/courses/finnes-ikke').expect(404);
    });
  });
});

describe('admin API: the audit log filters on every action the panel names', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  it('takes an action outside the first set (a campaign code, a live session, a broadcast) and finds its rows', async () => {
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code: `LOGG${Date.now().toString(36).toUpperCase()}`, percentOff: 10, courseIds: ['foundation'] })
      .expect(201);
    const made = await admin.get(`/api/admin/audit-log${listQuery({ filter: { action: 'campaign_code.create' } })}`).expect(200);
    expect(made.body.length).toBeGreaterThan(0);
    for (const action of ['live_session.create', 'broadcast.created', 'sequence.updated', 'account.deleted_by_user'])
      await admin.get(`/api/admin/audit-log${listQuery({ filter: { action } })}`).expect(200);
  });
});
