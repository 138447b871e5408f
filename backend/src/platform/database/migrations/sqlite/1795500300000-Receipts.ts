import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts and credit notes in one unbroken number sequence (bokføringsforskriften § 5-1-1), and
 * the counter that hands out the numbers.
 *
 * Orders paid before this migration get their receipts here, numbered in payment order, and their
 * refunds get credit notes, all in one sequence by date (a receipt before a credit note at the same
 * instant); the counter continues after them. Their seller details are those configured when the
 * migration runs (SELLER_*, or the neutral placeholders outside production).
 */
export class Receipts1795500300000 implements MigrationInterface {
  name = 'Receipts1795500300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "receipts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "number" integer NOT NULL, "kind" varchar(16) NOT NULL, "documentKey" varchar(64) NOT NULL, "orderId" integer NOT NULL, "refundId" integer, "refersToNumber" integer, "issuedAt" datetime(3) NOT NULL, "description" varchar(500) NOT NULL, "amountExclVatOre" integer NOT NULL, "vatOre" integer NOT NULL, "vatRatePercent" integer NOT NULL, "totalOre" integer NOT NULL, "currency" varchar(3) NOT NULL DEFAULT ('NOK'), "sellerName" varchar(200) NOT NULL, "sellerOrgNr" varchar(9) NOT NULL, "sellerAddress" varchar(300) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_receipts_number" ON "receipts" ("number") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_receipts_document_key" ON "receipts" ("documentKey") `);
    await queryRunner.query(`CREATE INDEX "idx_receipts_order" ON "receipts" ("orderId") `);
    await queryRunner.query(`CREATE TABLE "receipt_sequence" ("id" integer PRIMARY KEY NOT NULL, "lastNumber" integer NOT NULL)`);
    const docs = await existingDocuments(queryRunner, (name) => `"${name}"`);
    for (const d of docs) {
      await queryRunner.query(
        `INSERT INTO "receipts" ("number", "kind", "documentKey", "orderId", "refundId", "refersToNumber", "issuedAt", "description", "amountExclVatOre", "vatOre", "vatRatePercent", "totalOre", "currency", "sellerName", "sellerOrgNr", "sellerAddress") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        d,
      );
    }
    await queryRunner.query(`INSERT INTO "receipt_sequence" ("id", "lastNumber") VALUES (1, ?)`, [docs.length]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "receipt_sequence"`);
    await queryRunner.query(`DROP INDEX "idx_receipts_order"`);
    await queryRunner.query(`DROP INDEX "uq_receipts_document_key"`);
    await queryRunner.query(`DROP INDEX "uq_receipts_number"`);
    await queryRunner.query(`DROP TABLE "receipts"`);
  }
}

type Row = Record<string, unknown>;

/** A stored datetime (a Date from MySQL, `YYYY-MM-DD HH:MM:SS.SSS` UTC text from SQLite) in ms. */
function ms(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  const s = String(v);
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(' ', 'T')}Z`);
}

/** The rows to insert for orders paid and refunds made before the migration, numbered 1, 2, … by date. */
async function existingDocuments(q: QueryRunner, id: (name: string) => string): Promise<unknown[][]> {
  const orders = (await q.query(
    `SELECT o.${id('id')} AS ${id('id')}, o.${id('amountOre')} AS ${id('amountOre')}, o.${id('currency')} AS ${id('currency')}, ` +
      `o.${id('paidAt')} AS ${id('paidAt')}, o.${id('updatedAt')} AS ${id('updatedAt')}, o.${id('courseId')} AS ${id('courseId')}, ` +
      `c.${id('title')} AS ${id('title')} FROM ${id('orders')} o LEFT JOIN ${id('courses')} c ON c.${id('id')} = o.${id('courseId')} ` +
      `WHERE o.${id('status')} IN ('paid', 'partially_refunded', 'refunded')`,
  )) as Row[];
  const refunds = (await q.query(
    `SELECT r.${id('id')} AS ${id('id')}, r.${id('orderId')} AS ${id('orderId')}, r.${id('amountOre')} AS ${id('amountOre')}, ` +
      `r.${id('createdAt')} AS ${id('createdAt')} FROM ${id('refunds')} r`,
  )) as Row[];
  const seller = {
    name: (process.env.SELLER_NAME ?? '').trim() || 'Selger AS (SELLER_NAME ikke satt)',
    orgNr: (process.env.SELLER_ORG_NR ?? '').replace(/[\s\u00a0]+/g, ''),
    address: (process.env.SELLER_ADDRESS ?? '').trim() || 'Adresse ikke satt (SELLER_ADDRESS)',
  };
  if (!/^\d{9}$/.test(seller.orgNr)) seller.orgNr = '000000000';
  const split = (total: number) => {
    const excl = Math.round((total * 100) / 125);
    return [excl, total - excl];
  };
  type Doc = { at: number; rank: number; id: number; make(number: number, receiptNo: Map<number, number>): unknown[] };
  const byOrder = new Map<number, Row>();
  const docs: Doc[] = [];
  for (const o of orders) {
    const orderId = Number(o.id);
    byOrder.set(orderId, o);
    const total = Number(o.amountOre);
    const description = `Nettkurs «${String(o.title ?? o.courseId)}», ordre ${orderId}`;
    docs.push({
      at: ms(o.paidAt ?? o.updatedAt),
      rank: 0,
      id: orderId,
      make: (n, receiptNo) => {
        receiptNo.set(orderId, n);
        return [
          n,
          'receipt',
          `receipt:${orderId}`,
          orderId,
          null,
          null,
          o.paidAt ?? o.updatedAt,
          description,
          ...split(total),
          25,
          total,
        ];
      },
    });
  }
  for (const r of refunds) {
    const orderId = Number(r.orderId);
    const o = byOrder.get(orderId);
    if (!o) continue;
    const total = Number(r.amountOre);
    docs.push({
      at: Math.max(ms(r.createdAt), ms(o.paidAt ?? o.updatedAt)),
      rank: 1,
      id: Number(r.id),
      make: (n, receiptNo) => {
        const receipt = receiptNo.get(orderId) ?? null;
        const description = `Kreditnota for kvittering nr. ${receipt}: refusjon av Nettkurs «${String(o.title ?? o.courseId)}», ordre ${orderId}`;
        return [
          n,
          'credit_note',
          `credit:${Number(r.id)}`,
          orderId,
          Number(r.id),
          receipt,
          r.createdAt,
          description,
          ...split(total),
          25,
          total,
        ];
      },
    });
  }
  docs.sort((a, b) => a.at - b.at || a.rank - b.rank || a.id - b.id);
  const receiptNo = new Map<number, number>();
  return docs.map((d, i) => {
    const row = d.make(i + 1, receiptNo);
    const currency = String(byOrder.get(Number(row[3]))?.currency ?? 'NOK');
    return [...row, currency, seller.name, seller.orgNr, seller.address];
  });
}
