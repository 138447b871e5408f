import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MIN_DISCOUNTED_PRICE_ORE, UPGRADE_FROM, type CatalogId } from '@academy/contracts';
import type { CatalogSeed } from '../../catalog/catalog.data';
import { LaunchSeatsService } from '../../catalog/launch-seats.service';
import { GrantsService } from '../../access/grants.service';
import { Clock } from '../../platform/time/clock';
import { CampaignCodesService } from './campaign-codes.service';
import type { Order } from '../entities/order.entity';
import { creditSources, creditTies, lockOrder } from './upgrade-credit';

/**
 * How long a Stripe Checkout Session can be paid (its `expires_at`; Stripe allows 30 minutes to 24
 * hours, the 2 extra minutes keep it above 30 on Stripe's clock). This is the launch price's grace: a
 * checkout opened while a launch seat was left is charged the launch price if it is paid within it.
 */
export const CHECKOUT_LIFETIME_MS = 32 * 60_000;

/** What a new order costs, made by the server alone. */
export interface OrderPrice {
  /** The course's price of this moment (launch seats counted now). */
  priceOre: number;
  /** An upgrade's credit: what the buyer paid for the course it upgrades, net of refunds (0 otherwise). */
  upgradeCreditOre: number;
  /** The course the credit comes from (null when there is none). */
  upgradeFrom: CatalogId | null;
  /** The paid order of that course whose money the credit is (null when there is none). */
  upgradeFromOrderId: number | null;
  /** What is charged (øre). */
  amountOre: number;
  campaignCode: string | null;
  /** What the code took off (after the credit). */
  discountOre: number;
  /** Null for demo payments (paid at once). */
  expiresAt: Date | null;
}

/**
 * Prices a new order: the catalogue's price of this moment (launch seats counted now), then an
 * upgrade's credit for the signed-in student, then the campaign code. Every checkout, the quote the
 * page shows and the order itself are priced here.
 */
@Injectable()
export class CheckoutPricingService {
  constructor(
    private readonly launch: LaunchSeatsService,
    private readonly codes: CampaignCodesService,
    private readonly grants: GrantsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Inside the transaction that inserts the order (the code is checked there; its uses count only when
   * paid). `buyerId` is the signed-in student's account: only they get an upgrade's credit (a visitor
   * typing an address learns nothing of what it owns).
   */
  async price(
    m: EntityManager,
    item: CatalogSeed,
    campaignCode: string | undefined,
    payable: boolean,
    buyerId: number | null = null,
  ): Promise<OrderPrice> {
    const code = campaignCode !== undefined ? await this.codes.checkFor(m, campaignCode, item.id) : null;
    const { priceOre } = await this.launch.priceNow(item, m);
    const upgradeFrom = buyerId !== null ? (UPGRADE_FROM[item.id] ?? null) : null;
    const source = upgradeFrom !== null ? await this.paidFor(m, buyerId!, upgradeFrom) : null;
    const paid = source?.netOre ?? 0;
    // Never below the smallest charge: an upgrade always costs at least 3 kr.
    const upgradeCreditOre = Math.max(0, Math.min(paid, priceOre - MIN_DISCOUNTED_PRICE_ORE));
    const base = priceOre - upgradeCreditOre;
    const discountOre = code ? code.discountOn(base) : 0;
    return {
      priceOre,
      upgradeCreditOre,
      upgradeFrom: upgradeCreditOre > 0 ? upgradeFrom : null,
      upgradeFromOrderId: upgradeCreditOre > 0 ? (source?.orderId ?? null) : null,
      amountOre: base - discountOre,
      campaignCode: code?.code ?? null,
      discountOre,
      // Whole seconds, as Stripe's expires_at.
      expiresAt: payable ? new Date(Math.floor((this.clock.now().getTime() + CHECKOUT_LIFETIME_MS) / 1000) * 1000) : null,
    };
  }

  /**
   * What the student has paid for a course they own now: their paid orders of it, refunds subtracted,
   * and the order that is (the one with the most left; there is one but for odd histories). A course
   * owned only by the mentor's grant (or not at all any more) gives no credit.
   */
  private async paidFor(m: EntityManager, userId: number, courseId: string): Promise<{ netOre: number; orderId: number } | null> {
    if (!(await this.grants.owns(userId, courseId, m))) return null;
    const rows = await creditSources(m, userId, courseId);
    if (!rows.length) return null;
    const main = rows.reduce((a, b) => (b.netOre > a.netOre ? b : a));
    return { netOre: rows.reduce((sum, o) => sum + o.netOre, 0), orderId: main.id };
  }

  /**
   * At payment, in its transaction: whether the upgrade credit an order was priced with still stands.
   * The buyer still owns the course upgraded from, and what is left of the order the credit came from
   * (refunds subtracted; or of all their orders of that course, for an order priced before the credit
   * named its order) still covers the credit. A refund of that order since the checkout was opened
   * takes the credit away, and the payment is refused.
   */
  async creditStands(m: EntityManager, order: Order, userId: number): Promise<boolean> {
    if (order.upgradeCreditOre <= 0) return true;
    const from = UPGRADE_FROM[order.courseId as CatalogId];
    if (!from || !(await this.grants.owns(userId, from, m))) return false;
    let left: number;
    if (order.upgradeFromOrderId !== null) {
      // The source's row is locked first and read as last committed: a refund of it running now
      // either waits for this payment (and then sees the credit tied) or is seen here.
      const src = await lockOrder(m, order.upgradeFromOrderId);
      const standing =
        src &&
        src.userId === userId &&
        src.courseId === from &&
        !src.refusal &&
        ['paid', 'partially_refunded'].includes(src.status);
      left = standing ? Math.max(0, src.amountOre - src.refundedOre) : 0;
    } else {
      left = (await creditSources(m, userId, from)).reduce((sum, r) => sum + r.netOre, 0);
    }
    // Money of that order already serving as credit of another paid upgrade is not there twice.
    const source = order.upgradeFromOrderId;
    const tied = source !== null ? ((await creditTies(m, [source], order.id)).get(source)?.tiedOre ?? 0) : 0;
    return left - tied >= order.upgradeCreditOre;
  }
}
