import { Brackets, type EntityManager } from 'typeorm';
import { CHECKOUT_REMINDER_DELAYS_MS, type AdminReminderFigures } from '@academy/contracts';
import { CheckoutReminderPlan } from './checkout-reminder.entity';

/**
 * The overview's reminder figures of checkouts started from `start` to `end`: started, reminded (a
 * reminder sent), recovered (paid after a reminder) and the money recovered. One query on the
 * startedAt index; the reminders' unique (planId, number) index answers each EXISTS.
 */
export async function reminderFigures(m: EntityManager, start: Date, end: Date): Promise<AdminReminderFigures> {
  const row = await m
    .getRepository(CheckoutReminderPlan)
    .createQueryBuilder('p')
    .select('COUNT(*)', 'started')
    .addSelect('SUM(CASE WHEN EXISTS (SELECT 1 FROM checkout_reminders r WHERE r.planId = p.id) THEN 1 ELSE 0 END)', 'reminded')
    .addSelect('SUM(CASE WHEN p.recoveredOrderId IS NOT NULL THEN 1 ELSE 0 END)', 'recovered')
    .addSelect('COALESCE(SUM(p.recoveredOre), 0)', 'recoveredOre')
    .where('p.startedAt >= :start AND p.startedAt <= :end', { start, end })
    .getRawOne<Record<string, string | number | null>>();
  const num = (k: string) => Number(row?.[k] ?? 0);
  return { started: num('started'), reminded: num('reminded'), recovered: num('recovered'), recoveredOre: num('recoveredOre') };
}

/** Plans looked at per reminder number and round. */
const BATCH = 200;
/** A reminder not sent within this long after it was due is not sent at all (the runner was down). */
const LATE_LIMIT_MS = 3 * 86_400_000;

/** Open plans whose reminder n is due now and not sent (reminder 1 only while reminder 2 is not due yet). */
export function duePlans(m: EntityManager, at: Date, n: 1 | 2): Promise<CheckoutReminderPlan[]> {
  const now = at.getTime();
  const qb = m
    .getRepository(CheckoutReminderPlan)
    .createQueryBuilder('p')
    .where('p.stoppedAt IS NULL')
    .andWhere('p.lastCheckoutAt <= :dueBy', { dueBy: new Date(now - CHECKOUT_REMINDER_DELAYS_MS[n - 1]) })
    .andWhere('p.lastCheckoutAt > :late', {
      late: new Date(now - (n === 1 ? CHECKOUT_REMINDER_DELAYS_MS[1] : CHECKOUT_REMINDER_DELAYS_MS[1] + LATE_LIMIT_MS)),
    })
    .andWhere(
      new Brackets((w) =>
        w.where('NOT EXISTS (SELECT 1 FROM checkout_reminders r WHERE r.planId = p.id AND r.number = :n)', { n }),
      ),
    )
    .orderBy('p.id', 'ASC')
    .take(BATCH);
  return qb.getMany();
}
