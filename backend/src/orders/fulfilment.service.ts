import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, LessThan, Not } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service';
import { Order, type OrderRefusal } from './entities/order.entity';
import type { Attribution, OrderStatus } from '@academy/contracts';
import { DEADLOCK_ATTEMPTS, isDeadlock, isUniqueViolation } from '../platform/errors/db-errors';
import { SessionsService } from '../identity/sessions.service';
import { GrantsService } from '../access/grants.service';
import type { User } from '../identity/entities/user.entity';
import { UserWriter } from '../identity/user-writer.service';
import { CrashPoints, EventBus, type OrderPaid } from '../platform/events';
import { LaunchSeatsService } from '../catalog/launch-seats.service';
import { MSG, membershipMonths } from '@academy/contracts';
import { badRequest, conflict } from '../platform/errors/app-error';
import { CampaignCodesService } from './pricing/campaign-codes.service';
import { CheckoutPricingService } from './pricing/checkout-pricing.service';
import { ReceiptsService } from './receipts/receipts.service';
import { RefundsService } from './refunds/refunds.service';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { VippsPaymentsService } from './vipps/vipps-payments.service';

/** The refund reason of each refusal. */
const REFUSAL_REASONS: Record<OrderRefusal, string> = {
  already_owned: MSG.refusedAlreadyOwned,
  code_used_up: MSG.refusedCodeUsedUp,
  upgrade_credit_gone: MSG.refusedUpgradeCreditGone,
};

/** Orders that a confirmed payment turns into 'paid'. */
const PAYABLE: OrderStatus[] = ['pending', 'failed', 'expired'];

export interface FulfilmentResult {
  order: Order;
  user: User;
  /** This call moved the order to 'paid' (exactly one call per order does). */
  becamePaid: boolean;
  /** The buyer's account was created for this order (it did not exist when the order was placed). */
  accountNew: boolean;
}

export function orderAttribution(order: Order): Attribution {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(order.attribution ?? {})) if (typeof v === 'string' && v) out[k] = v;
  return out as Attribution;
}

function paidEvent({ order, user, accountNew }: FulfilmentResult): OrderPaid {
  return {
    orderId: order.id,
    userId: user.id,
    email: order.email,
    courseId: order.courseId,
    amountOre: order.amountOre,
    created: accountNew,
  };
}

/**
 * The one fulfilment of a paid order, used by the Stripe and Vipps webhooks, the success page and demo payments.
 * Safe for any number of concurrent calls: the conditional update lets one call mark the order paid,
 * and the unique index on grants.orderId leaves one grant.
 *
 * It runs in three steps so that the webhook can put step 2 in the transaction that records the event:
 * 1. `buyerFor` (no transaction): the account for the order's e-mail, created without a password if needed;
 * 2. `applyPaid(m, …)`: order → paid, grant (source purchase, linked to the order), and the first time
 *    `order.paid` inside the transaction (the receipt's outbox row, which must never be lost);
 * 3. `afterCommit`: the student count is refreshed and `order.paid`'s after-commit handlers run (first time only).
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UserWriter,
    private readonly grants: GrantsService,
    private readonly catalog: CatalogService,
    private readonly events: EventBus,
    private readonly crash: CrashPoints,
    private readonly sessions: SessionsService,
    private readonly seats: LaunchSeatsService,
    private readonly codes: CampaignCodesService,
    private readonly receipts: ReceiptsService,
    private readonly refunds: RefundsService,
    private readonly vipps: VippsPaymentsService,
    private readonly pricing: CheckoutPricingService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  async buyerFor(order: Order): Promise<User> {
    const { user } = await this.users.findOrCreatePasswordless({
      email: order.email,
      firstName: order.firstName || null,
      lastName: order.lastName || null,
      attribution: orderAttribution(order),
    });
    return user;
  }

  async applyPaid(m: EntityManager, orderId: number, user: User, paymentIntentId: string | null): Promise<FulfilmentResult> {
    const now = new Date();
    const patch: Partial<Order> = { status: 'paid', paidAt: now, updatedAt: now, userId: user.id };
    if (paymentIntentId) patch.stripePaymentIntentId = paymentIntentId;
    const res = await m.update(Order, { id: orderId, status: In(PAYABLE) }, patch);
    const becamePaid = res.affected === 1;
    const order = await m.findOneByOrFail(Order, { id: orderId });
    const accountNew = user.createdAt.getTime() >= order.createdAt.getTime();
    if (becamePaid) {
      const refusal = await this.countPaid(m, order, user, now);
      if (refusal) {
        await m.update(Order, { id: orderId }, { refusal });
        order.refusal = refusal;
      }
    }
    // A refunded order is never granted again; a paid one always has its grant, unless its payment was refused.
    if (order.status === 'paid' && !order.refusal) {
      try {
        await this.grants.grant({ userId: user.id, courseId: order.courseId, source: 'purchase', orderId: order.id }, m);
      } catch (err) {
        // A concurrent fulfilment inserted the grant of this order first: one grant, as it should be.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    // The first period of a renewing membership: its subscription runs from now (a renewal's is already running).
    if (becamePaid && !order.refusal) await this.subscriptions.onOrderPaid(m, order, user.id);
    const result = { order, user, becamePaid, accountNew };
    if (becamePaid && !order.refusal) await this.events.emitInTransaction('order.paid', paidEvent(result), m);
    // Last, so the receipt counter (see ReceiptsService) is held as briefly as possible: the receipt
    // takes the next number of the unbroken sequence in this transaction, once per order, and only its
    // mail follows it before the commit. Every payment waits for the counter in turn: with the rest of
    // order.paid's work after the receipt, a payment waited 143 ms for it under launch load (bench:launch).
    if (becamePaid) await this.receipts.issueReceipt(m, order);
    if (becamePaid && !order.refusal) await this.events.emitInTransaction('receipt.issued', paidEvent(result), m);
    return result;
  }

  /**
   * With the payment, in its transaction: whether it can be accepted, and if so the student's launch
   * seat (once per student; the catalogue is invalidated after commit) and one use of the order's
   * campaign code. Refused (nothing granted, no seat, no use; refunded after commit):
   * - the account already owns the course (a checkout by a signed-out visitor is never told so); a
   *   membership (VIP) is never refused so: paying again renews it from the running period's end;
   * - the upgrade credit the order was priced with no longer stands: the payment it came from was
   *   refunded (or the course upgraded from is no longer the buyer's) after the checkout was opened;
   * - the code's last paid use went to another buyer first (the conditional UPDATE counts only below
   *   maxUses, so concurrent payments never count past it). A demo payment is refused before anything
   *   is paid instead (the transaction rolls back, the checkout answers 400, or 409 for the credit).
   */
  private async countPaid(m: EntityManager, order: Order, user: User, now: Date): Promise<OrderRefusal | null> {
    if (membershipMonths(order.courseId) === null && (await this.grants.owns(user.id, order.courseId, m))) return 'already_owned';
    if (!(await this.pricing.creditStands(m, order, user.id))) {
      if (order.provider === 'demo') throw conflict(MSG.upgradeCreditGone);
      this.logger.warn(
        { orderId: order.id, upgradeFromOrderId: order.upgradeFromOrderId, upgradeCreditOre: order.upgradeCreditOre },
        'The upgrade credit no longer stood when the payment came; the payment is refunded',
      );
      return 'upgrade_credit_gone';
    }
    if (order.campaignCode && !(await this.codes.countUse(m, order.campaignCode))) {
      if (order.provider === 'demo') throw badRequest(MSG.campaignCodeUnusable, 'CAMPAIGN_CODE_UNUSABLE');
      this.logger.warn(
        { orderId: order.id, campaignCode: order.campaignCode },
        'The campaign code was used up when the payment came; the payment is refunded',
      );
      return 'code_used_up';
    }
    await this.seats.take(m, order.courseId, user.id, order.id, now);
    return null;
  }

  async afterCommit(result: FulfilmentResult): Promise<void> {
    const { order, user } = result;
    if (result.becamePaid) this.crash.reached('order.paid:after-commit');
    // Vipps reserves the amount when the buyer approves; the course is delivered now, so the whole
    // amount is captured now, once (a failed capture is tried again by the periodic round).
    if (result.becamePaid && order.provider === 'vipps') await this.vipps.capture(order);
    // A refused payment is refunded in full at once (again on a later call, should Stripe have failed:
    // the refund's idempotency key makes a repeat the same refund). The buyer is told by mail.
    if (order.refusal) {
      if (order.status === 'paid') await this.refundRefused(order, order.refusal);
      return;
    }
    if (!result.becamePaid) return;
    this.catalog.invalidate();
    // A paid order for an existing account nobody has claimed yet: whoever holds a session on it
    // (only ever opened by the receipt page of an earlier order) did not prove the address, and must
    // not see this purchase, unless it is the session that opened and paid this checkout: that buyer
    // keeps what they bought. Everyone else signs in with the receipt's link, which claims the address.
    if (!result.accountNew && user.claimedAt === null) await this.sessions.endOthers(user.id, order.checkoutSessionHash);
    this.logger.log({ orderId: order.id, courseId: order.courseId, amountOre: order.amountOre }, 'Order paid');
    await this.events.emit('order.paid', paidEvent(result));
  }

  /**
   * Refused payments whose refund failed when they landed (Stripe unreachable): refunded now. The
   * orders module runs this periodically; `settleMs` leaves alone payments that landed just now,
   * whose own refund may still be under way. Answers how many were refunded.
   */
  async retryRefusedRefunds(settleMs = 60_000): Promise<number> {
    await this.vipps.retryCaptures(settleMs);
    const stuck = await this.ds.getRepository(Order).find({
      where: { refusal: Not(IsNull()), status: 'paid', paidAt: LessThan(new Date(Date.now() - settleMs)) },
      order: { id: 'ASC' },
      take: 50,
    });
    let done = 0;
    for (const order of stuck) {
      await this.refundRefused(order, order.refusal!);
      if (order.status !== 'paid') done++;
    }
    return done;
  }

  private async refundRefused(order: Order, refusal: OrderRefusal): Promise<void> {
    const reason = REFUSAL_REASONS[refusal];
    try {
      const { order: after } = await this.refunds.refund(order.id, { reason }, null, { refusal });
      Object.assign(order, { status: after.status, refundedOre: after.refundedOre });
      this.logger.log({ orderId: order.id, refusal }, 'Payment refused and refunded');
    } catch (err) {
      this.logger.error(
        { err, orderId: order.id, refusal },
        'Refused payment could not be refunded now; will retry on the next call',
      );
    }
  }

  /** All three steps, for callers without a transaction of their own (success page, demo payments). */
  async fulfil(order: Order, paymentIntentId: string | null): Promise<FulfilmentResult> {
    const user = await this.buyerFor(order);
    const result = await this.paidOnce(() => this.ds.transaction((m) => this.applyPaid(m, order.id, user, paymentIntentId)));
    await this.afterCommit(result);
    return result;
  }

  /**
   * The success page's poll races the webhooks (both instances get each) to fulfil the order: MariaDB
   * may pick the poll's transaction as a deadlock's victim (rolled back whole). Ran again it finds the
   * order paid by the other, instead of a 503 (as the webhooks do).
   */
  private async paidOnce(run: () => Promise<FulfilmentResult>): Promise<FulfilmentResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (err) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
      }
    }
  }
}
