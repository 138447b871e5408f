import type TestAgent from 'supertest/lib/agent';
import { VAT_EXEMPT_TEXT } from '@academy/contracts';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { CampaignCode } from '../../backend/src/orders/entities/campaign-code.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { adminAgent, demoPurchase } from './admin-helpers';
import { getBinary, pdfText } from './support/pdf-text';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * MVA per course (docs/decisions.md "MVA"): the panel sets a course's treatment (standard 25 %, exempt
 * under mval. § 3-5, or split with a fixed exempt part); receipts and credit notes carry one line per
 * treatment, the same on the page's API, in the PDF and in the mail; a seller outside the MVA register
 * shows no MVA at all.
 */

const SELLER_ENV = {
  SELLER_NAME: 'Kursselskapet AS',
  SELLER_ORG_NR: '923 456 789',
  SELLER_ADDRESS: 'Kursveien 5, 0155 Oslo',
};

const nok = (ore: number) =>
  `${ore < 0 ? '-' : ''}${Math.floor(Math.abs(ore) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(Math.abs(ore) % 100).padStart(2, '0')} kr`;

describe('MVA per course on receipts and credit notes', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp(SELLER_ENV);
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  afterAll(async () => {
    t.cfg.seller.vatRegistered = true;
    await t.close();
  });

  const setVat = (courseId: string, body: Record<string, unknown>) => admin.put(`/api/admin/courses/${courseId}`).send(body);

  /** The receipt through the API, its PDF as text, and its mail's text. */
  async function documents(buyer: TestAgent, orderId: number, email: string) {
    const api = (await buyer.get(`/api/orders/${orderId}/receipt`).expect(200)).body;
    const pdf = pdfText((await getBinary(buyer, `/api/orders/${orderId}/receipt.pdf`).expect(200)).body as Buffer);
    const mail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ kind: 'receipt', toAddress: email });
    return { api, pdf, mail: mail.textBody };
  }

  it('PUT /api/admin/courses/:id sets the treatment: validated, audited, and only with a recent sign-in', async () => {
    expect((await admin.get('/api/admin/courses/accelerator').expect(200)).body).toMatchObject({
      vatTreatment: 'standard',
      vatExemptOre: null,
    });
    for (const [body, message] of [
      [{ vatTreatment: 'split' }, /trenger beløpet/],
      [{ vatTreatment: 'split', vatExemptOre: 0 }, /trenger beløpet/],
      [{ vatTreatment: 'split', vatExemptOre: 499700 }, /under prisen/],
      [{ vatTreatment: 'split', vatExemptOre: 1.5 }, /helt tall/],
      [{ vatTreatment: 'exempt', vatExemptOre: 1000 }, /bare for delt/],
      [{ vatTreatment: 'halv' }, /standard, exempt eller split/],
    ] as const) {
      const res = await setVat('accelerator', body).expect(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    // A sign-in 16 minutes old: the MVA change needs the password again; a text edit does not.
    await t.ds.getRepository(Session).update({ userId: adminId }, { authenticatedAt: new Date(Date.now() - 16 * 60_000) });
    const stale = await setVat('accelerator', { vatTreatment: 'exempt' });
    expect([stale.status, stale.body.error?.code ?? stale.body.code]).toEqual([401, 'REAUTH_REQUIRED']);
    await admin.put('/api/admin/courses/accelerator').send({ mentorshipMonths: 6 }).expect(200);
    await t.ds.getRepository(Session).update({ userId: adminId }, { authenticatedAt: new Date() });

    const res = await setVat('accelerator', { vatTreatment: 'split', vatExemptOre: 200000 }).expect(200);
    expect(res.body).toMatchObject({ vatTreatment: 'split', vatExemptOre: 200000 });
    const audit = await t.ds.getRepository(AuditLog).findOne({
      where: { action: 'course.update', entityId: 'accelerator' },
      order: { id: 'DESC' },
    });
    expect(audit).toMatchObject({
      before: { vatTreatment: 'standard', vatExemptOre: null },
      after: { vatTreatment: 'split', vatExemptOre: 200000 },
    });
  });

  it('split: a standard and an exempt line on the page, in the PDF and in the mail; a campaign code reduces both', async () => {
    await setVat('accelerator', { vatTreatment: 'split', vatExemptOre: 200000 }).expect(200);
    const { buyer, orderId, email } = await demoPurchase(t, { courseId: 'accelerator' });
    const { api, pdf, mail } = await documents(buyer, orderId, email);
    expect(api.receipt.totalOre).toBe(499700);
    expect(api.receipt.lines).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 239760, vatOre: 59940, totalOre: 299700 },
      { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 200000, vatOre: 0, totalOre: 200000 },
    ]);
    expect(api.receipt).toMatchObject({ amountExclVatOre: 439760, vatOre: 59940 });
    for (const text of [pdf, mail]) {
      for (const fact of [nok(239760), nok(59940), nok(200000), nok(499700), VAT_EXEMPT_TEXT, '923 456 789 MVA'])
        expect(text.replace(/\s+/g, ' ')).toContain(fact);
    }
    expect(pdf).toContain('MVA 25 %');
    // Under the amount excluding MVA, the MVA on it, named as in the PDF (never «Herav»).
    expect(mail).toContain('MVA 25 %');
    expect(mail).not.toContain('Herav MVA');

    // 10 % off (the price rounded to whole kroner): 4 497 kr, the exempt part reduced in proportion (1 799,88 kr).
    const now = new Date();
    await t.ds.getRepository(CampaignCode).save({
      code: 'MVA10',
      percentOff: 10,
      amountOffOre: null,
      courseIds: ['accelerator'],
      validFrom: null,
      validTo: null,
      maxUses: null,
      uses: 0,
      active: true,
      createdAt: now,
      updatedAt: now,
    });
    const buyer2 = t.agent();
    await buyer2
      .post('/api/checkout/sessions')
      .send({
        courseId: 'accelerator',
        email: 'mva-kode@example.no',
        firstName: 'Kari',
        lastName: 'Kode',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
        campaignCode: 'MVA10',
      })
      .expect(201);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email: 'mva-kode@example.no' });
    expect(order.amountOre).toBe(449700);
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: order.id, kind: 'receipt' });
    expect(receipt.vatLines).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 215770, vatOre: 53942, totalOre: 269712 },
      { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 179988, vatOre: 0, totalOre: 179988 },
    ]);

    // A partial refund: the credit note follows the receipt's lines in proportion, and adds up.
    await admin.post(`/api/admin/orders/${orderId}/refund`).send({ amount: 100000, reason: 'Delvis' }).expect(200);
    const res = await buyer.get(`/api/orders/${orderId}/receipt`).expect(200);
    const [note] = res.body.creditNotes;
    expect(note.lines).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 47981, vatOre: 11995, totalOre: 59976 },
      { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 40024, vatOre: 0, totalOre: 40024 },
    ]);
    const notePdf = pdfText((await getBinary(buyer, note.pdfUrl).expect(200)).body as Buffer).replace(/\s+/g, ' ');
    for (const fact of [nok(-47981), nok(-11995), nok(-40024), nok(-100000), VAT_EXEMPT_TEXT]) expect(notePdf).toContain(fact);
    const refundMail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ kind: 'refund', toAddress: email });
    for (const fact of [nok(-47981), nok(-11995), nok(-40024), nok(-100000), VAT_EXEMPT_TEXT])
      expect(refundMail.textBody.replace(/\s+/g, ' ')).toContain(fact);

    // A later change of the course rewrites no receipt already issued.
    await setVat('accelerator', { vatTreatment: 'standard' }).expect(200);
    const again = await buyer.get(`/api/orders/${orderId}/receipt`).expect(200);
    expect(again.body.receipt.lines).toEqual(api.receipt.lines);
  });

  it('exempt: one line without MVA with the exemption\'s words; the total says no "inkl. MVA"', async () => {
    await setVat('foundation', { vatTreatment: 'exempt' }).expect(200);
    try {
      const { buyer, orderId, email } = await demoPurchase(t, { courseId: 'foundation' });
      const { api, pdf, mail } = await documents(buyer, orderId, email);
      const total = api.receipt.totalOre;
      expect(api.receipt.lines).toEqual([
        { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: total, vatOre: 0, totalOre: total },
      ]);
      expect(api.receipt).toMatchObject({ vatOre: 0, vatRatePercent: 0, amountExclVatOre: total });
      for (const text of [pdf, mail]) {
        expect(text.replace(/\s+/g, ' ')).toContain(VAT_EXEMPT_TEXT);
        expect(text).not.toMatch(/MVA 25 %|MVA \(25 %\)|inkl\. MVA/);
      }
    } finally {
      await setVat('foundation', { vatTreatment: 'standard' }).expect(200);
    }
  });

  it('standard: as before, one line of 25 %', async () => {
    const { buyer, orderId, email } = await demoPurchase(t, { courseId: 'foundation' });
    const { api, pdf, mail } = await documents(buyer, orderId, email);
    const total = api.receipt.totalOre;
    const excl = Math.round(total / 1.25);
    expect(api.receipt.lines).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: excl, vatOre: total - excl, totalOre: total },
    ]);
    expect(pdf).toContain('Totalt inkl. MVA');
    expect(pdf).toContain('Betalt. Prisen inkluderer merverdiavgift (MVA).');
    expect(mail).toMatch(/MVA 25 %:\s+/);
    expect(pdf).not.toContain(VAT_EXEMPT_TEXT);
  });

  it('not registered for MVA: no MVA lines, no "MVA" after the org nr, and the site says so; its credit note too', async () => {
    t.cfg.seller.vatRegistered = false;
    try {
      const site = (await t.http().get('/api/site').expect(200)).body;
      expect(site.seller).toMatchObject({ orgNrText: 'Org.nr. 923 456 789', vatRegistered: false });
      await setVat('accelerator', { vatTreatment: 'split', vatExemptOre: 200000 }).expect(200);
      const { buyer, orderId, email } = await demoPurchase(t, { courseId: 'accelerator' });
      const { api, pdf, mail } = await documents(buyer, orderId, email);
      expect(api.receipt.lines).toEqual([
        { treatment: 'not_registered', vatRatePercent: 0, amountExclVatOre: 499700, vatOre: 0, totalOre: 499700 },
      ]);
      expect(api.receipt.seller).toMatchObject({ orgNrText: 'Org.nr. 923 456 789', vatRegistered: false });
      for (const text of [pdf, mail]) {
        expect(text).toContain('923 456 789');
        expect(text).not.toMatch(/923 456 789 MVA|MVA 25|MVA \(25|inkl\. MVA|Beløp eks\. MVA/);
        expect(text).toContain(nok(499700));
      }
      expect(pdf).toContain('ikke registrert i Merverdiavgiftsregisteret');
      // Registered again later: the credit note follows its receipt (no MVA).
      t.cfg.seller.vatRegistered = true;
      await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angret' }).expect(200);
      const res = await buyer.get(`/api/orders/${orderId}/receipt`).expect(200);
      expect(res.body.creditNotes[0].lines).toEqual([
        { treatment: 'not_registered', vatRatePercent: 0, amountExclVatOre: 499700, vatOre: 0, totalOre: 499700 },
      ]);
      const notePdf = pdfText((await getBinary(buyer, res.body.creditNotes[0].pdfUrl).expect(200)).body as Buffer);
      expect(notePdf).not.toMatch(/MVA/);
      expect(notePdf).toContain('Org.nr. 923 456 789');
      expect(notePdf).toContain(nok(-499700));
    } finally {
      t.cfg.seller.vatRegistered = true;
      await setVat('accelerator', { vatTreatment: 'standard' }).expect(200);
    }
  });

  it('a document stored before the lines existed renders as it did: one 25 % line of its amounts', async () => {
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'foundation' });
    await t.ds.getRepository(Receipt).update({ orderId, kind: 'receipt' }, { vatLines: null });
    const res = await buyer.get(`/api/orders/${orderId}/receipt`).expect(200);
    const r = res.body.receipt;
    expect(r.lines).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: r.amountExclVatOre, vatOre: r.vatOre, totalOre: r.totalOre },
    ]);
    const pdf = pdfText((await getBinary(buyer, `/api/orders/${orderId}/receipt.pdf`).expect(200)).body as Buffer);
    expect(pdf).toContain('Org.nr. 923 456 789 MVA');
    expect(pdf).toContain('MVA 25 %');
  });
});
