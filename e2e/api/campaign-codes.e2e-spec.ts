import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { CampaignCode } from '../../backend/src/orders/entities/campaign-code.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { MSG } from '@academy/contracts';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Campaign codes: made by the mentor (admin API, audited), priced by the server only, charged at Stripe
 * as the discounted amount, honoured by demo payments, counted only when paid (never past maxUses,
 * also with concurrent payments), refunded from the amount paid.
 */

const MIN = 60_000;
const buyer = (extra: Record<string, unknown> = {}, email = uniqueEmail('kode')) => ({
  courseId: 'foundation',
  email,
  firstName: 'Kari',
  lastName: 'Nordmann',
  paymentMethod: 'card',
  acceptTerms: true,
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
    it('prices the code for the course on the server, in any case; 404 with the reason otherwise', async () => {
      const pct = await makeCode(admin, { percentOff: 25 });
      const ok = await t
        .http()
        .get(`/api/campaign-codes/${pct.code.toLowerCase()}`)
        .query({ courseId: 'foundation' })
        .expect(200);
      expect(ok.body).toEqual({ code: pct.code, courseId: 'foundation', priceOre: 149775, discountOre: 49925 });
      expect(ok.headers['cache-control']).toBe('no-store');

      // An amount larger than the price leaves Stripe's minimum charge (3 kr): never free.
      const big = await makeCode(admin, { percentOff: null, amountOffOre: 10_000_000 });
      const capped = await t.http().get(`/api/campaign-codes/${big.code}`).query({ courseId: 'accelerator' }).expect(200);
      expect(capped.body).toEqual({ code: big.code, courseId: 'accelerator', priceOre: 300, discountOre: 499400 });

      const missing = await t.http().get('/api/campaign-codes/FINNESIKKE').query({ courseId: 'foundation' }).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: MSG.campaignCodeNotFound });

      const onlyFoundation = await makeCode(admin, { courseIds: ['foundation'] });
      const wrongCourse = await t
        .http()
        .get(`/api/campaign-codes/${onlyFoundation.code}`)
        .query({ courseId: 'accelerator' })
        .expect(404);
      expect(wrongCourse.body.message).toBe(MSG.campaignCodeNotForCourse);

      const off = await makeCode(admin, { active: false });
      expect(
        (await t.http().get(`/api/campaign-codes/${off.code}`).query({ courseId: 'foundation' }).expect(404)).body.message,
      ).toBe(MSG.campaignCodeInactive);

      const now = clock.now().getTime();
      const later = await makeCode(admin, { validFrom: new Date(now + 60 * MIN).toISOString() });
      expect(
        (await t.http().get(`/api/campaign-codes/${later.code}`).query({ courseId: 'foundation' }).expect(404)).body.message,
      ).toBe(MSG.campaignCodeNotYet);
      const ending = await makeCode(admin, { validTo: new Date(now + 60 * MIN).toISOString() });
      await t.http().get(`/api/campaign-codes/${ending.code}`).query({ courseId: 'foundation' }).expect(200);
      clock.advance(61 * MIN);
      expect(
        (await t.http().get(`/api/campaign-codes/${ending.code}`).query({ courseId: 'foundation' }).expect(404)).body.message,
      ).toBe(MSG.campaignCodeExpired);
      await t.http().get(`/api/campaign-codes/${later.code}`).query({ courseId: 'foundation' }).expect(200);
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
      expect(lastAmount()).toBe(149775);
      const session = fake.lastSession();
      expect(session.amount_total).toBe(149775);
      expect(session.metadata).toMatchObject({ campaignCode: c.code });
      expect(session.cancel_url).toContain(`kode=${c.code}`);
      const order = await t.ds.getRepository(Order).findOneByOrFail({ stripeSessionId: session.id });
      expect(order).toMatchObject({ amountOre: 149775, campaignCode: c.code, discountOre: 49925, status: 'pending' });
      expect(await usesOf(t, c.code)).toBe(0);

      await payByWebhook(session.id).expect(200);
      expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'paid',
        amountOre: 149775,
      });
      expect(await usesOf(t, c.code)).toBe(1);

      const adminOrder = await admin.get(`/api/admin/orders/${order.id}`).expect(200);
      expect(adminOrder.body).toMatchObject({
        campaignCode: c.code,
        discountOre: 49925,
        amountOre: 149775,
        refundableOre: 149775,
      });

      await admin.post(`/api/admin/orders/${order.id}/refund`).send({ reason: 'Angret' }).expect(200);
      const refund = fake.callsTo('refunds.create').at(-1)!;
      expect(Number(refund.body.amount)).toBe(149775);
      expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
        status: 'refunded',
        refundedOre: 149775,
      });
      // A refund does not give the use back.
      expect(await usesOf(t, c.code)).toBe(1);
    });

    it('an unusable code stops the checkout with 400 and the reason: no order, nothing sent to Stripe', async () => {
      const before = await t.ds.getRepository(Order).count();
      const calls = fake.callsTo('sessions.create').length;
      const unknown = await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: 'FINNESIKKE' }))
        .expect(400);
      expect(unknown.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: MSG.campaignCodeNotFound });
      const onlyAcc = await makeCode(admin, { courseIds: ['accelerator'] });
      expect(
        (
          await t
            .http()
            .post('/api/checkout/sessions')
            .send(buyer({ campaignCode: onlyAcc.code }))
            .expect(400)
        ).body.message,
      ).toBe(MSG.campaignCodeNotForCourse);
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

    it('an open checkout holds the last use until its session can no longer be paid', async () => {
      const c = await makeCode(admin, { maxUses: 1 });
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: c.code }))
        .expect(201);
      const held = await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: c.code }))
        .expect(400);
      expect(held.body.message).toBe(MSG.campaignCodeUsedUp);
      clock.advance(40 * MIN);
      await t
        .http()
        .post('/api/checkout/sessions')
        .send(buyer({ campaignCode: c.code }))
        .expect(201);
    });

    it('concurrent payments never count a code past maxUses (conditional update)', async () => {
      const c = await makeCode(admin, { maxUses: 1 });
      const sessions: string[] = [];
      for (let i = 0; i < 3; i++) {
        await t
          .http()
          .post('/api/checkout/sessions')
          .send(buyer({ campaignCode: c.code }))
          .expect(201);
        sessions.push(fake.lastSession().id);
        // Each earlier checkout has stopped holding its use (its session expired at us, not at the fake).
        clock.advance(40 * MIN);
      }
      const answers = await Promise.all(sessions.map((id) => payByWebhook(id)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      // Stripe has taken the money for all three: each order is paid at its price; the code counts once.
      const paid = await t.ds.getRepository(Order).findBy({ campaignCode: c.code, status: 'paid' });
      expect(paid).toHaveLength(3);
      expect(paid.every((o) => o.amountOre === 149775)).toBe(true);
      expect(await usesOf(t, c.code)).toBe(1);
      expect(
        (await t.http().get(`/api/campaign-codes/${c.code}`).query({ courseId: 'foundation' }).expect(404)).body.message,
      ).toBe(MSG.campaignCodeUsedUp);
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
    for (const r of answers.filter((a) => a.status === 400)) expect(r.body.message).toBe(MSG.campaignCodeUsedUp);
    expect(await usesOf(t, c.code)).toBe(2);
    expect(await t.ds.getRepository(Order).countBy({ campaignCode: c.code, status: 'paid' })).toBe(2);
  });
});
