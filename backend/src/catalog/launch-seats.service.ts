import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { isUniqueViolation } from '../platform/errors/db-errors';
import type { CatalogSeed } from './catalog.data';
import { LaunchSeat } from './entities/launch-seat.entity';

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
 * - A refund does not give the seat back: the launch price never returns once it has ended, so the
 *   site never shows a before-price that it was charging a moment ago.
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

  /** Seats taken per course. */
  async takenByCourse(m?: EntityManager): Promise<Map<string, number>> {
    const rows = await (m ? m.getRepository(LaunchSeat) : this.seats)
      .createQueryBuilder('seat')
      .select('seat.courseId', 'courseId')
      .addSelect('COUNT(*)', 'n')
      .groupBy('seat.courseId')
      .getRawMany<{ courseId: string; n: number | string }>();
    return new Map(rows.map((r) => [r.courseId, Number(r.n)]));
  }

  /** Seats taken in one course (read now, never from a cache). */
  taken(courseId: string, m?: EntityManager): Promise<number> {
    return (m ? m.getRepository(LaunchSeat) : this.seats).countBy({ courseId });
  }

  /** The course's price now (a fresh count). */
  async priceNow(item: CatalogSeed, m?: EntityManager): Promise<CurrentPrice> {
    if (!hasLaunch(item)) return priceWith(item, 0, this.total);
    return priceWith(item, await this.taken(item.id, m), this.total);
  }

  /**
   * Gives the student a seat in the course unless they have one. Inside the transaction that marks
   * the order paid; true when a seat was taken now (the caller invalidates the catalogue after commit).
   */
  async take(m: EntityManager, courseId: string, userId: number, orderId: number, at: Date): Promise<boolean> {
    const repo = m.getRepository(LaunchSeat);
    if (await repo.existsBy({ courseId, userId })) return false;
    try {
      await repo.insert({ courseId, userId, orderId, takenAt: at });
      return true;
    } catch (err) {
      // A concurrent payment of the same student took it first: the primary key keeps one seat.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}

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
