import type { EntityManager } from 'typeorm';
import { FikenPosting } from '../entities/fiken-posting.entity';

/** What a posting needs to know of its document. */
export interface QueuedDocument {
  id: number;
  kind: string;
}

/**
 * Queues one receipt or credit note for posting to Fiken, due now (docs/decisions.md "Fiken").
 * The posting is unique per document, so a document already queued stays as it is; answers whether
 * this call queued it. Used where a document is issued (in its transaction) and by the backfill.
 */
export function queueFikenPosting(m: EntityManager, doc: QueuedDocument, now: Date): Promise<boolean> {
  return queue(m, { receiptId: Number(doc.id), kind: doc.kind === 'credit_note' ? 'credit_note' : 'sale' }, now);
}

/**
 * Queues a partner payout for posting to Fiken as a purchase (docs/decisions.md "Partners"), in the
 * payout's transaction; unique per payout like a receipt's posting.
 */
export function queueFikenPurchase(m: EntityManager, payoutId: number, now: Date): Promise<boolean> {
  return queue(m, { payoutId: Number(payoutId), kind: 'purchase' }, now);
}

async function queue(m: EntityManager, what: Partial<FikenPosting>, now: Date): Promise<boolean> {
  const [sql, params] = m
    .createQueryBuilder()
    .insert()
    .into(FikenPosting)
    .orIgnore()
    .values({
      ...what,
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .getQueryAndParameters();
  // Run as plain SQL for the driver's count of rows changed: an ignored insert changes none (and
  // TypeORM's own execute() would try to read back the id of a row that was never made).
  const own = m.queryRunner ? null : m.connection.createQueryRunner();
  try {
    const res = await (m.queryRunner ?? own!).query(sql, params, true);
    return (res.affected ?? 0) > 0;
  } finally {
    await own?.release();
  }
}
