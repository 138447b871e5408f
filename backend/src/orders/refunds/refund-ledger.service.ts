import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { MSG, type OrderStatus } from '@academy/contracts';
import { GrantsService } from '../../access/grants.service';
import { CatalogService } from '../../catalog/catalog.service';
import { LaunchSeatsService } from '../../catalog/launch-seats.service';
import { isUniqueViolation } from '../../platform/errors/db-errors';
import { CrashPoints, EventBus, type OrderRefunded } from '../../platform/events';
import { Order, type OrderRefusal } from '../entities/order.entity';
import type { Subscription } from '../entities/subscription.entity';
import { Refund } from '../entities/refund.entity';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { ReceiptsService } from '../receipts/receipts.service';

/** Orders that can still be refunded. */
export const REFUNDABLE: OrderStatus[] = ['paid', 'partially_refunded'];

/** The dialect's quoting of a column name, for the raw increments below. */
function col(m: EntityManager, name: string): string {
  return m.connection.driver.escape(name);
}

export interface RefundResult {
  order: Order;
  refund: Refund;
  /** The upgrade refunded together with this order (`withUpgrade`). */
  linked?: RefundResult;
}

export interface RecordInput {
  amountOre: number;
  stripeRefundId: string | null;
  reason: string;
  status: string;
  createdBy: number | null;
}

/** What one transaction recorded: new refund rows and the order afterwards. */
export interface RecordedRefunds {
  order: Order;
  created: Refund[];
  /** This transaction made the refund full (and revoked the order's grant). */
  becameFull: boolean;
  /** A membership refunded in full: its renewal stopped; these Stripe subscriptions are cancelled after commit. */
  stoppedSubscriptions?: Subscription[];
}

/** What a refund is for, besides its reason: the refusal of a payment the order could not be given for. */
export interface RefundOptions {
  refusal?: OrderRefusal;
}

/** One `order.refunded` per new refund, each with the total refunded up to and including it. */
function refundEvents(rec: RecordedRefunds, opts: RefundOptions): OrderRefunded[] {
  let total = rec.order.refundedOre - rec.created.reduce((s, r) => s + r.amountOre, 0);
  return rec.created.map((r) => {
    total += r.amountOre;
    return {
      orderId: rec.order.id,
      userId: rec.order.userId,
      email: rec.order.email,
      courseId: rec.order.courseId,
      amountOre: r.amountOre,
      created: false,
      refundId: r.id,
      totalRefundedOre: total,
      full: total >= rec.order.amountOre,
      ...(opts.refusal ? { refusal: opts.refusal } : {}),
    };
  });
}

/**
 * The refunds' books, whoever refunded (the admin panel through a provider, or the provider's own
 * dashboard): a Refund row per provider refund (unique on its id, so each counts once), refundedOre and
 * the status on the order, on a full refund the grant that this order created revoked (no other grant
 * of the buyer is touched) and its launch seat freed, the credit note, and `order.refunded`.
 */
@Injectable()
export class RefundLedger {
  private readonly logger = new Logger('Refunds');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly grants: GrantsService,
    private readonly catalog: CatalogService,
    private readonly events: EventBus,
    private readonly crash: CrashPoints,
    private readonly receipts: ReceiptsService,
    private readonly seats: LaunchSeatsService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /**
   * Records what Stripe reports for a charge (`charge.refunded`): every refund not known yet, then
   * anything the charge says was refunded beyond the known refunds.
   */
  async recordStripeRefunds(
    m: EntityManager,
    orderId: number,
    refunds: Array<Pick<Stripe.Refund, 'id' | 'amount' | 'status'>>,
    chargeAmountRefunded: number,
  ): Promise<RecordedRefunds | null> {
    const created: Refund[] = [];
    const stoppedSubscriptions: Subscription[] = [];
    let becameFull = false;
    let order: Order | null = null;
    for (const r of refunds) {
      if (r.status === 'failed' || r.status === 'canceled') continue;
      const rec = await this.record(
        m,
        orderId,
        {
          amountOre: r.amount,
          stripeRefundId: r.id,
          reason: MSG.refundedInStripe,
          status: r.status ?? 'succeeded',
          createdBy: null,
        },
        false,
      );
      if (!rec) continue;
      created.push(...rec.created);
      stoppedSubscriptions.push(...(rec.stoppedSubscriptions ?? []));
      becameFull ||= rec.becameFull;
      order = rec.order;
    }
    order ??= await m.findOneByOrFail(Order, { id: orderId });
    const missing = Math.min(chargeAmountRefunded, order.amountOre) - order.refundedOre;
    if (missing > 0) {
      const rec = await this.record(
        m,
        orderId,
        { amountOre: missing, stripeRefundId: null, reason: MSG.refundedInStripe, status: 'succeeded', createdBy: null },
        false,
      );
      if (rec) {
        created.push(...rec.created);
        stoppedSubscriptions.push(...(rec.stoppedSubscriptions ?? []));
        becameFull ||= rec.becameFull;
        order = rec.order;
      }
    }
    const rec = { order, created, becameFull, stoppedSubscriptions };
    await this.inTransaction(m, rec);
    return rec;
  }

  /**
   * One refund inside a transaction: the row (once per Stripe refund id), the order's refundedOre
   * and status, and on a full refund the revocation of this order's grant. With `guard`, the amount
   * must still fit (demo refunds); null when it no longer does.
   */
  async record(m: EntityManager, orderId: number, input: RecordInput, guard: boolean): Promise<RecordedRefunds | null> {
    const now = new Date();
    if (input.stripeRefundId) {
      const known = await m.exists(Refund, { where: { stripeRefundId: input.stripeRefundId } });
      if (known) return this.alreadyRecorded(m, orderId, input);
    }
    const r = col(m, 'refundedOre');
    const inc = await m
      .createQueryBuilder()
      .update(Order)
      .set({ refundedOre: () => `${r} + ${Math.trunc(input.amountOre)}`, updatedAt: now })
      .where(
        guard
          ? `id = :id AND status IN (:...st) AND ${r} + ${Math.trunc(input.amountOre)} <= ${col(m, 'amountOre')}`
          : 'id = :id',
        { id: orderId, st: REFUNDABLE },
      )
      .execute();
    if (inc.affected !== 1) return null;
    let refund: Refund;
    try {
      refund = await m.save(
        m.create(Refund, {
          orderId,
          amountOre: input.amountOre,
          reason: input.reason.slice(0, 500),
          stripeRefundId: input.stripeRefundId,
          status: input.status,
          createdBy: input.createdBy,
          createdAt: now,
        }),
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Recorded concurrently (the webhook and the admin panel at once): undo the increment.
      await m
        .createQueryBuilder()
        .update(Order)
        .set({ refundedOre: () => `${r} - ${Math.trunc(input.amountOre)}` })
        .where('id = :id', { id: orderId })
        .execute();
      return this.alreadyRecorded(m, orderId, input);
    }
    const order = await m.findOneByOrFail(Order, { id: orderId });
    const full = order.refundedOre >= order.amountOre;
    const status: OrderStatus = full ? 'refunded' : 'partially_refunded';
    let becameFull = false;
    if (order.status !== status && order.status !== 'refunded') {
      await m.update(Order, { id: orderId }, { status, updatedAt: now });
      becameFull = full;
      order.status = status;
    }
    if (full) await this.grants.revokeForOrder(orderId, input.createdBy, m);
    // Refunded in full within the guarantee while the launch price runs: the seat is free again.
    if (becameFull) await this.seats.release(m, order, now);
    // A membership period refunded in full: renewal stops too (docs/decisions.md "Memberships").
    const stoppedSubscriptions = becameFull ? await this.subscriptions.endForRefund(m, order) : [];
    // The credit note of this refund, next in the receipts' sequence, referring to the receipt.
    await this.receipts.issueCreditNote(m, order, refund);
    return { order, created: [refund], becameFull, stoppedSubscriptions };
  }

  /** The refund is known: keep the admin's reason and name on it, change nothing else. */
  private async alreadyRecorded(m: EntityManager, orderId: number, input: RecordInput): Promise<RecordedRefunds> {
    if (input.stripeRefundId && input.createdBy !== null) {
      await m.update(
        Refund,
        { stripeRefundId: input.stripeRefundId, createdBy: IsNull() },
        { reason: input.reason.slice(0, 500), createdBy: input.createdBy },
      );
    }
    const order = await m.findOneByOrFail(Order, { id: orderId });
    return { order, created: [], becameFull: false };
  }

  /** Each new refund as `order.refunded` (the credit note's mail is queued here, in the refund's transaction). */
  async inTransaction(m: EntityManager, rec: RecordedRefunds, opts: RefundOptions = {}): Promise<void> {
    for (const e of refundEvents(rec, opts)) await this.events.emitInTransaction('order.refunded', e, m);
  }

  /** After commit: the student count changes on a full refund; `order.refunded`'s after-commit handlers run for each new refund. */
  async afterCommit(rec: RecordedRefunds, opts: RefundOptions = {}): Promise<void> {
    if (rec.created.length) this.crash.reached('order.refunded:after-commit');
    if (rec.becameFull) this.catalog.invalidate();
    if (rec.stoppedSubscriptions?.length) await this.subscriptions.stopAtProvider(rec.stoppedSubscriptions);
    for (const e of refundEvents(rec, opts)) {
      this.logger.log({ orderId: e.orderId, refundId: e.refundId, amountOre: e.amountOre }, 'Refund recorded');
      await this.events.emit('order.refunded', e);
    }
  }

  /** Refund rows of an order, newest first (for the admin panel). */
  listForOrder(orderId: number): Promise<Refund[]> {
    return this.ds.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
