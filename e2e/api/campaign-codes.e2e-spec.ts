import fc from 'fast-check';
import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { CampaignCode } from '../../backend/src/orders/entities/campaign-code.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { MSG } from '@academy/contracts';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Campaign codes: made by the mentor (admin API, audited), priced by the server only (whole kroner,
 * rounded in the buyer's favour), charged at Stripe as the discounted amount, honoured by demo payments,
 * counted only when paid (a checkout never holds a use; never past maxUses, also with concurrent
 * payments: a payment that loses the last use is refunded at once), refunded from the amount paid.
 * Every code that cannot be used now gets the same answer.
 */

const MIN = 60_000;
const buyer = (extra: Record<string, unknown> = {}, email = uniqueEmail('kode')) => ({
  courseId: 'foundation',
  email,
  firstName: 'Kari',
  lastName: 'Nordmann',
  paymentMethod: 'card',
  acceptTerms: true,
  acceptRisk: true,
  ...extra,
});
let seq = 0;
const newCode = (prefix = 'KODE') => `${prefix}${++seq}${Math.random().toString(36).slice(2, 7)}`.toUpperCase();

async function makeCode(admin: TestAgent, body: Record<string, unknown>): Promise<{ id: number; code: string }> {
  const res = await admin
    .post('/api/admin/campaign-codes')
    .send({ code: newCode(), courseIds: ['foundation', 'accelerator'], percentOff: 25, ...body });
  if (res.status !== 201) throw new Error(`create code: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; code: string };
}

const usesOf = async (t: TestApp, code: string) => (await t.ds.getRepository(CampaignCode).findOneByOrFail({ code })).uses;

describe('campaign codes with Stripe (fake Stripe server)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: TestAgent;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(fakeStripeEnv(fake), { clock });
    admin = (await adminAgent(t)).agent;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const lastAmount = () =>
    Number(
      (fake.callsTo('sessions.create').at(-1)!.body as { line_items: Array<{ price_data: { unit_amount: string } }> })
        .line_items[0].price_data.unit_amount,
    );
  function payByWebhook(sessionId: string) {
    const s = fake.pay(sessionId);
    return deliverWebhook(t.http(), stripeEvent('checkout.session.completed', s));
  }

  describe('admin API', () => {
    it('creates, lists, reads, changes and deletes codes; every change audited; codes are unique without regard to case', async () => {
      const code = newCode('Vaar');
      const created = await admin
        .post('/api/admin/campaign-codes')
        .send({
          code: code.toLowerCase(),
          percentOff: 20,
          courseIds: ['foundation'],
          validFrom: '2026-01-01T00:00:00.000Z',
          validTo: '2030-01-01T00:00:00.000Z',
          maxUses: 5,
          active: true,
        })
        .expect(201);
      expect(created.body).toMatchObject({
        code: code.toUpperCase(),
        percentOff: 20,
        amountOffOre: null,
        courseIds: ['foundation'],
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2030-01-01T00:00:00.000Z',
        maxUses: 5,
        uses: 0,
        active: true,
      });
      const id = created.body.id as number;

      // Unique, whatever the case.
      const dup = await admin
        .post('/api/admin/campaign-codes')
        .send({ code: code.toUpperCase(), percentOff: 10, courseIds: ['accelerator'] })
        .expect(409);
      expect(dup.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: MSG.campaignCodeExists });
      const other = await makeCode(admin, {});
      await admin.put(`/api/admin/campaign-codes/${other.id}`).send({ code: code.toLowerCase() }).expect(409);

      const list = await admin
        .get('/api/admin/campaign-codes')
        .query({ sort: '["id","ASC"]', range: '[0,9]', filter: JSON.stringify({ q: code.toLowerCase() }) })
        .expect(200);
      expect(list.headers['content-range']).toBe('campaign-codes 0-0/1');
      expect(list.body).toEqual([expect.objectContaining({ id, code: code.toUpperCase() })]);
      await admin.get(`/api/admin/campaign-codes/${id}`).expect(200);
      await admin.get('/api/admin/campaign-codes/999999').expect(404);

      const changed = await admin
        .put(`/api/admin/campaign-codes/${id}`)
        .send({ percentOff: null, amountOffOre: 50000, maxUses: null, active: false })
        .expect(200);
      expect(changed.body).toMatchObject({ percentOff: null, amountOffOre: 50000, maxUses: null, active: false });

      const deleted = await admin.delete(`/api/admin/campaign-codes/${id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
      expect(deleted.body).toMatchObject({ id });
      await admin.get(`/api/admin/campaign-codes/${id}`).expect(404);

      const audit = await t.ds
        .getRepository(AuditLog)
        .find({ where: { entity: 'campaign_code', entityId: String(id) }, order: { id: 'ASC' } });
      expect(audit.map((a) => a.action)).toEqual(['campaign_code.create', 'campaign_code.update', 'campaign_code.delete']);
      expect(audit[1].before).toMatchObject({ percentOff: 20, active: true });
      expect(audit[1].after).toMatchObject({ amountOffOre: 50000, active: false });
    });

    it('Æ, Ø and Å are letters of a code; æ and Æ are the same code, Å is not A', async () => {
      const tail = `${++seq}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
      const skal = await admin
        .post('/api/admin/campaign-codes')
        .send({ code: `skål-${tail}`, percentOff: 10, courseIds: ['foundation'] })
        .expect(201);
      expect(skal.body.code).toBe(`SKÅL-${tail}`);
      const dup = await admin
        .post('/api/admin/campaign-codes')
        .send({ code: `SKÅL-${tail}`, percentOff: 10, courseIds: ['foundation'] })
        .expect(409);
      expect(dup.body.message).toBe(MSG.campaignCodeExists);
      // Another code: a byte-for-byte comparison, also on MariaDB (where unicode_ci makes Å equal A).
      await admin
        .post('/api/admin/campaign-codes')
        .send({ code: `SKAL-${tail}`, percentOff: 20, courseIds: ['foundation'] })
        .expect(201);
      const blabaer = await admin
        .post('/api/admin/campaign-codes')
        .send({ code: `BLÅBÆRØ-${tail}`, percentOff: 25, courseIds: ['foundation'] })
        .expect(201);
      await admin
        .put(`/api/admin/campaign-codes/${blabaer.body.id}`)
        .send({ code: `skål-${tail}` })
        .expect(409);

      const q = await t
        .http()
        .get(`/api/campaign-codes/${encodeURIComponent(`skål-${tail}`)}`)
        .query({ courseId: 'foundation' })
        .expect(200);
      expect(q.body).toMatchObject({ code: `SKÅL-${tail}`, discountOre: 20000 });
      const q2 = await t.http().get(`/api/campaign-codes/SKAL-${tail}`).query({ courseId: 'foundation' }).expect(200);
      expect(q2.body).toMatchObject({ code: `SKAL-${tail}`, discountOre: 40000 });

      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: `blåbærø-${tail}` }))
        .expect(201);
      const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: fake.lastSession().id });
      expect(order).toMatchObject({ campaignCode: `BLÅBÆRØ-${tail}`, amountOre: 149700 });
    });

    it.each([
      ['both percent and amount', { percentOff: 10, amountOffOre: 10000 }, MSG.campaignCodeDiscount],
      ['no discount at all', { percentOff: null }, MSG.campaignCodeDiscount],
      ['a percent over 100', { percentOff: 101 }, MSG.campaignCodePercent],
      ['a percent of 0', { percentOff: 0 }, MSG.campaignCodePercent],
      ['an amount under 1 kr', { percentOff: null, amountOffOre: 99 }, MSG.campaignCodeAmount],
      ['a course not sold by checkout', { courseIds: ['starter'] }, MSG.campaignCodeCourses],
      ['no courses', { courseIds: [] }, MSG.campaignCodeCourses],
      ['a code with a space', { code: 'VÅR 25' }, MSG.campaignCodeInvalid],
      ['a code too short', { code: 'AB' }, MSG.campaignCodeInvalid],
      ['from after to', { validFrom: '2027-01-01T00:00:00Z', validTo: '2026-01-01T00:00:00Z' }, MSG.campaignCodeDates],
      ['a date that is not one', { validTo: 'i morgen' }, MSG.campaignCodeDate('Gyldig til')],
      ['max uses 0', { maxUses: 0 }, MSG.campaignCodeMaxUses],
      ['an unknown field', { uses: 3 }, MSG.unknownField('uses')],
    ])('refuses %s with 400 and a Norwegian message', async (_name, body, message) => {
      const res = await admin
        .post('/api/admin/campaign-codes')
        .send({ code: newCode(), courseIds: ['foundation'], percentOff: 20, ...body })
        .expect(400);
      expect(res.body.message).toBe(message);
    });

    it('a code used by a paid order cannot be deleted (409); switching it off is the way', async () => {
      const c = await makeCode(admin, {});
      await t.ds.getRepository(CampaignCode).update({ id: c.id }, { uses: 1 });
      const res = await admin.delete(`/api/admin/campaign-codes/${c.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(409);
      expect(res.body.message).toBe(MSG.campaignCodeInUse);
      await admin.put(`/api/admin/campaign-codes/${c.id}`).send({ active: false }).expect(200);
    });
  });

  describe('GET /api/campaign-codes/:code', () => {
    it("prices the code for the course on the server, in any case, in whole kroner rounded in the buyer's favour", async () => {
      const pct = await makeCode(admin, { percentOff: 25 });
      const ok = await t
        .http()
        .get(`/api/campaign-codes/${pct.code.toLowerCase()}`)
        .query({ courseId: 'foundation' })
        .expect(200);
      // 25 % off 1 997 kr is 1 497,75 kr: the buyer pays 1 497 kr.
      expect(ok.body).toEqual({ code: pct.code, courseId: 'foundation', priceOre: 149700, discountOre: 50000 });
      expect(ok.headers['cache-control']).toBe('no-store');

      // An amount larger than the price leaves Stripe's minimum charge (3 kr): never free.
      const big = await makeCode(admin, { percentOff: null, amountOffOre: 10_000_000 });
      const capped = await t.http().get(`/api/campaign-codes/${big.code}`).query({ courseId: 'accelerator' }).expect(200);
      expect(capped.body).toEqual({ code: big.code, courseId: 'accelerator', priceOre: 300, discountOre: 499400 });
    });

    it('every code that cannot be used now gets one answer: unknown, another course, off, not yet, expired, used up', async () => {
      const unusable = { statusCode: 404, code: 'CAMPAIGN_CODE_UNUSABLE', message: MSG.campaignCodeUnusable };
      const ask = (code: string, courseId = 'foundation') =>
        t.http().get(`/api/campaign-codes/${code}`).query({ courseId }).expect(404);
      const now = clock.now().getTime();
      const onlyFoundation = await makeCode(admin, { courseIds: ['foundation'] });
      const off = await makeCode(admin, { active: false });
      const later = await makeCode(admin, { validFrom: new Date(now + 60 * MIN).toISOString() });
      const ending = await makeCode(admin, { validTo: new Date(now + 60 * MIN).toISOString() });
      const usedUp = await makeCode(admin, { maxUses: 1 });
      await t.ds.getRepository(CampaignCode).update({ id: usedUp.id }, { uses: 1 });
      await t.http().get(`/api/campaign-codes/${ending.code}`).query({ courseId: 'foundation' }).expect(200);
      clock.advance(61 * MIN);
      const answers = [
        await ask('FINNESIKKE'),
        await ask(onlyFoundation.code, 'accelerator'),
        await ask(off.code),
        await ask(ending.code),
        await ask(usedUp.code),
      ];
      for (const a of answers) expect(a.body).toEqual(unusable);
      await t.http().get(`/api/campaign-codes/${later.code}`).query({ courseId: 'foundation' }).expect(200);
      clock.advance(-61 * MIN);
      expect((await ask(later.code)).body).toEqual(unusable);
      clock.advance(61 * MIN);
    });

    it('bad input is a 4xx, never a 500', async () => {
      const c = await makeCode(admin, {});
      expect((await t.http().get('/api/campaign-codes/x').query({ courseId: 'foundation' }).expect(400)).body.message).toBe(
        MSG.campaignCodeInvalid,
      );
      expect((await t.http().get(`/api/campaign-codes/${c.code}`).expect(400)).body.message).toBe(MSG.campaignCodeCourseRequired);
      expect(
        (await t.http().get(`/api/campaign-codes/${c.code}`).query({ courseId: 'kryptovaluta' }).expect(400)).body.code,
      ).toBe('INVALID_COURSE');
      await t.http().get(`/api/campaign-codes/${c.code}?courseId=foundation&courseId=accelerator`).expect(400);
      await t
        .http()
        .get(`/api/campaign-codes/${'A'.repeat(60)}`)
        .query({ courseId: 'foundation' })
        .expect(400);
      // Longer than any route parameter may be: the router answers 404 before the route.
      const long = await t
        .http()
        .get(`/api/campaign-codes/${'A'.repeat(300)}`)
        .query({ courseId: 'foundation' });
      expect(long.status).toBeGreaterThanOrEqual(400);
      expect(long.status).toBeLessThan(500);
    });
  });

  describe('checkout', () => {
    it('Stripe is charged the discounted amount; the order keeps code and discount; the use counts at payment; a refund returns what was paid', async () => {
      const c = await makeCode(admin, { percentOff: 25, maxUses: 10 });
      const b = buyer({ campaignCode: `  ${c.code.toLowerCase()} ` });
      await t.http().post('/api/checkout/sessions').send(b).expect(201);
      expect(lastAmount()).toBe(149700);
      const session = fake.lastSession();
      expect(session.amount_total).toBe(149700);
      expect(session.metadata).toMatchObject({ campaignCode: c.code });
      expect(session.cancel_url).toContain(`kode=${c.code}`);
      const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
      expect(order).toMatchObject({ amountOre: 149700, campaignCode: c.code, discountOre: 50000, status: 'pending' });
      expect(await usesOf(t, c.code)).toBe(0);

      await payByWebhook(session.id).expect(200);
      expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'paid',
        amountOre: 149700,
      });
      expect(await usesOf(t, c.code)).toBe(1);

      const adminOrder = await admin.get(`/api/admin/orders/${order.id}`).expect(200);
      expect(adminOrder.body).toMatchObject({
        campaignCode: c.code,
        discountOre: 50000,
        amountOre: 149700,
        refundableOre: 149700,
      });

      await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' }).expect(200);
      const refund = fake.callsTo('refunds.create').at(-1)!;
      expect(Number(refund.body.amount)).toBe(149700);
      expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'refunded',
        refundedOre: 149700,
      });
      // A refund does not give the use back.
      expect(await usesOf(t, c.code)).toBe(1);
    });

    it('property: for any code and course, the quote, the order, Stripe and the receipt carry one whole-kroner price, never above the exact one', async () => {
      const codeArb = fc.oneof(
        fc.integer({ min: 1, max: 99 }).map((percentOff) => ({ percentOff, amountOffOre: null })),
        fc.integer({ min: 100, max: 900_000 }).map((amountOffOre) => ({ percentOff: null, amountOffOre })),
      );
      await fc.assert(
        fc.asyncProperty(codeArb, fc.constantFrom('foundation', 'accelerator'), async (discount, courseId) => {
          const c = await makeCode(admin, { ...discount, courseIds: [courseId] });
          const quote = await t.http().get(`/api/campaign-codes/${c.code}`).query({ courseId }).expect(200);
          const base = quote.body.priceOre + quote.body.discountOre;
          const exact = discount.percentOff !== null ? base * (1 - discount.percentOff / 100) : base - discount.amountOffOre!;
          expect(quote.body.priceOre % 100).toBe(0);
          expect(quote.body.priceOre).toBeLessThanOrEqual(Math.max(exact, 300));
          expect(quote.body.priceOre).toBeGreaterThan(Math.max(exact, 300) - 100);
          await t
            .http()
            .post('/api/checkout/sessions')
            .send(buyer({ courseId, campaignCode: c.code }))
            .expect(201);
          const session = fake.lastSession();
          expect(lastAmount()).toBe(quote.body.priceOre);
          const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
          expect(order).toMatchObject({ amountOre: quote.body.priceOre, discountOre: quote.body.discountOre });
          await payByWebhook(session.id).expect(200);
          const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: order.id, kind: 'receipt' });
          expect(receipt.totalOre).toBe(quote.body.priceOre);
        }),
        { numRuns: 12 },
      );
    });

    it('an unusable code stops the checkout with 400 and the one answer: no order, nothing sent to Stripe', async () => {
      const before = await t.ds.getRepository(Order).count();
      const calls = fake.callsTo('sessions.create').length;
      const unknown = await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: 'FINNESIKKE' }))
        .expect(400);
      const unusable = { statusCode: 400, code: 'CAMPAIGN_CODE_UNUSABLE', message: MSG.campaignCodeUnusable };
      expect(unknown.body).toEqual(unusable);
      const onlyAcc = await makeCode(admin, { courseIds: ['accelerator'] });
      expect(
        (
          await t
            .http()
            .post('/api/checkout/sessions')
            .send(buyer({ campaignCode: onlyAcc.code }))
            .expect(400)
        ).body,
      ).toEqual(unusable);
      expect(
        (
          await t
            .http()
            .post('/api/checkout/sessions')
            .send(buyer({ campaignCode: 'ø' }))
            .expect(400)
        ).body.message,
      ).toBe(MSG.campaignCodeInvalid);
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: 42 }))
        .expect(400);
      // The client never sets the discount.
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ discountOre: 100000 }))
        .expect(400);
      expect(await t.ds.getRepository(Order).count()).toBe(before);
      expect(fake.callsTo('sessions.create')).toHaveLength(calls);
      // A blank code is no code.
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: '  ' }))
        .expect(201);
      expect(lastAmount()).toBe(199700);
    });

    it('unpaid checkouts never hold a use: three signed-out checkouts on a maxUses 3 code leave it open for the buyers who pay', async () => {
      const c = await makeCode(admin, { maxUses: 3 });
      for (let i = 0; i < 3; i++)
        await t
          .http()
          .post('/api/checkout/sessions')
          .send(buyer({ campaignCode: c.code }))
          .expect(201);
      expect(await usesOf(t, c.code)).toBe(0);
      await t.http().get(`/api/campaign-codes/${c.code}`).query({ courseId: 'foundation' }).expect(200);
      // A real buyer is not refused, and pays.
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: c.code }))
        .expect(201);
      await payByWebhook(fake.lastSession().id).expect(200);
      expect(await usesOf(t, c.code)).toBe(1);
    });

    it('a buyer who goes back to switch card → Klarna reuses their own open order; the first session can no longer be paid', async () => {
      const c = await makeCode(admin, { maxUses: 1 });
      const email = uniqueEmail('bytter');
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ courseId: 'accelerator', campaignCode: c.code }, email))
        .expect(201);
      const first = fake.lastSession();
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ courseId: 'accelerator', campaignCode: c.code.toLowerCase(), paymentMethod: 'klarna' }, email))
        .expect(201);
      const second = fake.lastSession();
      expect(second.id).not.toBe(first.id);
      expect(second.allowed_payment_method_types).toEqual(['klarna']);
      expect(fake.sessions.get(first.id)!.status).toBe('expired');
      const orders = await t.ds.getRepository(Order).findBy({ email });
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        providerReference: second.id,
        paymentMethod: 'klarna',
        status: 'pending',
        amountOre: 374700,
      });
      // The first session's expiry, reported late, changes nothing.
      await deliverWebhook(t.http(), stripeEvent('checkout.session.expired', fake.sessions.get(first.id)!)).expect(200);
      await payByWebhook(second.id).expect(200);
      expect(await t.ds.getRepository(Order).findOneByOrFail({ id: orders[0].id })).toMatchObject({
        status: 'paid',
        refusal: null,
      });
      expect(await usesOf(t, c.code)).toBe(1);
      // Another course, or no code: a new order.
      await t.http().post('/api/checkout/sessions').send(buyer({}, email)).expect(201);
      expect(await t.ds.getRepository(Order).countBy({ email })).toBe(2);
      // Someone who types the address with another name never cancels the buyer's open payment.
      const open = fake.lastSession();
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ firstName: 'Ola' }, email))
        .expect(201);
      expect(fake.sessions.get(open.id)!.status).toBe('open');
      expect(await t.ds.getRepository(Order).countBy({ email })).toBe(3);
      // The same buyer again (any case, any spacing of the name) reuses theirs.
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ firstName: ' kari ', lastName: 'NORDMANN', paymentMethod: 'klarna' }, email))
        .expect(201);
      expect(await t.ds.getRepository(Order).countBy({ email })).toBe(3);
    });

    it('concurrent payments never count a code past maxUses; the payments that lose are refused and refunded at once', async () => {
      const c = await makeCode(admin, { maxUses: 1 });
      const sessions: string[] = [];
      for (let i = 0; i < 3; i++) {
        await t
          .http()
          .post('/api/checkout/sessions')
          .send(buyer({ campaignCode: c.code }))
          .expect(201);
        sessions.push(fake.lastSession().id);
      }
      const refundsBefore = fake.callsTo('refunds.create').length;
      const answers = await Promise.all(sessions.map((id) => payByWebhook(id)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await usesOf(t, c.code)).toBe(1);
      const orders = await t.ds.getRepository(Order).findBy({ campaignCode: c.code });
      const kept = orders.filter((o) => o.status === 'paid');
      const refused = orders.filter((o) => o.refusal === 'code_used_up');
      expect(kept).toHaveLength(1);
      expect(refused).toHaveLength(2);
      for (const o of refused) expect(o).toMatchObject({ status: 'refunded', refundedOre: 149700 });
      expect(fake.callsTo('refunds.create').length - refundsBefore).toBe(2);
      // Nothing granted for a refused payment; the buyer who kept the use has the course.
      const grants = await t.ds.query(
        `SELECT ${t.ds.driver.escape('orderId')} AS o FROM grants WHERE ${t.ds.driver.escape('orderId')} IN (${orders.map((o) => o.id).join(',')})`,
      );
      expect(grants.map((g: { o: number | string }) => Number(g.o))).toEqual([kept[0].id]);
      expect(
        (await t.http().get(`/api/campaign-codes/${c.code}`).query({ courseId: 'foundation' }).expect(404)).body.message,
      ).toBe(MSG.campaignCodeUnusable);
    });
  });
});

describe('campaign codes with demo payments', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = (await adminAgent(t)).agent;
  });
  afterAll(() => t.close());

  it('demo mode charges the discounted price, counts the use, and refunds what was paid', async () => {
    const c = await makeCode(admin, { percentOff: null, amountOffOre: 50000, courseIds: ['accelerator'] });
    const email = uniqueEmail('demo');
    const res = await t
      .http()
      .post('/api/checkout/sessions')
      .send(buyer({ courseId: 'accelerator', campaignCode: c.code.toLowerCase() }, email))
      .expect(201);
    expect(res.body).toMatchObject({ demo: true });
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'demo',
      amountOre: 449700,
      campaignCode: c.code,
      discountOre: 50000,
    });
    expect(await usesOf(t, c.code)).toBe(1);
    await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' }).expect(200);
    expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
      status: 'refunded',
      refundedOre: 449700,
    });
  });

  it('concurrent demo payments at the limit: exactly maxUses are paid with the code, the rest are refused before paying', async () => {
    const c = await makeCode(admin, { maxUses: 2 });
    const emails = Array.from({ length: 6 }, () => uniqueEmail('samtidig'));
    const answers = await Promise.all(
      emails.map((e) =>
        t
          .http()
          .post('/api/checkout/sessions')
          .send(buyer({ campaignCode: c.code }, e)),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 400, 400, 400, 400]);
    for (const r of answers.filter((a) => a.status === 400)) expect(r.body.message).toBe(MSG.campaignCodeUnusable);
    expect(await usesOf(t, c.code)).toBe(2);
    expect(await t.ds.getRepository(Order).countBy({ campaignCode: c.code, status: 'paid' })).toBe(2);
  });
});
