import { Inject, Injectable } from '@nestjs/common';
import { GUARANTEE_DAYS } from '@academy/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { isUniqueViolation } from '../platform/errors/db-errors';
import type { CatalogSeed } from './catalog.data';
import { LaunchPriceEnd, LaunchSeat } from './entities/launch-seat.entity';

/** A course's price at this moment, as the catalogue shows it and the checkout charges it. */
export interface CurrentPrice {
  priceOre: number;
  /** Shown struck beside priceOre only while the launch price holds; null after. */
  beforePriceOre: number | null;
  discountOre: number;
  /** Null for courses without a launch price (not sold by checkout, or no before-price). */
  launchSeatsLeft: number | null;
}

/**
 * The launch price as a rule: a course sold by checkout with a before-price is sold at its launch
 * price while fewer than LAUNCH_SEATS distinct students have paid for it; from then on the
 * before-price is the price, and no before-price is shown.
 *
 * - A seat is taken by a student's first paid order of the course (demo payments too), in the
 *   transaction that marks the order paid (orders call {@link take}); a student counts once.
 * - The moment the last seat is taken, the launch price ends: that transaction records the end
 *   (launch_price_ends), and an ended launch price never returns, whatever is refunded later.
 * - While the launch price still runs, a seat whose order is refunded in full within the guarantee
 *   is given back ({@link release}), so a purchase that is undone does not use up the launch price.
 * - Grace: a checkout is priced when it is opened. The orders module makes every Stripe Checkout
 *   Session expire 32 minutes after it was made (Stripe's minimum is 30), so a checkout opened while a
 *   seat was left can be paid at the launch price only within those minutes; the last seats can thus
 *   be overshot only by the checkouts open at the moment the last one went.
 */
@Injectable()
export class LaunchSeatsService {
  constructor(
    @InjectRepository(LaunchSeat) private readonly seats: Repository<LaunchSeat>,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** LAUNCH_SEATS. */
  get total(): number {
    return this.cfg.launchSeats;
  }

  private manager(m?: EntityManager): EntityManager {
    return m ?? this.seats.manager;
  }

  /**
   * Seats taken per course, as the price rule counts them: a course whose launch price has ended
   * counts as full (at least LAUNCH_SEATS), even after seats were given back.
   */
  async takenByCourse(m?: EntityManager): Promise<Map<string, number>> {
    const rows = await this.manager(m)
      .getRepository(LaunchSeat)
      .createQueryBuilder('seat')
      .select('seat.courseId', 'courseId')
      .addSelect('COUNT(*)', 'n')
      .groupBy('seat.courseId')
      .getRawMany<{ courseId: string; n: number | string }>();
    const out = new Map(rows.map((r) => [r.courseId, Number(r.n)]));
    for (const end of await this.manager(m).find(LaunchPriceEnd))
      out.set(end.courseId, Math.max(out.get(end.courseId) ?? 0, this.total));
    return out;
  }

  /** Seats taken in one course as the price rule counts them (read now, never from a cache). */
  async taken(courseId: string, m?: EntityManager): Promise<number> {
    const em = this.manager(m);
    const n = await em.getRepository(LaunchSeat).countBy({ courseId });
    return (await em.existsBy(LaunchPriceEnd, { courseId })) ? Math.max(n, this.total) : n;
  }

  /** The course's price now (a fresh count). */
  async priceNow(item: CatalogSeed, m?: EntityManager): Promise<CurrentPrice> {
    if (!hasLaunch(item)) return priceWith(item, 0, this.total);
    return priceWith(item, await this.taken(item.id, m), this.total);
  }

  /**
   * Gives the student a seat in the course unless they have one. Inside the transaction that marks
   * the order paid; true when a seat was taken now (the caller invalidates the catalogue after commit).
   * The seat that fills the course ends its launch price for good.
   */
  async take(m: EntityManager, courseId: string, userId: number, orderId: number, at: Date): Promise<boolean> {
    const repo = m.getRepository(LaunchSeat);
    if (await repo.existsBy({ courseId, userId })) return false;
    try {
      await repo.insert({ courseId, userId, orderId, takenAt: at });
    } catch (err) {
      // A concurrent payment of the same student took it first: the primary key keeps one seat.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
    if ((await repo.countBy({ courseId })) >= this.total) await this.recordEnd(m, courseId, at);
    return true;
  }

  /**
   * The order was refunded in full: its seat is given back when the refund came within the guarantee
   * (GUARANTEE_DAYS after payment) and the course's launch price has not ended. Inside the refund's
   * transaction; true when a seat was given back (the caller invalidates the catalogue after commit).
   */
  async release(
    m: EntityManager,
    order: { id: number; courseId: string; userId: number | null; paidAt: Date | null },
    at: Date,
  ): Promise<boolean> {
    if (order.userId === null || !order.paidAt) return false;
    if (at.getTime() - order.paidAt.getTime() > GUARANTEE_DAYS * DAY_MS) return false;
    const repo = m.getRepository(LaunchSeat);
    const seat = await repo.findOneBy({ courseId: order.courseId, userId: order.userId });
    if (!seat || seat.orderId !== order.id) return false;
    if (await m.existsBy(LaunchPriceEnd, { courseId: order.courseId })) return false;
    // Full before the end was recorded (seats taken before ends were recorded): it has ended now.
    if ((await repo.countBy({ courseId: order.courseId })) >= this.total) {
      await this.recordEnd(m, order.courseId, at);
      return false;
    }
    const res = await repo.delete({ courseId: order.courseId, userId: order.userId, orderId: order.id });
    return (res.affected ?? 0) > 0;
  }

  private async recordEnd(m: EntityManager, courseId: string, at: Date): Promise<void> {
    if (await m.existsBy(LaunchPriceEnd, { courseId })) return;
    try {
      await m.insert(LaunchPriceEnd, { courseId, endedAt: at });
    } catch (err) {
      // Recorded by a concurrent payment: ended either way.
      if (!isUniqueViolation(err)) throw err;
    }
  }
}

const DAY_MS = 24 * 3600_000;

/** A course has a launch price when it is sold by checkout and has a before-price. */
export function hasLaunch(item: Pick<CatalogSeed, 'soldByCheckout' | 'beforePriceOre'>): boolean {
  return item.soldByCheckout && item.beforePriceOre !== null;
}

/** The price of a course with `taken` seats gone out of `total`. */
export function priceWith(
  item: Pick<CatalogSeed, 'soldByCheckout' | 'beforePriceOre' | 'priceOre'>,
  taken: number,
  total: number,
): CurrentPrice {
  const before = item.beforePriceOre;
  if (!hasLaunch(item) || before === null)
    return {
      priceOre: item.priceOre,
      beforePriceOre: before,
      discountOre: before ? before - item.priceOre : 0,
      launchSeatsLeft: null,
    };
  const left = Math.max(0, total - taken);
  if (left > 0)
    return { priceOre: item.priceOre, beforePriceOre: before, discountOre: before - item.priceOre, launchSeatsLeft: left };
  return { priceOre: before, beforePriceOre: null, discountOre: 0, launchSeatsLeft: 0 };
}
