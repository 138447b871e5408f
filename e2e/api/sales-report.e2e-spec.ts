import type TestAgent from 'supertest/lib/agent';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { osloDate } from '../../backend/src/platform/time/oslo-time';
import { adminAgent, demoPurchase, uniqueEmail } from './admin-helpers';
import { deliverWebhook, fakeStripeFee, stripeEvent } from './support/fake-stripe';
import { checkoutForm, startStripeApp, type StripeApp } from './support/payments-app';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The accountant's report ("Regnskap", docs/decisions.md "MVA"): every receipt and credit note of an
 * Oslo period, one row per line with its SAF-T tax code (3: 25 %, 6: exempt, 7: seller outside the
 * register), totals per code and per provider, and the same rows as a streamed CSV for Excel.
 */
describe("the accountant's sales report", () => {
  let t: TestApp;
  let admin: TestAgent;
  const today = osloDate(new Date());

  beforeAll(async () => {
    t = await startTestApp({
      SELLER_NAME: 'Rapport AS',
      SELLER_ORG_NR: '923456789',
      SELLER_ADDRESS: 'Rapportveien 1, 0155 Oslo',
    });
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  it('lists receipts and credit notes with tax codes; totals per code and provider add up', async () => {
    await admin.put('/api/admin/courses/accelerator').send({ vatTreatment: 'split', vatExemptOre: 200000 }).expect(200);
    const split = await demoPurchase(t, { courseId: 'accelerator' });
    const standard = await demoPurchase(t, { courseId: 'foundation' });
    await t.ds.getRepository(Order).update({ id: standard.orderId }, { stripeFeeOre: 3521 });
    await admin.post(`/api/admin/orders/${split.orderId}/refund`).send({ amount: 100000, reason: 'Delvis' }).expect(200);
    await admin.put('/api/admin/courses/accelerator').send({ vatTreatment: 'standard' }).expect(200);

    const res = await admin.get('/api/admin/reports/sales').query({ from: today, to: today }).expect(200);
    const rows = res.body.rows as Array<Record<string, unknown>>;
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: split.orderId, kind: 'receipt' });
    expect(rows.filter((r) => r.number === receipt.number)).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        taxCode: '3',
        grossOre: 299700,
        netOre: 239760,
        vatOre: 59940,
        provider: 'card',
      }),
      expect.objectContaining({
        kind: 'receipt',
        taxCode: '6',
        grossOre: 200000,
        netOre: 200000,
        vatOre: 0,
        course: 'Accelerator',
      }),
    ]);
    expect(rows.filter((r) => r.refersToNumber === receipt.number)).toEqual([
      expect.objectContaining({ kind: 'credit_note', taxCode: '3', grossOre: -59976, vatOre: -11995, buyer: 'Ola Nordmann' }),
      expect.objectContaining({ kind: 'credit_note', taxCode: '6', grossOre: -40024, vatOre: 0 }),
    ]);
    expect(rows.find((r) => r.orderId === standard.orderId)).toMatchObject({ taxCode: '3', stripeFeeOre: 3521 });

    const sum = (key: string, pick = (_r: Record<string, unknown>) => true) =>
      rows.filter(pick).reduce((a, r) => a + Number(r[key]), 0);
    const { totals } = res.body;
    expect(totals.grossOre).toBe(sum('grossOre'));
    expect(totals.vatOre).toBe(sum('vatOre'));
    expect(totals.stripeFeeOre).toBe(3521);
    for (const code of totals.byTaxCode)
      expect(code).toEqual({
        taxCode: code.taxCode,
        grossOre: sum('grossOre', (r) => r.taxCode === code.taxCode),
        netOre: sum('netOre', (r) => r.taxCode === code.taxCode),
        vatOre: sum('vatOre', (r) => r.taxCode === code.taxCode),
      });
    expect(totals.byTaxCode.map((c: { taxCode: string }) => c.taxCode)).toEqual(['3', '6']);
    expect(totals.byProvider).toEqual([
      expect.objectContaining({ provider: 'card', grossOre: totals.grossOre, stripeFeeOre: 3521 }),
    ]);

    // Another period has none of them; a bad period is a 400 in Norwegian.
    const before = await admin.get('/api/admin/reports/sales').query({ from: '2020-01-01', to: '2020-02-29' }).expect(200);
    expect(before.body.rows).toEqual([]);
    for (const q of [
      { from: '2026-13-01', to: '2026-12-31' },
      { from: '2026-03-01', to: '2026-02-01' },
      { from: '2020-01-01', to: '2026-01-01' },
      { from: 'x' },
    ]) {
      const bad = await admin.get('/api/admin/reports/sales').query(q).expect(400);
      expect(JSON.stringify(bad.body)).toContain('Perioden må ha fra- og til-dato');
    }
  });

  it('a seller outside the MVA register: code 7', async () => {
    t.cfg.seller.vatRegistered = false;
    try {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      const res = await admin.get('/api/admin/reports/sales').query({ from: today, to: today }).expect(200);
      expect(res.body.rows.filter((r: { orderId: number }) => r.orderId === orderId)).toEqual([
        expect.objectContaining({ taxCode: '7', vatOre: 0 }),
      ]);
    } finally {
      t.cfg.seller.vatRegistered = true;
    }
  });

  it('sales.csv: UTF-8 with BOM, semicolons, decimal comma, every row of the report', async () => {
    const json = await admin.get('/api/admin/reports/sales').query({ from: today, to: today }).expect(200);
    const res = await admin
      .get('/api/admin/reports/sales.csv')
      .query({ from: today, to: today })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="salg-${today}-${today}.csv"`);
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"Nummer";"Type";"Dato";"Gjelder kvittering";"Ordre";"Kjøper";"Kurs";"Betaling";"Mva-kode (SAF-T)";"Mva-behandling";"Brutto";"Netto";"MVA";"Stripe-gebyr"',
    );
    expect(lines).toHaveLength(json.body.rows.length + 1);
    const first = json.body.rows[0];
    const cells = lines[1].split(';');
    expect(cells[0]).toBe(String(first.number));
    expect(cells[10]).toBe(`${Math.floor(first.grossOre / 100)},${String(first.grossOre % 100).padStart(2, '0')}`);
    expect(lines.some((l) => /;"Kreditnota";.*;6;"Omsetning utenfor mva-loven \(unntatt\)";-400,24;-400,24;0,00;$/.test(l))).toBe(
      true,
    );
  });
});

describe("Stripe's fee per payment (fake Stripe server)", () => {
  let started: StripeApp;

  beforeAll(async () => {
    started = await startStripeApp();
  });
  afterAll(() => started.close());

  async function pay(): Promise<Order> {
    const { t, stripe } = started;
    await t
      .http()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email: uniqueEmail('gebyr') }))
      .expect(201);
    const session = stripe.pay(stripe.lastSession().id);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', { ...session })).expect(200);
    return t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
  }

  it("is read from the charge's balance transaction when the payment lands, stored on the order and shown in the report", async () => {
    const order = await pay();
    expect(order.status).toBe('paid');
    expect(order.stripeFeeOre).toBe(fakeStripeFee(order.amountOre));
    const call = started.stripe.callsTo('paymentIntents.retrieve').at(-1)!;
    expect(call.body).toMatchObject({ expand: ['latest_charge.balance_transaction'] });
    const today = osloDate(new Date());
    const res = await started.admin.get('/api/admin/reports/sales').query({ from: today, to: today }).expect(200);
    expect(res.body.rows.find((r: { orderId: number }) => r.orderId === order.id)).toMatchObject({
      stripeFeeOre: fakeStripeFee(order.amountOre),
      provider: 'card',
    });
    expect(res.body.totals.byProvider).toContainEqual(
      expect.objectContaining({ provider: 'card', stripeFeeOre: fakeStripeFee(order.amountOre) }),
    );
  });

  it('Stripe unreachable for the fee: the payment still lands, the fee stays unknown', async () => {
    started.stripe.fail('paymentIntents.retrieve', 500, 5);
    const order = await pay();
    expect(order.status).toBe('paid');
    expect(order.stripeFeeOre).toBeNull();
  });
});
