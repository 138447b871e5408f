import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { createUser, signInByLink, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * Partners (docs/decisions.md "Partners"): a partner's code → a paid order → a pending commission,
 * approved when the 30-day guarantee ends (injected clock), paid out with a mail; refunds within the
 * guarantee void or reduce it; VIP renewals with and without «også fornyelser»; the partner's page
 * shows no buyer's data; erasure waits for the payout.
 */
describe('partners: links, commission ledger, payouts, the partner page', () => {
  let t: TestApp;
  let admin: TestAgent;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await startTestApp({}, { clock });
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  let n = 0;
  /** A campaign code and a partner who owns it. */
  async function partner(opts: { percent?: number; ore?: number; includeRenewals?: boolean; courseIds?: string[] } = {}) {
    const code = `P${Date.now().toString(36).toUpperCase()}${n++}`;
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code, courseIds: opts.courseIds ?? ['foundation', 'vip'], percentOff: 10 })
      .expect(201);
    const email = uniqueEmail('partner');
    const res = await admin
      .post('/api/admin/partners')
      .send({
        name: 'Per Partner',
        email,
        ...(opts.ore !== undefined ? { commissionOre: opts.ore } : { commissionPercent: opts.percent ?? 10 }),
        codes: [code.toLowerCase()],
        ...(opts.includeRenewals !== undefined ? { includeRenewals: opts.includeRenewals } : {}),
      })
      .expect(201);
    return { id: res.body.id as number, code, email };
  }

  /** A demo purchase through the checkout with the code. */
  async function buy(code: string | null, courseId = 'foundation', email = uniqueEmail('kjoper')) {
    const res = await t
      .agent()
      .post('/api/checkout/sessions')
      .send({
        courseId,
        email,
        firstName: 'Kari',
        lastName: 'Kjøper',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
        ...(code ? { campaignCode: code } : {}),
      });
    expect([200, 201]).toContain(res.status);
    const order = await t.ds.getRepository(Order).findOneOrFail({ where: { email }, order: { id: 'DESC' } });
    expect(order.status).toBe('paid');
    return { order, email };
  }

  const detail = async (id: number) => (await admin.get(`/api/admin/partners/${id}`).expect(200)).body;

  it('a code → a pending commission → approved after 30 days → paid out with the settlement mailed, all audited', async () => {
    const p = await partner({ percent: 12.5 });
    const welcome = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ toAddress: p.email, kind: 'partner_welcome' });
    expect(welcome.subject).toContain('partner');

    const { order } = await buy(p.code);
    let d = await detail(p.id);
    expect(d.commissions).toEqual([
      expect.objectContaining({
        orderId: order.id,
        status: 'pending',
        amountOre: Math.round(order.amountOre * 0.125),
        kind: 'sale',
      }),
    ]);
    expect(d.totals).toEqual({ pendingOre: Math.round(order.amountOre * 0.125), approvedOre: 0, paidOre: 0 });
    // Nothing approved yet: nothing to pay, nothing due.
    await admin.post(`/api/admin/partners/${p.id}/payouts`).send({ paidAt: '2026-12-01', reference: 'BANK-1' }).expect(409);
    expect(
      (await admin.get('/api/admin/partner-payouts').expect(200)).body.find((r: { id: number }) => r.id === p.id),
    ).toBeUndefined();

    clock.advance(30 * DAY);
    d = await detail(p.id);
    expect(d.commissions[0].status).toBe('approved');
    const due = (await admin.get('/api/admin/partner-payouts').expect(200)).body.find((r: { id: number }) => r.id === p.id);
    expect(due).toMatchObject({ approvedOre: d.commissions[0].amountOre, commissions: 1 });

    const paid = await admin
      .post(`/api/admin/partners/${p.id}/payouts`)
      .send({ paidAt: '2026-12-02', reference: 'BANK-1' })
      .expect(201);
    expect(paid.body).toMatchObject({ totalOre: d.commissions[0].amountOre, commissions: 1, reference: 'BANK-1' });
    d = await detail(p.id);
    expect(d.commissions[0]).toMatchObject({ status: 'paid', payoutId: paid.body.id });
    expect(d.totals.paidOre).toBe(d.commissions[0].amountOre);
    // Paid once: a second click finds nothing.
    await admin.post(`/api/admin/partners/${p.id}/payouts`).send({ paidAt: '2026-12-02', reference: 'BANK-1' }).expect(409);
    const mail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ toAddress: p.email, kind: 'partner_payout' });
    expect(mail.subject).toContain('Utbetaling av provisjon');

    const actions = (await t.ds.getRepository(AuditLog).findBy({ entity: 'partner', entityId: String(p.id) })).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['partner.create', 'partner.commission_earned', 'partner.payout']);
  });

  it('a full refund within the guarantee voids the commission; a partial one reduces it in proportion', async () => {
    const p = await partner({ ore: 50_000 });
    const full = await buy(p.code);
    const part = await buy(p.code);
    await admin.post(`/api/admin/orders/${full.order.id}/refund`).send({ reason: 'Angrerett' }).expect(200);
    const half = Math.floor(part.order.amountOre / 2);
    await admin.post(`/api/admin/orders/${part.order.id}/refund`).send({ amount: half, reason: 'Delvis' }).expect(200);
    const d = await detail(p.id);
    const of = (id: number) => d.commissions.find((c: { orderId: number }) => c.orderId === id);
    expect(of(full.order.id)).toMatchObject({ status: 'void', amountOre: 0 });
    expect(of(part.order.id)).toMatchObject({
      status: 'pending',
      amountOre: Math.round((50_000 * (part.order.amountOre - half)) / part.order.amountOre),
    });
  });

  it('VIP renewals earn commission only with «også fornyelser»', async () => {
    const without = await partner({ percent: 10 });
    const withRenewals = await partner({ percent: 10, includeRenewals: true });
    for (const p of [without, withRenewals]) {
      const email = uniqueEmail('vip');
      await buy(p.code, 'vip', email);
      // The same member buys VIP again while the year runs: a renewal (without a code, as at the reminder).
      await buy(null, 'vip', email);
    }
    expect((await detail(without.id)).commissions.map((c: { kind: string }) => c.kind)).toEqual(['sale']);
    expect((await detail(withRenewals.id)).commissions.map((c: { kind: string }) => c.kind)).toEqual(['renewal', 'sale']);
  });

  it('the partner signs in and reads their page: orders without any buyer data; /p/KODE counts a click and applies the code', async () => {
    const p = await partner({ percent: 10 });
    const link = await t.http().get(`/p/${p.code.toLowerCase()}`).expect(302);
    expect(link.headers.location).toBe(`/?partner=${p.code}&via=lenke`);
    await t.http().get('/p/UKJENTKODE123').expect(302).expect('location', '/');
    await t.http().post('/api/partners/clicks').send({ code: p.code }).expect(204);
    expect((await t.http().get(`/api/partners/codes/${p.code}`).expect(200)).body).toEqual({
      code: p.code,
      partnerName: 'Per Partner',
    });
    await t.http().get('/api/partners/codes/UKJENTKODE123').expect(404);

    const { order, email } = await buy(p.code);
    const user = await createUser(t, { email: uniqueEmail('ikkepartner') });
    await (await signInByLink(t, user)).get('/api/partner/overview').expect(403);

    const partnerUser = await t.ds.getRepository('User').findOneByOrFail({ email: p.email });
    const page = await (await signInByLink(t, partnerUser as never)).get('/api/partner/overview').expect(200);
    expect(page.body).toMatchObject({
      name: 'Per Partner',
      codes: [p.code],
      orders: [{ orderId: order.id, courseId: 'foundation', amountOre: order.amountOre, status: 'pending' }],
    });
    expect(page.body.clicksPerDay.reduce((s: number, c: { clicks: number }) => s + c.clicks, 0)).toBe(2);
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(email);
    expect(text).not.toContain('Kari');
    expect(text).not.toContain('Kjøper');
  });

  it('erasure: a partner owed commission is erased at the payout, and the mentor is told why not at once', async () => {
    const p = await partner({ percent: 10 });
    await buy(p.code);
    const asked = await admin.delete(`/api/admin/partners/${p.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    expect(asked.body).toMatchObject({
      erased: false,
      message: expect.stringContaining('slettes automatisk når den er utbetalt'),
    });
    expect((await detail(p.id)).eraseAfterPayout).toBe(true);
    clock.advance(31 * DAY);
    await admin.post(`/api/admin/partners/${p.id}/payouts`).send({ paidAt: '2027-01-15', reference: 'BANK-9' }).expect(201);
    const d = await detail(p.id);
    expect(d).toMatchObject({ name: null, email: null, erasedAt: expect.any(String), codes: [] });
    expect(d.commissions[0].status).toBe('paid');

    const clean = await partner({ percent: 10 });
    expect(
      (await admin.delete(`/api/admin/partners/${clean.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200)).body,
    ).toMatchObject({ erased: true });
  });

  it("refuses what cannot be a partner: no commission, an unknown code, a code that is another partner's", async () => {
    const p = await partner({ percent: 10 });
    const base = { name: 'Ny', email: uniqueEmail('partner'), commissionPercent: 10 };
    const none = await admin
      .post('/api/admin/partners')
      .send({ name: 'Ny', email: uniqueEmail('p'), codes: [p.code] })
      .expect(400);
    expect(none.body.code).toBe('VALIDATION_FAILED');
    const unknown = await admin
      .post('/api/admin/partners')
      .send({ ...base, codes: ['FINNESIKKE99'] })
      .expect(400);
    expect(unknown.body.message).toContain('FINNESIKKE99 finnes ikke');
    const taken = await admin
      .post('/api/admin/partners')
      .send({ ...base, codes: [p.code] })
      .expect(409);
    expect(taken.body.message).toContain('tilhører allerede en annen partner');
  });
});
