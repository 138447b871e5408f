import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service';
import { Order } from './entities/order.entity';
import type { Attribution, OrderStatus } from '@academy/contracts';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { SessionsService } from '../identity/sessions.service';
import { GrantsService } from '../access/grants.service';
import type { User } from '../identity/entities/user.entity';
import { UsersService } from '../identity/users.service';
import { OrderEventsService } from './order-events';
import { LaunchSeatsService } from '../catalog/launch-seats.service';
import { MSG } from '@academy/contracts';
import { badRequest } from '../platform/errors/app-error';
import { CampaignCodesService } from './campaign-codes.service';
import { ReceiptsService } from './receipts.service';

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

/**
 * The one fulfilment of a paid order, used by the Stripe webhook, the success page and demo payments.
 * Safe for any number of concurrent calls: the conditional update lets one call mark the order paid,
 * and the unique index on grants.orderId leaves one grant.
 *
 * It runs in three steps so that the webhook can put step 2 in the transaction that records the event:
 * 1. `buyerFor` (no transaction): the account for the order's e-mail, created without a password if needed;
 * 2. `applyPaid(m, …)`: order → paid, grant (source purchase, linked to the order);
 * 3. `afterCommit`: the student count is refreshed and the paid-listeners run (first time only).
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UsersService,
    private readonly grants: GrantsService,
    private readonly catalog: CatalogService,
    private readonly events: OrderEventsService,
    private readonly sessions: SessionsService,
    private readonly seats: LaunchSeatsService,
    private readonly codes: CampaignCodesService,
    private readonly receipts: ReceiptsService,
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
    if (becamePaid) await this.countPaid(m, order, user, now);
    // A refunded order is never granted again; a paid one always has its grant.
    if (order.status === 'paid') {
      try {
        await this.grants.grant({ userId: user.id, courseId: order.courseId, source: 'purchase', orderId: order.id }, m);
      } catch (err) {
        // A concurrent fulfilment inserted the grant of this order first: one grant, as it should be.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    // Last, so the receipt counter (see ReceiptsService) is held as briefly as possible: the receipt
    // takes the next number of the unbroken sequence in this transaction, once per order.
    if (becamePaid) await this.receipts.issueReceipt(m, order);
    return { order, user, becamePaid, accountNew };
  }

  /**
   * With the payment: the student's launch seat in the course (once per student; the catalogue is
   * invalidated after commit), and one use of the order's campaign code, counted only if the limit
   * allows (conditional UPDATE). A demo payment over the limit is refused (nothing is paid; the
   * transaction rolls back); a Stripe payment has already been taken, so it keeps its price uncounted.
   */
  private async countPaid(m: EntityManager, order: Order, user: User, now: Date): Promise<void> {
    await this.seats.take(m, order.courseId, user.id, order.id, now);
    if (!order.campaignCode || (await this.codes.countUse(m, order.campaignCode))) return;
    if (order.provider === 'demo') throw badRequest(MSG.campaignCodeUsedUp, 'VALIDATION_FAILED');
    this.logger.error(
      { orderId: order.id, campaignCode: order.campaignCode },
      'Kampanjekoden var brukt opp da betalingen kom; ordren beholder prisen, bruken er ikke telt',
    );
  }

  async afterCommit(result: FulfilmentResult): Promise<void> {
    if (!result.becamePaid) return;
    this.catalog.invalidate();
    const { order, user } = result;
    // A paid order for an existing account nobody has claimed yet: whoever holds a session on it
    // (only ever opened by the receipt page of an earlier order) did not prove the address, and must
    // not see this purchase. The buyer signs in with the receipt's link, which claims the address.
    if (!result.accountNew && user.claimedAt === null) await this.sessions.endAll(user.id);
    this.logger.log({ orderId: order.id, courseId: order.courseId, amountOre: order.amountOre }, 'Ordre betalt');
    await this.events.emitPaid({
      orderId: order.id,
      userId: user.id,
      email: order.email,
      courseId: order.courseId,
      amountOre: order.amountOre,
      created: result.accountNew,
    });
  }

  /** All three steps, for callers without a transaction of their own (success page, demo payments). */
  async fulfil(order: Order, paymentIntentId: string | null): Promise<FulfilmentResult> {
    const user = await this.buyerFor(order);
    const result = await this.ds.transaction((m) => this.applyPaid(m, order.id, user, paymentIntentId));
    await this.afterCommit(result);
    return result;
  }
}
