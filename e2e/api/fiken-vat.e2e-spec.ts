import type TestAgent from 'supertest/lib/agent';
import type { ReceiptLine, SalesReportResponse } from '@academy/contracts';
import { CampaignCode } from '../../backend/src/orders/entities/campaign-code.entity';
import { FikenPosting } from '../../backend/src/orders/entities/fiken-posting.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { FikenPostingWorker } from '../../backend/src/orders/fiken/fiken-posting.worker';
import { osloDate } from '../../backend/src/platform/time/oslo-time';
import { adminAgent, demoPurchase, uniqueEmail } from './admin-helpers';
import { fakeFikenEnv, startFakeFiken, type FakeFiken } from './support/fake-fiken';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * MVA in Fiken (docs/decisions.md "MVA", "Fiken"): for each treatment a course can have — standard
 * 25 %, exempt under mval. § 3-5, split with a fixed exempt part — and for a seller outside the MVA
 * register, a purchase and its full refund become two cash sales whose lines are the documents' own
 * lines (vatType and revenue account per treatment, a credit note negative), and the accountant's
 * report shows the same amounts with both documents posted.
 */

const ENV = {
  SELLER_NAME: 'Kursselskapet AS',
  SELLER_ORG_NR: '923 456 789',
  SELLER_ADDRESS: 'Kursveien 5, 0155 Oslo',
};

/** What Fiken must receive per treatment: its vatType and the revenue account. */
const IN_FIKEN = {
  standard: { vatType: 'HIGH', account: '3000', taxCode: '3' },
  exempt: { vatType: 'OUTSIDE', account: '3100', taxCode: '6' },
  not_registered: { vatType: 'NONE', account: '3000', taxCode: '7' },
} as const;

const line = (treatment: ReceiptLine['treatment'], amountExclVatOre: number, vatOre: number): ReceiptLine => ({
  treatment,
  vatRatePercent: treatment === 'standard' ? 25 : 0,
  amountExclVatOre,
  vatOre,
  totalOre: amountExclVatOre + vatOre,
});

/** An amount with the document's sign (a credit note negative); 0 stays 0, as JSON carries it. */
const signed = (sign: 1 | -1, ore: number) => sign * ore + 0;

interface Case {
  name: string;
  courseId: 'foundation' | 'accelerator';
  vat: { vatTreatment: 'standard' | 'exempt' | 'split'; vatExemptOre?: number } | null;
  campaignCode?: string;
  /** The receipt's lines as they must be stored (the credit note of a full refund has the same). */
  lines: ReceiptLine[];
}

const REGISTERED: Case[] = [
  { name: 'standard 25 %', courseId: 'foundation', vat: null, lines: [line('standard', 159760, 39940)] },
  { name: 'exempt (mval. § 3-5)', courseId: 'foundation', vat: { vatTreatment: 'exempt' }, lines: [line('exempt', 199700, 0)] },
  {
    name: 'split, 2 000 kr exempt',
    courseId: 'accelerator',
    vat: { vatTreatment: 'split', vatExemptOre: 200000 },
    lines: [line('standard', 239760, 59940), line('exempt', 200000, 0)],
  },
  {
    name: 'split with a 10 % campaign code (both lines reduced in proportion)',
    courseId: 'accelerator',
    vat: { vatTreatment: 'split', vatExemptOre: 200000 },
    campaignCode: 'FIKENMVA10',
    lines: [line('standard', 215770, 53942), line('exempt', 179988, 0)],
  },
];

const NOT_REGISTERED: Case[] = [
  // The course is split, but a seller outside the register sells without MVA: one line.
  {
    name: 'not registered, split course',
    courseId: 'accelerator',
    vat: { vatTreatment: 'split', vatExemptOre: 200000 },
    lines: [line('not_registered', 499700, 0)],
  },
  { name: 'not registered, standard course', courseId: 'foundation', vat: null, lines: [line('not_registered', 199700, 0)] },
];

/** One app with a fake Fiken; each case buys, refunds in full, posts and compares. */
function suite(title: string, env: Record<string, string>, cases: Case[]) {
  describe(title, () => {
    let fiken: FakeFiken;
    let t: TestApp;
    let admin: TestAgent;

    beforeAll(async () => {
      fiken = await startFakeFiken();
      t = await startTestApp({ ...ENV, ...env, ...fakeFikenEnv(fiken.apiBase) });
      ({ agent: admin } = await adminAgent(t));
      const now = new Date();
      await t.ds.getRepository(CampaignCode).save({
        code: 'FIKENMVA10',
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
    });
    afterAll(async () => {
      await t.close();
      await fiken.close();
    });
    afterEach(() => expect(fiken.violations).toEqual([]));

    async function purchase(c: Case): Promise<number> {
      if (!c.campaignCode) return (await demoPurchase(t, { courseId: c.courseId })).orderId;
      const email = uniqueEmail('kode');
      await t
        .agent()
        .post('/api/checkout/sessions')
        .send({
          courseId: c.courseId,
          email,
          firstName: 'Kari',
          lastName: 'Kode',
          paymentMethod: 'card',
          acceptTerms: true,
          acceptRisk: true,
          campaignCode: c.campaignCode,
        })
        .expect(201);
      return (await t.ds.getRepository(Order).findOneByOrFail({ email })).id;
    }

    it.each(cases.map((c) => [c.name, c] as const))(
      '%s: receipt and credit note agree with Fiken and the report',
      async (_n, c) => {
        if (c.vat) await admin.put(`/api/admin/courses/${c.courseId}`).send(c.vat).expect(200);
        try {
          const orderId = await purchase(c);
          await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett' }).expect(200);
          const receipts = t.ds.getRepository(Receipt);
          const receipt = await receipts.findOneByOrFail({ orderId, kind: 'receipt' });
          const note = await receipts.findOneByOrFail({ orderId, kind: 'credit_note' });

          // The documents as stored: the expected lines, their sums, and a full credit note of the receipt.
          const total = c.lines.reduce((s, l) => s + l.totalOre, 0);
          const net = c.lines.reduce((s, l) => s + l.amountExclVatOre, 0);
          const vat = c.lines.reduce((s, l) => s + l.vatOre, 0);
          for (const doc of [receipt, note]) {
            expect(doc.vatLines).toEqual(c.lines);
            expect(doc).toMatchObject({ totalOre: total, amountExclVatOre: net, vatOre: vat });
          }
          expect(note.refersToNumber).toBe(receipt.number);

          fiken.reset();
          for (let round = 0; round < 5 && (await t.app.get(FikenPostingWorker).runOnce()) > 0; round++);

          const report = (
            await admin
              .get(`/api/admin/reports/sales?from=${osloDate(receipt.issuedAt)}&to=${osloDate(note.issuedAt)}`)
              .expect(200)
          ).body as SalesReportResponse;

          for (const [doc, sign] of [
            [receipt, 1],
            [note, -1],
          ] as const) {
            const sales = fiken.sales.filter((s) => s.body.saleNumber === String(doc.number));
            expect(sales).toHaveLength(1);
            const sale = sales[0].body;
            expect(sale).toMatchObject({ kind: 'cash_sale', saleNumber: String(doc.number), totalPaid: signed(sign, total) });
            expect(sale.lines.map((l) => ({ netPrice: l.netPrice, vat: l.vat, vatType: l.vatType, account: l.account }))).toEqual(
              c.lines.map((l) => ({
                netPrice: signed(sign, l.amountExclVatOre),
                vat: signed(sign, l.vatOre),
                vatType: IN_FIKEN[l.treatment].vatType,
                account: IN_FIKEN[l.treatment].account,
              })),
            );
            expect(sale.lines.reduce((s, l) => s + l.netPrice + l.vat, 0)).toBe(sale.totalPaid);

            const rows = report.rows.filter((r) => r.number === doc.number);
            expect(rows.map((r) => ({ taxCode: r.taxCode, grossOre: r.grossOre, netOre: r.netOre, vatOre: r.vatOre }))).toEqual(
              c.lines.map((l) => ({
                taxCode: IN_FIKEN[l.treatment].taxCode,
                grossOre: signed(sign, l.totalOre),
                netOre: signed(sign, l.amountExclVatOre),
                vatOre: signed(sign, l.vatOre),
              })),
            );
            expect({
              grossOre: rows.reduce((s, r) => s + r.grossOre, 0),
              netOre: rows.reduce((s, r) => s + r.netOre, 0),
              vatOre: rows.reduce((s, r) => s + r.vatOre, 0),
            }).toEqual({ grossOre: signed(sign, total), netOre: signed(sign, net), vatOre: signed(sign, vat) });
            for (const r of rows)
              expect(r.fiken).toEqual(expect.objectContaining({ state: 'posted', fikenSaleId: String(sales[0].saleId) }));
            expect((await t.ds.getRepository(FikenPosting).findOneByOrFail({ receiptId: doc.id })).state).toBe('posted');
          }
          expect(fiken.sales).toHaveLength(2);
        } finally {
          if (c.vat) await admin.put(`/api/admin/courses/${c.courseId}`).send({ vatTreatment: 'standard' }).expect(200);
        }
      },
    );
  });
}

describe('MVA in Fiken: receipt, credit note, Fiken and the report agree', () => {
  suite('registered for MVA', {}, REGISTERED);
  suite('not registered for MVA (SELLER_VAT_REGISTERED=false)', { SELLER_VAT_REGISTERED: 'false' }, NOT_REGISTERED);
});
