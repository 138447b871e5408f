import { In, IsNull, type EntityManager } from 'typeorm';
import { isMysql } from '../../platform/database/dialect';
import { Order } from '../entities/order.entity';

/** Orders whose money counts (paid, or refunded in part). */
const STANDING = ['paid', 'partially_refunded'] as const;

/** What a source order's money serves as, in paid upgrades. */
export interface CreditTie {
  /** Of the order's money, what is the credit of paid upgrades (øre). */
  tiedOre: number;
  /** The paid upgrade holding it (the newest, should there be several). */
  upgradeOrderId: number;
  /** What that upgrade has left to refund (øre). */
  upgradeRefundableOre: number;
}

/**
 * The paid upgrades priced with the money of these orders: per source order, what of it is tied up as
 * credit. An upgrade refunded in full ties nothing (its course is gone); one refunded in part still
 * holds its whole credit (the buyer keeps the course it was priced for). `exceptOrderId`: an upgrade
 * being paid in this transaction, which does not tie its own credit yet.
 */
export async function creditTies(m: EntityManager, sourceIds: number[], exceptOrderId?: number): Promise<Map<number, CreditTie>> {
  const out = new Map<number, CreditTie>();
  if (!sourceIds.length) return out;
  const upgrades = await m.find(Order, {
    select: { id: true, upgradeFromOrderId: true, upgradeCreditOre: true, amountOre: true, refundedOre: true },
    where: { upgradeFromOrderId: In(sourceIds), status: In([...STANDING]), refusal: IsNull() },
    order: { id: 'ASC' },
  });
  for (const u of upgrades) {
    if (u.upgradeFromOrderId === null || u.upgradeCreditOre <= 0 || u.id === exceptOrderId) continue;
    const prev = out.get(u.upgradeFromOrderId);
    out.set(u.upgradeFromOrderId, {
      tiedOre: (prev?.tiedOre ?? 0) + u.upgradeCreditOre,
      upgradeOrderId: u.id,
      upgradeRefundableOre: Math.max(0, u.amountOre - u.refundedOre),
    });
  }
  return out;
}

/** The paid orders of a course a student's credit can come from, each with what is left of it (net of refunds). */
export async function creditSources(
  m: EntityManager,
  userId: number,
  courseId: string,
): Promise<Array<{ id: number; netOre: number }>> {
  const rows = await m.find(Order, {
    select: { id: true, amountOre: true, refundedOre: true },
    where: { userId, courseId, status: In([...STANDING]), refusal: IsNull() },
    order: { id: 'DESC' },
  });
  return rows.map((o) => ({ id: o.id, netOre: Math.max(0, o.amountOre - o.refundedOre) })).filter((o) => o.netOre > 0);
}

/**
 * The order row, locked for the rest of the transaction and read as last committed: a refund of the
 * credit's source and the payment of an upgrade priced with it take this lock first, so one waits for
 * the other and then sees what it did. MariaDB: SELECT … FOR UPDATE. SQLite: every transaction runs
 * alone already (see sqlite-gate.ts), so a plain read is enough.
 */
export async function lockOrder(m: EntityManager, id: number): Promise<Order | null> {
  const sqlite = !isMysql(m);
  return m.findOne(Order, { where: { id }, ...(sqlite ? {} : { lock: { mode: 'pessimistic_write' as const } }) });
}
