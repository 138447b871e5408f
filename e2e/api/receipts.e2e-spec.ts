import type TestAgent from 'supertest/lib/agent';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt, ReceiptSequence } from '../../backend/src/orders/entities/receipt.entity';
import { FulfilmentService } from '../../backend/src/orders/fulfilment.service';
import { ReceiptsService } from '../../backend/src/orders/receipts/receipts.service';
import { ConfigError, parseEnv } from '../../backend/src/platform/config/env.schema';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { adminAgent, demoPurchase } from './admin-helpers';
import { getBinary, isPdf, pdfText } from './support/pdf-text';
import { createTestDatabase } from './support/test-database';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Receipts and credit notes (bokføringsforskriften § 5-1-1, docs/decisions.md "Seller and receipts"):
 * the seller (SELLER_*) with org nr and "MVA", a number from one unbroken sequence, date,
 * description, amount excluding MVA, MVA amount and rate, total; a refund gives a credit note in
 * the same sequence that refers to the receipt. Only the buyer and admins see them.
 */

const SELLER_ENV = {
  SELLER_NAME: 'Kvittering Testselskap AS',
  SELLER_ORG_NR: '923 456 789',
  SELLER_ADDRESS: 'Kvitteringsveien 5, 0155 Oslo',
};

/** Prices include 25 % MVA. */
const exclOf = (total: number) => Math.round(total / 1.25);

const nok = (ore: number) =>
  `${ore < 0 ? '-' : ''}${Math.floor(Math.abs(ore) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(Math.abs(ore) % 100).padStart(2, '0')} kr`;

describe('receipts and credit notes', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp(SELLER_ENV);
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const receipts = () => t.ds.getRepository(Receipt).find({ order: { number: 'ASC' } });
  const assertUnbroken = async () => {
    const all = await receipts();
    expect(all.map((r) => r.number)).toEqual(all.map((_, i) => i + 1));
    const seq = await t.ds.getRepository(ReceiptSequence).findOneByOrFail({ id: 1 });
    expect(seq.lastNumber).toBe(all.length);
    return all;
  };

  it('the site settings name the seller for the pages (footer, terms, privacy)', async () => {
    const res = await t.http().get('/api/site').expect(200);
    expect(res.body.seller).toEqual({
      name: 'Kvittering Testselskap AS',
      orgNr: '923456789',
      orgNrText: 'Org.nr. 923 456 789 MVA',
      address: 'Kvitteringsveien 5, 0155 Oslo',
      vatRegistered: true,
    });
  });

  it('a paid order gets a receipt: seller, number, date, description, amount excl. MVA, MVA and rate, total', async () => {
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'foundation' });
    const order = await t.ds.getRepository(Order).findOneByOrFail({ id: orderId });
    const res = await buyer.get(`/api/orders/${orderId}/receipt`).expect(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const total = order.amountOre;
    expect(res.body).toEqual({
      receipt: {
        number: expect.any(Number),
        kind: 'receipt',
        orderId,
        refersToNumber: null,
        issuedAt: expect.any(String),
        description: expect.stringContaining(`ordre ${orderId}`),
        renewalTerms: null,
        amountExclVatOre: exclOf(total),
        vatOre: total - exclOf(total),
        vatRatePercent: 25,
        totalOre: total,
        lines: [
          {
            treatment: 'standard',
            vatRatePercent: 25,
            amountExclVatOre: exclOf(total),
            vatOre: total - exclOf(total),
            totalOre: total,
          },
        ],
        currency: 'NOK',
        seller: {
          name: 'Kvittering Testselskap AS',
          orgNr: '923456789',
          orgNrText: 'Org.nr. 923 456 789 MVA',
          address: 'Kvitteringsveien 5, 0155 Oslo',
          vatRegistered: true,
        },
        pdfUrl: `/api/orders/${orderId}/receipt.pdf`,
      },
      creditNotes: [],
      // Who bought and how they paid, as the receipt mail says it.
      buyer: { name: 'Ola Nordmann', paymentMethod: 'card' },
    });
    expect(res.body.receipt.description).toContain('Foundation');
    expect(Math.abs(Date.parse(res.body.receipt.issuedAt) - order.paidAt!.getTime())).toBeLessThan(60_000);
    await assertUnbroken();
  });

  it('numbers are unbroken across sequential and concurrent payments, and a rolled-back issue leaves no gap', async () => {
    for (let i = 0; i < 3; i++) await demoPurchase(t, { courseId: i % 2 ? 'accelerator' : 'foundation' });
    // Several buyers paying at the same moment.
    await Promise.all(Array.from({ length: 6 }, () => demoPurchase(t, { courseId: 'accelerator' })));
    // The same pending orders fulfilled concurrently, each twice (the webhook and the success page at once).
    const fulfilment = t.app.get(FulfilmentService);
    const pending: Order[] = [];
    for (let i = 0; i < 4; i++) {
      const now = new Date();
      pending.push(
        await t.ds.getRepository(Order).save(
          t.ds.getRepository(Order).create({
            userId: null,
            email: uniqueEmail('samtidig'),
            firstName: 'Sam',
            lastName: 'Tidig',
            courseId: 'foundation',
            amountOre: 159900,
            paymentMethod: 'card',
            provider: 'stripe',
            status: 'pending',
            providerReference: `cs_samtidig_${i}_${Date.now()}`,
            createdAt: now,
            updatedAt: now,
          }),
        ),
      );
    }
    await Promise.all(pending.flatMap((o) => [fulfilment.fulfil(o, `pi_${o.id}`), fulfilment.fulfil(o, `pi_${o.id}`)]));
    // A payment whose transaction rolls back after taking a number gives the number back.
    const service = t.app.get(ReceiptsService);
    const extra = pending[0];
    await expect(
      t.ds.transaction(async (m) => {
        await service.issueCreditNote(m, extra, { id: 999_999, amountOre: 100 } as never);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    const all = await assertUnbroken();
    const paid = await t.ds.getRepository(Order).find({ where: { status: 'paid' } });
    const receiptsOnly = all.filter((r) => r.kind === 'receipt');
    expect(receiptsOnly.map((r) => r.orderId).sort((a, b) => a - b)).toEqual(paid.map((o) => o.id).sort((a, b) => a - b));
    for (const o of pending) expect(receiptsOnly.filter((r) => r.orderId === o.id)).toHaveLength(1);
    for (const r of receiptsOnly) {
      const o = paid.find((p) => p.id === r.orderId)!;
      expect(r).toMatchObject({ totalOre: o.amountOre, amountExclVatOre: exclOf(o.amountOre), vatRatePercent: 25 });
      expect(r.vatOre + r.amountExclVatOre).toBe(r.totalOre);
    }
  });

  it('a refund produces a credit note in the same sequence that refers to the receipt; the mail says so', async () => {
    const { buyer, orderId, email } = await demoPurchase(t, { courseId: 'accelerator' });
    const order = await t.ds.getRepository(Order).findOneByOrFail({ id: orderId });
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
    // Someone else pays in between: the credit notes take the next free numbers.
    await demoPurchase(t);
    await admin.post(`/api/admin/orders/${orderId}/refund`).send({ amount: 50000, reason: 'Delvis refusjon' }).expect(200);
    await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Resten' }).expect(200);
    const all = await assertUnbroken();
    const notes = all.filter((r) => r.orderId === orderId && r.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    const last = all[all.length - 1].number;
    expect(notes.map((n) => n.number)).toEqual([last - 1, last]);
    expect(notes[0]).toMatchObject({
      refersToNumber: receipt.number,
      totalOre: 50000,
      amountExclVatOre: 40000,
      vatOre: 10000,
      vatRatePercent: 25,
      sellerOrgNr: '923456789',
    });
    const rest = order.amountOre - 50000;
    expect(notes[1]).toMatchObject({ refersToNumber: receipt.number, totalOre: rest, amountExclVatOre: exclOf(rest) });

    const res = await buyer.get(`/api/orders/${orderId}/receipt`).expect(200);
    expect(res.body.receipt.number).toBe(receipt.number);
    expect(res.body.creditNotes).toEqual([
      expect.objectContaining({
        kind: 'credit_note',
        number: notes[0].number,
        refersToNumber: receipt.number,
        totalOre: 50000,
        pdfUrl: `/api/orders/${orderId}/credit-notes/${notes[0].number}/pdf`,
      }),
      expect.objectContaining({ kind: 'credit_note', number: notes[1].number, totalOre: rest }),
    ]);
    expect(res.body.creditNotes[0].description).toContain(`kvittering nr. ${receipt.number}`);

    const pdf = await getBinary(buyer, `/api/orders/${orderId}/credit-notes/${notes[0].number}/pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="kreditnota-${notes[0].number}.pdf"`);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain(`Kreditnota nr. ${notes[0].number}`);
    expect(text).toContain(`Gjelder kvittering nr. ${receipt.number}`);
    expect(text).toContain('Org.nr. 923 456 789 MVA');
    expect(text).toContain(nok(-50000));
    expect(text).toContain(nok(-10000));

    const mails = await t.ds
      .getRepository(OutboxMessage)
      .find({ where: { kind: 'refund', toAddress: email }, order: { id: 'ASC' } });
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toContain(`kreditnota nr. ${notes[0].number}`);
    for (const fact of [
      'Kvittering Testselskap AS',
      '923 456 789 MVA',
      'Kvitteringsveien 5, 0155 Oslo',
      `Gjelder kvittering nr.: ${receipt.number}`,
      '-500,00 kr',
      '-100,00 kr',
      `http://localhost:3000/kvittering/${orderId}`,
    ])
      expect(mails[0].textBody).toContain(fact);
    // The label says it once: not "Organisasjonsnummer: Org.nr. …".
    expect(mails[0].textBody).toMatch(/^Org\.nr\.:\s+923 456 789 MVA$/m);
    expect(mails[0].textBody).not.toContain('Organisasjonsnummer');
    // A credit-note number never shows up twice.
    expect(new Set(all.map((r) => r.number)).size).toBe(all.length);
  });

  it('the receipt mail shows the seller, the number, the date, the description and the MVA', async () => {
    const { orderId, email } = await demoPurchase(t, { courseId: 'foundation' });
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
    const mail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ kind: 'receipt', toAddress: email });
    expect(mail.subject).toContain(`Kvittering nr. ${receipt.number}`);
    for (const part of [mail.textBody, mail.html]) {
      for (const fact of [
        'Kvittering Testselskap AS',
        '923 456 789 MVA',
        'Kvitteringsveien 5, 0155 Oslo',
        'Kvitteringsnummer',
        String(receipt.number),
        receipt.description.replace(/«|»/g, ''),
        nok(receipt.amountExclVatOre),
        'MVA 25 %',
        nok(receipt.vatOre),
        nok(receipt.totalOre),
        `http://localhost:3000/kvittering/${orderId}`,
      ])
        expect(part.replace(/&laquo;|&raquo;|«|»|&shy;/g, '')).toContain(fact);
    }
  });

  it('the PDF: application/pdf, an attachment named by the receipt number, with every required fact', async () => {
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'foundation' });
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
    const res = await getBinary(buyer, `/api/orders/${orderId}/receipt.pdf`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kvittering-${receipt.number}.pdf"`);
    const pdf = res.body as Buffer;
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf);
    for (const fact of [
      `Kvittering nr. ${receipt.number}`,
      'Kvittering Testselskap AS',
      '923 456 789 MVA',
      'Kvitteringsveien 5, 0155 Oslo',
      receipt.description,
      'Beløp eks. MVA',
      nok(receipt.amountExclVatOre),
      'MVA 25 %',
      nok(receipt.vatOre),
      'Totalt inkl. MVA',
      nok(receipt.totalOre),
      String(orderId),
      'Kjøper',
      'Ola Nordmann',
      'Betalingsmåte',
      'Kort',
    ])
      expect(text).toContain(fact);
    // One number to quote: the receipt's; the order is named only inside the description.
    expect(text).not.toContain('Ordrenummer');
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4} kl\. \d{2}:\d{2}/);
  });

  it('only the buyer and admins: anonymous 401, another student the same 404 as an unknown order', async () => {
    const { buyer, orderId } = await demoPurchase(t);
    const { agent: other } = await loginAs(t, { email: uniqueEmail('annen') });
    for (const url of [`/api/orders/${orderId}/receipt`, `/api/orders/${orderId}/receipt.pdf`]) {
      await buyer.get(url).expect(200);
      await admin.get(url).expect(200);
      const anon = await t.http().get(url).expect(401);
      expect(anon.body.code).toBe('UNAUTHENTICATED');
      const theirs = await other.get(url).expect(404);
      const unknown = await other.get(url.replace(String(orderId), '2147483000')).expect(404);
      expect(theirs.body).toEqual(unknown.body);
      expect(theirs.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Fant ikke kvitteringen' });
    }
    for (const junk of ['abc', '0', '-1', '1e3', '99999999999']) await buyer.get(`/api/orders/${junk}/receipt`).expect(404);
    // A credit note of another order, asked for through this order, is not found.
    await buyer.get(`/api/orders/${orderId}/credit-notes/1/pdf`).expect(404);
  });

  it('documents keep the seller they were issued with when the configuration changes', async () => {
    const { orderId: before } = await demoPurchase(t);
    const original = { ...t.cfg.seller };
    t.cfg.seller = { name: 'Nytt Navn AS', orgNr: '987654321', address: 'Ny gate 2, 5003 Bergen', vatRegistered: true };
    try {
      const { orderId: after } = await demoPurchase(t);
      const old = await admin.get(`/api/orders/${before}/receipt`).expect(200);
      expect(old.body.receipt.seller).toMatchObject({ name: 'Kvittering Testselskap AS', orgNrText: 'Org.nr. 923 456 789 MVA' });
      const fresh = await admin.get(`/api/orders/${after}/receipt`).expect(200);
      expect(fresh.body.receipt.seller).toMatchObject({ name: 'Nytt Navn AS', orgNrText: 'Org.nr. 987 654 321 MVA' });
    } finally {
      t.cfg.seller = original;
    }
    await assertUnbroken();
  });
});

describe('SELLER_* in production', () => {
  const production = { NODE_ENV: 'production', MAIL_DISABLED: 'true', APP_SECRET: 'produksjonshemmelighet-for-kvitteringer-123' };

  it('the start stops without them, naming each missing variable', () => {
    let err: unknown;
    try {
      parseEnv(production);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of ['SELLER_NAME', 'SELLER_ORG_NR', 'SELLER_ADDRESS'])
      expect((err as Error).message).toContain(`${name}: påkrevd i produksjon`);
    expect(() => parseEnv({ ...production, ...SELLER_ENV, SELLER_ORG_NR: '92345678' })).toThrow(
      /SELLER_ORG_NR: organisasjonsnummeret er ni sifre/,
    );
  });

  it('with them, production starts and the pages get the seller', async () => {
    const t = await startTestApp({ ...production, ...SELLER_ENV });
    try {
      const res = await t.http().get('/api/site').expect(200);
      expect(res.body.seller.orgNrText).toBe('Org.nr. 923 456 789 MVA');
    } finally {
      await t.close();
    }
  });
});

describe('orders paid before receipts existed (the migration)', () => {
  it('numbers their receipts in payment order and their refunds as credit notes, and the sequence continues', async () => {
    const db = await createTestDatabase();
    const options = buildDataSourceOptions({ databaseUrl: db.url });
    const all = options.migrations as Function[];
    const at = all.findIndex((m) => m.name === 'Receipts1795500300000');
    expect(at).toBeGreaterThan(0);
    const saved = { ...process.env };
    Object.assign(process.env, SELLER_ENV);
    const before = await new DataSource({ ...options, migrations: all.slice(0, at) } as typeof options).initialize();
    try {
      await before.runMigrations({ transaction: 'each' });
      const row = (id: number, paidAt: string | null, status: string, amountOre: number) => ({
        id,
        email: `gammel-${id}@example.no`,
        firstName: 'Gammel',
        lastName: 'Ordre',
        courseId: 'foundation',
        amountOre,
        currency: 'NOK',
        paymentMethod: 'card',
        provider: 'stripe',
        status,
        refundedOre: status === 'refunded' ? amountOre : 0,
        createdAt: new Date('2026-01-01T10:00:00Z'),
        updatedAt: new Date('2026-03-01T10:00:00Z'),
        paidAt: paidAt ? new Date(paidAt) : null,
      });
      // Paid in the order 12, 10, (refund of 12), 11; 13 was never paid.
      // Only the columns orders had then (the entity has more, added by later migrations).
      await before
        .createQueryBuilder()
        .insert()
        .into('orders', Object.keys(row(0, null, 'pending', 0)))
        .values([
          row(10, '2026-02-02T10:00:00Z', 'paid', 199700),
          row(11, '2026-02-05T10:00:00Z', 'paid', 99900),
          row(12, '2026-02-01T10:00:00Z', 'refunded', 159900),
          row(13, null, 'pending', 199700),
        ])
        // The table as it was then: nothing is read back into today's entity (its later columns are missing).
        .updateEntity(false)
        .execute();
      await before
        .createQueryBuilder()
        .insert()
        .into('refunds')
        .values({
          id: 5,
          orderId: 12,
          amountOre: 159900,
          reason: 'Garanti',
          status: 'succeeded',
          createdAt: new Date('2026-02-03T10:00:00Z'),
        })
        .execute();
    } finally {
      await before.destroy();
    }
    const after = await new DataSource(options).initialize();
    try {
      await after.runMigrations({ transaction: 'each' });
      const docs = await after.getRepository(Receipt).find({ order: { number: 'ASC' } });
      expect(docs.map((d) => [d.number, d.kind, d.orderId, d.refersToNumber, d.totalOre])).toEqual([
        [1, 'receipt', 12, null, 159900],
        [2, 'receipt', 10, null, 199700],
        [3, 'credit_note', 12, 1, 159900],
        [4, 'receipt', 11, null, 99900],
      ]);
      expect(docs[0]).toMatchObject({
        amountExclVatOre: 127920,
        vatOre: 31980,
        vatRatePercent: 25,
        sellerName: 'Kvittering Testselskap AS',
        sellerOrgNr: '923456789',
      });
      expect(docs[0].issuedAt.toISOString()).toBe('2026-02-01T10:00:00.000Z');
      expect((await after.getRepository(ReceiptSequence).findOneByOrFail({ id: 1 })).lastNumber).toBe(4);
    } finally {
      await after.destroy();
      process.env = saved;
      await db.drop();
    }
  });
});
