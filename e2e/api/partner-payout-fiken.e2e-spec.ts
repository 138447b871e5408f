import type TestAgent from 'supertest/lib/agent';
import { FikenPosting } from '../../backend/src/orders/entities/fiken-posting.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { FikenPostingWorker } from '../../backend/src/orders/fiken/fiken-posting.worker';
import { Partner } from '../../backend/src/partners/entities/partner.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { fakeFikenEnv, startFakeFiken, type FakeFiken } from './support/fake-fiken';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * With Fiken set up, each partner payout is posted once as a purchase with the partner as supplier
 * (docs/decisions.md "Partners"); the fake checks every request against Fiken's description
 * (e2e/contracts/fiken) and refuses concurrent ones.
 */
describe('partner payouts posted to Fiken as purchases', () => {
  let fiken: FakeFiken;
  let t: TestApp;
  let admin: TestAgent;
  let worker: FikenPostingWorker;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    fiken = await startFakeFiken();
    t = await startTestApp(fakeFikenEnv(fiken.apiBase), { clock });
    ({ agent: admin } = await adminAgent(t));
    worker = t.app.get(FikenPostingWorker);
  });
  afterAll(async () => {
    await t.close();
    await fiken.close();
  });
  afterEach(() => expect(fiken.violations).toEqual([]));

  /** A paid order with the partner's code; its commission approved once the guarantee has run out. */
  async function sale(code: string): Promise<void> {
    const email = uniqueEmail('kjoper');
    const res = await t.agent().post('/api/checkout/sessions').send({
      courseId: 'foundation',
      email,
      firstName: 'Kari',
      lastName: 'Kjøper',
      paymentMethod: 'card',
      acceptTerms: true,
      acceptRisk: true,
      campaignCode: code,
    });
    expect([200, 201]).toContain(res.status);
    expect((await t.ds.getRepository(Order).findOneByOrFail({ email })).status).toBe('paid');
    clock.advance(31 * DAY);
  }

  it('two payouts: one supplier contact, one purchase each, however often the worker runs', async () => {
    const code = `FIKENP${Date.now().toString(36).toUpperCase()}`;
    await admin
      .post('/api/admin/campaign-codes')
      .send({ code, courseIds: ['foundation'], percentOff: 10 })
      .expect(201);
    const email = uniqueEmail('partner');
    const p = (
      await admin
        .post('/api/admin/partners')
        .send({ name: 'Per Partner', email, commissionPercent: 10, codes: [code] })
        .expect(201)
    ).body as { id: number };

    await sale(code);
    const first = (
      await admin.post(`/api/admin/partners/${p.id}/payouts`).send({ paidAt: '2026-12-01', reference: 'BANK-1' }).expect(201)
    ).body as { id: number; totalOre: number };
    expect(await t.ds.getRepository(FikenPosting).findBy({ payoutId: first.id })).toEqual([
      expect.objectContaining({ kind: 'purchase', state: 'waiting', receiptId: null }),
    ]);
    // Two rounds at once, then another: still one request at a time, and one purchase.
    await Promise.all([worker.runOnce(), worker.runOnce()]);
    await worker.runOnce();
    expect(fiken.contacts).toEqual([{ contactId: expect.any(Number), body: { name: 'Per Partner', email, supplier: true } }]);
    const contactId = fiken.contacts[0].contactId;
    expect(fiken.purchases).toEqual([
      {
        purchaseId: expect.any(Number),
        body: {
          date: '2026-12-01',
          kind: 'supplier',
          paid: true,
          identifier: `partnerutbetaling-${first.id}`,
          currency: 'NOK',
          supplierId: contactId,
          paymentAccount: '1920:10001',
          paymentDate: '2026-12-01',
          lines: [
            {
              description: 'Partnerprovisjon, 1 ordre, utbetaling BANK-1',
              netPrice: first.totalOre,
              vat: 0,
              account: '7200',
              vatType: 'NONE',
            },
          ],
        },
      },
    ]);
    expect(await t.ds.getRepository(Partner).findOneByOrFail({ id: p.id })).toMatchObject({ fikenContactId: String(contactId) });
    expect(await t.ds.getRepository(FikenPosting).findOneByOrFail({ payoutId: first.id })).toMatchObject({
      state: 'posted',
      fikenSaleId: String(fiken.purchases[0].purchaseId),
    });

    // A process that died after Fiken made the purchase: the retry finds it by its identifier.
    await t.ds.getRepository(FikenPosting).update({ payoutId: first.id }, { state: 'waiting', fikenSaleId: null });
    await worker.runOnce();
    expect(fiken.purchases).toHaveLength(1);

    // The second payout: the same supplier contact, its own purchase.
    await sale(code);
    const second = (
      await admin.post(`/api/admin/partners/${p.id}/payouts`).send({ paidAt: '2027-01-05', reference: 'BANK-2' }).expect(201)
    ).body as { id: number };
    await worker.runOnce();
    await worker.runOnce();
    expect(fiken.contacts).toHaveLength(1);
    expect(fiken.purchases.map((x) => [x.body.identifier, x.body.supplierId])).toEqual([
      [`partnerutbetaling-${first.id}`, contactId],
      [`partnerutbetaling-${second.id}`, contactId],
    ]);
  });
});
