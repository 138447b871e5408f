import type TestAgent from 'supertest/lib/agent';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { LeadAddress } from '../../backend/src/leads/entities/lead-address.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { LeadsService } from '../../backend/src/leads/leads.service';
import { adminAgent, createUser, demoPurchase, insertLead, insertOrder } from './admin-helpers';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('admin API: dashboard statistics', () => {
  let t: TestApp;
  let admin: TestAgent;
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
    // Period: Monday 3 March – Sunday 16 March 2025 (Oslo, UTC+1).
    const a1 = await createUser(t, { email: 'a1@stat.no' });
    await createUser(t, { email: 'a2@stat.no' });
    await insertLead(t, { email: 'a1@stat.no', trafficSource: 'A', createdAt: at('2025-03-03T08:00:00Z'), userId: a1.id });
    await insertLead(t, { email: 'a1@stat.no', trafficSource: 'A', createdAt: at('2025-03-04T08:00:00Z') }); // same person again
    await insertLead(t, { email: 'a2@stat.no', trafficSource: 'A', createdAt: at('2025-03-04T12:00:00Z') });
    // 23:30 UTC on the 4th is 00:30 on the 5th in Oslo.
    await insertLead(t, { email: 'a3@stat.no', trafficSource: 'A', createdAt: at('2025-03-04T23:30:00Z') });
    await insertLead(t, { email: 'b1@stat.no', trafficSource: 'B', createdAt: at('2025-03-10T10:00:00Z') });
    await insertLead(t, { email: 'u1@stat.no', trafficSource: null, createdAt: at('2025-03-16T22:59:00Z') }); // 23:59 Oslo, still inside
    await insertLead(t, { email: 'late@stat.no', trafficSource: 'B', createdAt: at('2025-03-16T23:00:00Z') }); // 17 March in Oslo: outside
    await insertLead(t, { email: 'early@stat.no', trafficSource: 'C', createdAt: at('2025-03-02T22:59:00Z') }); // 2 March in Oslo: outside

    // a1 bought Foundation (attributed to A); b1 bought by e-mail only, later fully refunded.
    const paid = await insertOrder(t, {
      email: 'a1@stat.no',
      userId: a1.id,
      trafficSource: 'A',
      createdAt: at('2025-03-05T09:00:00Z'),
    });
    const refunded = await insertOrder(t, {
      email: 'b1@stat.no',
      courseId: 'accelerator',
      amountOre: 499700,
      refundedOre: 499700,
      status: 'refunded',
      trafficSource: 'B',
      createdAt: at('2025-03-11T09:00:00Z'),
    });
    await insertOrder(t, { email: 'x@stat.no', status: 'pending', trafficSource: 'A', createdAt: at('2025-03-06T09:00:00Z') });
    await insertOrder(t, { email: 'y@stat.no', status: 'paid', trafficSource: 'A', createdAt: at('2025-02-20T09:00:00Z') }); // before
    const refunds = t.ds.getRepository(Refund);
    await refunds.insert({
      orderId: refunded.id,
      amountOre: 499700,
      reason: 'Angret',
      status: 'succeeded',
      createdAt: at('2025-03-12T09:00:00Z'),
    });
    await refunds.insert({
      orderId: paid.id,
      amountOre: 100,
      reason: 'Feilet',
      status: 'failed',
      createdAt: at('2025-03-12T09:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('counts leads per Oslo day and variant', async () => {
    const res = await admin.get('/api/admin/stats?from=2025-03-03&to=2025-03-16').expect(200);
    const s = res.body;
    expect(s).toMatchObject({ from: '2025-03-03', to: '2025-03-16' });
    expect(s.leadsPerDay).toHaveLength(14);
    const day = (d: string) => s.leadsPerDay.find((r: { date: string }) => r.date === d);
    expect(day('2025-03-03')).toEqual({ date: '2025-03-03', A: 1, B: 0, C: 0, D: 0, starter: 0, ukjent: 0 });
    expect(day('2025-03-04')).toMatchObject({ A: 2 });
    expect(day('2025-03-05')).toMatchObject({ A: 1 });
    expect(day('2025-03-10')).toMatchObject({ B: 1 });
    expect(day('2025-03-16')).toMatchObject({ B: 0, ukjent: 1 });
    const total = s.leadsPerDay.reduce(
      (n: number, r: Record<string, number>) => n + r.A + r.B + r.C + r.D + r.starter + r.ukjent,
      0,
    );
    expect(total).toBe(6);
  });

  it('shows the funnel lead → account → purchase per variant, with revenue', async () => {
    const s = (await admin.get('/api/admin/stats?from=2025-03-03&to=2025-03-16').expect(200)).body;
    const v = (name: string) => s.funnel.find((r: { variant: string }) => r.variant === name);
    expect(s.funnel.map((r: { variant: string }) => r.variant)).toEqual(['A', 'B', 'C', 'D', 'starter', 'ukjent']);
    expect(v('A')).toEqual({ variant: 'A', leads: 3, accounts: 2, buyers: 1, revenueOre: 199700 });
    expect(v('B')).toEqual({ variant: 'B', leads: 1, accounts: 0, buyers: 1, revenueOre: 499700 });
    expect(v('C')).toEqual({ variant: 'C', leads: 0, accounts: 0, buyers: 0, revenueOre: 0 });
    expect(v('ukjent')).toMatchObject({ leads: 1, accounts: 0, buyers: 0 });
    expect(s.totals).toEqual({ leads: 5, accounts: 2, buyers: 2, revenueOre: 699400, refundsOre: 499700 });
  });

  it('sums revenue and refunds per ISO week', async () => {
    const s = (await admin.get('/api/admin/stats?from=2025-03-03&to=2025-03-16').expect(200)).body;
    expect(s.revenuePerWeek).toEqual([
      { weekStart: '2025-03-03', week: '2025-U10', revenueOre: 199700, refundsOre: 0, orders: 1 },
      { weekStart: '2025-03-10', week: '2025-U11', revenueOre: 499700, refundsOre: 499700, orders: 1 },
    ]);
  });

  it('lists the newest leads and orders', async () => {
    const s = (await admin.get('/api/admin/stats?from=2025-03-03&to=2025-03-16').expect(200)).body;
    expect(s.latestLeads[0]).toMatchObject({ email: 'late@stat.no' });
    expect(s.latestLeads[0]).toHaveProperty('hasBought', false);
    expect(s.latestOrders[0]).toMatchObject({ email: 'b1@stat.no', status: 'refunded' });
    expect(s.latestLeads.length).toBeLessThanOrEqual(10);
  });

  it('defaults to the last 30 days', async () => {
    const s = (await admin.get('/api/admin/stats').expect(200)).body;
    expect(s.leadsPerDay).toHaveLength(30);
    expect(s.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['from=03.03.2025'],
    ['from=2025-02-30'],
    ['to=i-dag'],
    ['from=2025-03-10&to=2025-03-01'],
    ['from=2020-01-01&to=2025-01-01'],
    ['from=2025-03-01&from=2025-03-02'],
  ])('bad period %s answers 400', async (qs) => {
    const res = await admin.get(`/api/admin/stats?${qs}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
  });
});

describe('admin API: the funnel follows what happens after its per-address rows are made', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  /** The funnel of the last 30 days for one variant. */
  const funnelOf = async (variant: string) => {
    const s = (await admin.get('/api/admin/stats').expect(200)).body;
    return s.funnel.find((r: { variant: string }) => r.variant === variant) as {
      leads: number;
      accounts: number;
      buyers: number;
    };
  };
  const lead = (email: string, trafficSource: string) =>
    t
      .http()
      .post('/api/leads')
      .send({ email, courseType: 'foundation', source: '/kurs/foundation', attribution: { trafficSource } })
      .expect(201);

  it('a lead, then a free sign-up, then a purchase: each shows in the next statistics', async () => {
    const email = uniqueEmail('trakt');
    await lead(email, 'C');
    expect(await funnelOf('C')).toMatchObject({ leads: 1, accounts: 0, buyers: 0 });
    // The row exists now, and the lead points at it.
    const row = await t.ds.getRepository(LeadAddress).findOneByOrFail({ email });
    expect(row).toMatchObject({ firstVariant: 'C', userId: null, bought: false });
    expect(await t.ds.getRepository(Lead).findOneByOrFail({ email })).toMatchObject({ addressId: row.id });

    await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'C' }).expect(200);
    expect(await funnelOf('C')).toMatchObject({ leads: 1, accounts: 1, buyers: 0 });

    await demoPurchase(t, { email, courseId: 'foundation' });
    expect(await funnelOf('C')).toMatchObject({ leads: 1, accounts: 1, buyers: 1 });
    // A second lead of the same person is the same address.
    await lead(email, 'D');
    expect(await funnelOf('C')).toMatchObject({ leads: 1, accounts: 1, buyers: 1 });
    expect(await funnelOf('D')).toMatchObject({ leads: 0 });
  });

  it('counts Oslo days across both clock changes of a year, on either side of midnight', async () => {
    const at = (iso: string) => new Date(iso);
    for (const iso of [
      '2025-03-29T22:59:00Z', // 23:59 on the 29th (winter time)
      '2025-03-29T23:00:00Z', // 00:00 on the 30th; the clocks go forward at 01:00 UTC
      '2025-03-30T21:59:00Z', // 23:59 on the 30th (summer time)
      '2025-03-30T22:00:00Z', // 00:00 on the 31st
      '2025-10-25T21:59:00Z', // 23:59 on 25 October (summer time)
      '2025-10-25T22:00:00Z', // 00:00 on the 26th; the clocks go back at 01:00 UTC
      '2025-10-26T22:59:00Z', // 23:59 on the 26th (winter time)
      '2025-10-26T23:00:00Z', // 00:00 on the 27th
    ])
      await insertLead(t, { email: uniqueEmail('klokke'), trafficSource: 'starter', createdAt: at(iso) });
    const s = (await admin.get('/api/admin/stats?from=2025-03-29&to=2025-10-27').expect(200)).body;
    const starter = (d: string) => s.leadsPerDay.find((r: { date: string }) => r.date === d).starter;
    expect(['2025-03-29', '2025-03-30', '2025-03-31', '2025-10-25', '2025-10-26', '2025-10-27'].map(starter)).toEqual([
      1, 2, 1, 1, 2, 1,
    ]);
    expect(s.leadsPerDay.reduce((n: number, r: { starter: number }) => n + r.starter, 0)).toBe(8);
  });

  it('a period counts an address by a lead inside it, not by leads on both sides of it; the span follows new leads and an erasure', async () => {
    const at = (iso: string) => new Date(iso);
    const [gap, inside, edge, linked] = ['gap', 'inne', 'kant', 'koblet'].map((n) => uniqueEmail(`spenn-${n}`));
    // gap: January and June; inside: March; edge: February and March.
    await insertLead(t, { email: gap, trafficSource: 'B', createdAt: at('2024-01-10T10:00:00Z') });
    await insertLead(t, { email: gap, trafficSource: 'B', createdAt: at('2024-06-10T10:00:00Z') });
    await insertLead(t, { email: inside, trafficSource: 'B', createdAt: at('2024-03-10T10:00:00Z') });
    await insertLead(t, { email: edge, trafficSource: 'B', createdAt: at('2024-02-20T10:00:00Z') });
    await insertLead(t, { email: edge, trafficSource: 'B', createdAt: at('2024-03-05T10:00:00Z') });
    const leadsIn = async (from: string, to: string) => {
      const s = (await admin.get(`/api/admin/stats?from=${from}&to=${to}`).expect(200)).body;
      return (s.funnel.find((r: { variant: string }) => r.variant === 'B') as { leads: number } | undefined)?.leads ?? 0;
    };
    expect(await leadsIn('2024-03-01', '2024-03-31')).toBe(2);
    expect(await leadsIn('2024-01-01', '2024-12-31')).toBe(3);
    expect(await leadsIn('2024-06-01', '2024-06-30')).toBe(1);
    expect(await leadsIn('2024-04-01', '2024-05-31')).toBe(0);
    const span = async (email: string) => {
      const row = await t.ds.getRepository(LeadAddress).findOneByOrFail({ email });
      return [row.firstLeadAt?.toISOString() ?? null, row.lastLeadAt?.toISOString() ?? null];
    };
    expect(await span(gap)).toEqual(['2024-01-10T10:00:00.000Z', '2024-06-10T10:00:00.000Z']);
    // A lead between the two: the span stays, and the period finds it by the lead itself.
    await insertLead(t, { email: gap, trafficSource: 'B', createdAt: at('2024-03-15T10:00:00Z') });
    expect(await leadsIn('2024-03-01', '2024-03-31')).toBe(3);
    expect(await span(gap)).toEqual(['2024-01-10T10:00:00.000Z', '2024-06-10T10:00:00.000Z']);
    // A later lead widens it.
    await insertLead(t, { email: gap, trafficSource: 'B', createdAt: at('2024-08-01T10:00:00Z') });
    expect(await leadsIn('2024-08-01', '2024-08-31')).toBe(1);
    expect(await span(gap)).toEqual(['2024-01-10T10:00:00.000Z', '2024-08-01T10:00:00.000Z']);

    // An account's erasure takes a lead of another address linked to it: that address's row (it has
    // an account of its own) keeps its other lead, and its span is that lead's alone.
    const owner = await createUser(t, { email: uniqueEmail('spenn-eier') });
    await createUser(t, { email: linked });
    await insertLead(t, { email: linked, trafficSource: 'B', createdAt: at('2024-10-01T10:00:00Z') });
    await insertLead(t, { email: linked, trafficSource: 'B', createdAt: at('2024-11-01T10:00:00Z'), userId: owner.id });
    expect(await leadsIn('2024-11-01', '2024-11-30')).toBe(1);
    expect(await span(linked)).toEqual(['2024-10-01T10:00:00.000Z', '2024-11-01T10:00:00.000Z']);
    await t.ds.transaction((m) => t.app.get(LeadsService).eraseFor({ userId: owner.id, email: owner.email }, m));
    expect(await span(linked)).toEqual(['2024-10-01T10:00:00.000Z', '2024-10-01T10:00:00.000Z']);
    expect(await leadsIn('2024-11-01', '2024-11-30')).toBe(0);
    expect(await leadsIn('2024-10-01', '2024-10-31')).toBe(1);
  });

  it('a buyer without a lead before, and a student the mentor makes, count once their lead is there', async () => {
    const buyer = uniqueEmail('kjoper-trakt');
    await demoPurchase(t, { email: buyer, courseId: 'foundation' });
    await lead(buyer, 'D');
    const made = uniqueEmail('elev-trakt');
    await lead(made, 'D');
    expect(await funnelOf('D')).toMatchObject({ leads: 2, accounts: 1, buyers: 1 });
    await admin.post('/api/admin/users').send({ email: made }).expect(201);
    expect(await funnelOf('D')).toMatchObject({ leads: 2, accounts: 2, buyers: 1 });
  });
});
