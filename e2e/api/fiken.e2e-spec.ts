import { FikenPosting } from '../../backend/src/orders/entities/fiken-posting.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { ConfigError, parseEnv } from '../../backend/src/platform/config/env.schema';
import type TestAgent from 'supertest/lib/agent';
import { adminAgent, demoPurchase } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';
import { FikenPostingWorker } from '../../backend/src/orders/fiken/fiken-posting.worker';
import { CrashPoints, SimulatedCrash } from '../../backend/src/platform/events';
import { fakeFikenEnv, startFakeFiken, type FakeFiken } from './support/fake-fiken';
import { pdfText } from './support/pdf-text';

/**
 * Every sale in Fiken: with FIKEN_* set, each receipt and credit note is queued for posting in the
 * transaction that issues it; without them nothing is queued.
 */
const FIKEN_ENV = fakeFikenEnv('http://127.0.0.1:9/api/v2');

describe('Fiken postings', () => {
  it('start refused on a partial FIKEN_* set, naming what is missing', () => {
    const { FIKEN_API_TOKEN: _t, ...rest } = FIKEN_ENV;
    expect(() => parseEnv(rest)).toThrow(ConfigError);
    try {
      parseEnv(rest);
    } catch (e) {
      expect((e as ConfigError).problems[0]).toMatch(/^FIKEN_API_TOKEN: påkrevd når /);
    }
  });

  describe('Fiken set up', () => {
    let t: TestApp;
    let admin: TestAgent;
    beforeAll(async () => {
      t = await startTestApp(FIKEN_ENV);
      ({ agent: admin } = await adminAgent(t));
    });
    afterAll(() => t.close());

    it('a paid order queues its receipt once, waiting, in the same transaction', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      const postings = await t.ds.getRepository(FikenPosting).findBy({ receiptId: receipt.id });
      expect(postings).toEqual([
        expect.objectContaining({ kind: 'sale', state: 'waiting', attempts: 0, fikenSaleId: null, leaseOwner: null }),
      ]);
    });

    it('a refund queues its credit note', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett' }).expect(200);
      const note = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'credit_note' });
      const postings = await t.ds.getRepository(FikenPosting).findBy({ receiptId: note.id });
      expect(postings).toEqual([expect.objectContaining({ kind: 'credit_note', state: 'waiting' })]);
    });
  });

  describe('Fiken not set up', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('nothing is queued', async () => {
      await demoPurchase(t, { courseId: 'foundation' });
      expect(await t.ds.getRepository(FikenPosting).count()).toBe(0);
    });
  });

  describe('posting to a fake Fiken', () => {
    let fiken: FakeFiken;
    let t: TestApp;
    let admin: TestAgent;
    let worker: FikenPostingWorker;
    const postingOf = async (receiptId: number) => t.ds.getRepository(FikenPosting).findOneByOrFail({ receiptId });
    beforeAll(async () => {
      fiken = await startFakeFiken();
      t = await startTestApp({ ...FIKEN_ENV, FIKEN_API_BASE: fiken.apiBase });
      ({ agent: admin } = await adminAgent(t));
      worker = t.app.get(FikenPostingWorker);
    });
    afterAll(async () => {
      await t.close();
      await fiken.close();
    });
    afterEach(() => expect(fiken.violations).toEqual([]));

    it('a receipt and its credit note become two cash sales that agree with the documents, each with its PDF', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett' }).expect(200);
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      const note = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'credit_note' });
      fiken.reset();
      // Two rounds at once in one process: the client still sends one request at a time.
      await Promise.all([worker.runOnce(), worker.runOnce()]);
      await worker.runOnce();
      const sale = fiken.sales.find((s) => s.body.saleNumber === String(receipt.number))!;
      expect(sale.body).toEqual(
        expect.objectContaining({
          kind: 'cash_sale',
          paid: true,
          currency: 'NOK',
          totalPaid: receipt.totalOre,
          paymentAccount: '1920:10001',
        }),
      );
      expect(sale.body.lines).toEqual([
        expect.objectContaining({ netPrice: receipt.amountExclVatOre, vat: receipt.vatOre, vatType: 'HIGH', account: '3000' }),
      ]);
      expect(sale.attachments).toHaveLength(1);
      expect(pdfText(sale.attachments[0].bytes)).toContain(String(receipt.number));
      const credit = fiken.sales.find((s) => s.body.saleNumber === String(note.number))!;
      expect(credit.body.totalPaid).toBe(-note.totalOre);
      expect(credit.body.lines[0]).toEqual(
        expect.objectContaining({ netPrice: -note.amountExclVatOre, vat: -note.vatOre, vatType: 'HIGH' }),
      );
      expect(credit.body.lines[0].description).toMatch(
        new RegExp(`^Kreditnota ${note.number} til kvittering ${receipt.number}: `),
      );
      expect(pdfText(credit.attachments[0].bytes)).toContain(String(note.number));
      expect(await postingOf(receipt.id)).toEqual(
        expect.objectContaining({ state: 'posted', fikenSaleId: String(sale.saleId), attempts: 0 }),
      );
      expect((await postingOf(note.id)).state).toBe('posted');

      const report = await admin.get('/api/admin/reports/sales').expect(200);
      const row = (report.body.rows as Array<{ number: number; fiken: unknown }>).find((r) => r.number === receipt.number);
      expect(row?.fiken).toEqual({ state: 'posted', error: null, attempts: 0, fikenSaleId: String(sale.saleId) });
      expect(report.body.fiken).toEqual(expect.objectContaining({ configured: true, failed: 0, notQueued: 0 }));
    });

    it('Fiken down: the posting waits with a backoff, then is posted once', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      fiken.reset();
      fiken.down = true;
      await worker.runOnce();
      const waiting = await postingOf(receipt.id);
      expect(waiting).toEqual(expect.objectContaining({ state: 'waiting', attempts: 1, leaseOwner: null }));
      expect(waiting.lastError).toMatch(/503/);
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      fiken.down = false;
      await worker.runOnce();
      expect(fiken.sales).toHaveLength(0);
      await t.ds.getRepository(FikenPosting).update({ receiptId: receipt.id }, { nextAttemptAt: new Date(Date.now() - 1000) });
      await worker.runOnce();
      expect(fiken.sales.filter((s) => s.body.saleNumber === String(receipt.number))).toHaveLength(1);
      expect((await postingOf(receipt.id)).state).toBe('posted');
    });

    it('killed after the sale was created: the next round finds it, books nothing twice and attaches the PDF', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      fiken.reset();
      t.app.get(CrashPoints).arm('fiken.sale:after-create');
      await expect(worker.runOnce()).rejects.toBeInstanceOf(SimulatedCrash);
      expect(fiken.sales).toHaveLength(1);
      expect((await postingOf(receipt.id)).fikenSaleId).toBeNull();
      // The dead process's lease runs out.
      await t.ds.getRepository(FikenPosting).update({ receiptId: receipt.id }, { leaseUntil: new Date(Date.now() - 1000) });
      await worker.runOnce();
      expect(fiken.sales).toHaveLength(1);
      expect(fiken.sales[0].attachments).toHaveLength(1);
      expect(await postingOf(receipt.id)).toEqual(
        expect.objectContaining({ state: 'posted', fikenSaleId: String(fiken.sales[0].saleId) }),
      );
    });

    it("a 400 fails the posting with Fiken's reason; «Prøv igjen» puts it back and it is posted", async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      fiken.reset();
      // The lookup passes, the create is refused.
      await worker.runOnce().then(() => undefined);
      const before = fiken.sales.length;
      await t.ds
        .getRepository(FikenPosting)
        .update({ receiptId: receipt.id }, { state: 'waiting', fikenSaleId: null, nextAttemptAt: new Date(0) });
      fiken.sales.length = 0;
      fiken.failNext(1, 400, 'Kontoen 3000 finnes ikke');
      await worker.runOnce();
      const failed = await postingOf(receipt.id);
      expect(failed).toEqual(expect.objectContaining({ state: 'failed', attempts: 1 }));
      expect(failed.lastError).toMatch(/400.*Kontoen 3000 finnes ikke/);
      expect(before).toBe(1);
      const retried = await admin.post(`/api/admin/fiken/postings/${receipt.id}/retry`).send({}).expect(200);
      expect(retried.body).toEqual({ receiptId: receipt.id, state: 'waiting' });
      await admin.post(`/api/admin/fiken/postings/${receipt.id}/retry`).send({}).expect(409);
      await admin.post('/api/admin/fiken/postings/999999/retry').send({}).expect(404);
      await worker.runOnce();
      expect(await postingOf(receipt.id)).toEqual(expect.objectContaining({ state: 'posted', attempts: 1 }));
      expect(fiken.sales).toHaveLength(1);
    });

    it('two workers on one database: one sale per document, never two requests to Fiken at once', async () => {
      const receipts: Receipt[] = [];
      for (let i = 0; i < 3; i++) {
        const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
        receipts.push(await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' }));
      }
      fiken.reset();
      const other = await startTestApp({ ...FIKEN_ENV, FIKEN_API_BASE: fiken.apiBase }, { db: t.db });
      try {
        // Both start their rounds together; only the one holding the round lease talks to Fiken.
        const taken = await Promise.all([worker.runOnce(), other.app.get(FikenPostingWorker).runOnce()]);
        expect(taken.filter((n) => n > 0)).toHaveLength(1);
        // Afterwards the lease is free again: the other instance's round finds nothing left.
        expect(await other.app.get(FikenPostingWorker).runOnce()).toBe(0);
      } finally {
        // The database is shared: only the second app stops.
        await other.app.close();
      }
      for (const r of receipts) {
        expect(fiken.sales.filter((s) => s.body.saleNumber === String(r.number))).toHaveLength(1);
        expect((await postingOf(r.id)).state).toBe('posted');
      }
      // afterEach: the fake saw no request while another was in flight.
    });
  });

  it('backfill: documents issued before Fiken was set up are queued once, then posted', async () => {
    const fiken = await startFakeFiken();
    const before = await startTestApp();
    let t: TestApp | null = null;
    try {
      const { orderId } = await demoPurchase(before, { courseId: 'foundation' });
      const { agent: admin0 } = await adminAgent(before);
      await admin0.post('/api/admin/fiken/backfill').send({}).expect(409);
      const db = before.db;
      await before.app.close();
      t = await startTestApp({ ...FIKEN_ENV, FIKEN_API_BASE: fiken.apiBase }, { db });
      const { agent: admin } = await adminAgent(t);
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      const report = await admin.get('/api/admin/reports/sales').expect(200);
      expect(report.body.fiken).toEqual(expect.objectContaining({ configured: true, notQueued: 1 }));
      const [a, b] = await Promise.all([
        admin.post('/api/admin/fiken/backfill').send({}).expect(200),
        admin.post('/api/admin/fiken/backfill').send({}).expect(200),
      ]);
      expect((a.body as { queued: number }).queued + (b.body as { queued: number }).queued).toBe(1);
      expect((await admin.post('/api/admin/fiken/backfill').send({}).expect(200)).body).toEqual({ queued: 0 });
      await t.app.get(FikenPostingWorker).runOnce();
      expect(fiken.sales.map((s) => s.body.saleNumber)).toEqual([String(receipt.number)]);
      expect(await t.ds.getRepository(FikenPosting).findOneByOrFail({ receiptId: receipt.id })).toEqual(
        expect.objectContaining({ state: 'posted', kind: 'sale' }),
      );
      expect(fiken.violations).toEqual([]);
    } finally {
      await t?.close();
      await fiken.close();
    }
  });
});
