import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { CatalogService } from '../../catalog/catalog.service';
import { LaunchSeatsService } from '../../catalog/launch-seats.service';
import { Order, type OrderRefusal } from '../entities/order.entity';
import type { OrderStatus } from '@academy/contracts';
import { AppError, badRequest, conflict, notFound, unavailable } from '../../platform/errors/app-error';
import { isUniqueViolation } from '../../platform/errors/db-errors';
import { GrantsService } from '../../access/grants.service';
import { Refund } from '../entities/refund.entity';
import { CrashPoints, EventBus, type OrderRefunded } from '../../platform/events';
import { ReceiptsService } from '../receipts/receipts.service';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { VIPPS_API, VippsApiError, type VippsApi } from '../vipps/vipps-api';
import { VippsPaymentsService } from '../vipps/vipps-payments.service';
import { MSG } from '@academy/contracts';
import { creditTies, lockOrder, type CreditTie } from '../pricing/upgrade-credit';

/** The dialect's quoting of a column name, for the raw increments below. */
function col(m: EntityManager, name: string): string {
  return m.connection.driver.escape(name);
}

/**
 * Our Idempotency-Key of a Vipps refund: the order, its state (what it has refunded so far) and the
 * amount. The same refund asked again (a double click, a retry after a lost answer) has the same key,
 * so Vipps answers the first one again; the next partial refund has a new key.
 */
export function vippsRefundKey(order: Pick<Order, 'id' | 'createdAt' | 'refundedOre'>, amount: number): string {
  return `refund-${order.id}-${order.createdAt.getTime()}-${order.refundedOre}-${amount}`;
}

/** Orders that can still be refunded. */
const REFUNDABLE: OrderStatus[] = ['paid', 'partially_refunded'];

export interface RefundInput {
  /** Øre; the whole remaining amount when left out. */
  amount?: number;
  reason: string;
  /**
   * The order's money is the credit of a paid upgrade: refund that upgrade in full first, then this
   * order in full (both courses end). Without it such an order refunds at most what is not tied up.
   */
  withUpgrade?: boolean;
}

export interface RefundResult {
  order: Order;
  refund: Refund;
  /** The upgrade refunded together with this order (`withUpgrade`). */
  linked?: RefundResult;
}

interface RecordInput {
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
}

/** What a refund is for, besides its reason: the refusal of a payment the order could not be given for. */
export interface RefundOptions {
  refusal?: OrderRefusal;
}

/**
 * Refunds, from the admin panel (`refund`) or from Stripe's dashboard (`charge.refunded`, through
 * `recordStripeRefunds`). Both end in the same state: a Refund row per Stripe refund (unique on its id,
 * so each counts once), refundedOre and the status on the order, and on a full refund the grant that
 * this order created revoked (no other grant of the buyer is touched).
 */
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

@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly grants: GrantsService,
    private readonly catalog: CatalogService,
    private readonly events: EventBus,
    private readonly crash: CrashPoints,
    private readonly receipts: ReceiptsService,
    private readonly seats: LaunchSeatsService,
    @Inject(VIPPS_API) private readonly vippsApi: VippsApi | null,
    private readonly vipps: VippsPaymentsService,
  ) {}

  /**
   * Refunds an order in full or in part. Stripe first (with an Idempotency-Key); nothing is written
   * when Stripe refuses or cannot be reached. Demo orders are refunded without Stripe.
   */
  async refund(
    orderId: number,
    input: RefundInput,
    actorId: number | null = null,
    opts: RefundOptions = {},
  ): Promise<RefundResult> {
    const order = Number.isSafeInteger(orderId) ? await this.ds.getRepository(Order).findOneBy({ id: orderId }) : null;
    if (!order) throw notFound(MSG.orderNotFound);
    if (!REFUNDABLE.includes(order.status)) throw badRequest(MSG.refundNotAllowed);
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reason) throw new AppError(400, 'VALIDATION_FAILED', MSG.refundReasonRequired);
    if (reason.length > 500) throw new AppError(400, 'VALIDATION_FAILED', MSG.refundReasonTooLong);
    // Money serving as the credit of a paid upgrade stays with the upgrade, unless both are refunded.
    const tie = opts.refusal ? undefined : (await creditTies(this.ds.manager, [order.id])).get(order.id);
    if (tie && input.withUpgrade) return this.refundWithUpgrade(order, tie, input.amount, reason, actorId);
    /**
     * What may be refunded, checked again in the refund's transaction after locking the order's row
     * (its first statement, so what it reads next is what was committed before the lock was had): the
     * payment of an upgrade priced with this order's money takes the same lock, so the two never
     * pass each other — the refund sees the credit tied, or the payment sees the refund.
     */
    const check = async (m: EntityManager): Promise<number> => {
      const cur = (await lockOrder(m, order.id)) ?? order;
      if (!REFUNDABLE.includes(cur.status)) throw badRequest(MSG.refundNotAllowed);
      const remaining = cur.amountOre - cur.refundedOre;
      const tied = opts.refusal ? undefined : (await creditTies(m, [cur.id])).get(cur.id);
      if (tied) {
        const alone = Math.max(0, remaining - tied.tiedOre);
        if (input.amount === undefined || input.amount > alone)
          throw new AppError(400, 'VALIDATION_FAILED', MSG.refundCreditTied(alone, tied.tiedOre, tied.upgradeOrderId));
      }
      const amount = input.amount ?? remaining;
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > remaining)
        throw new AppError(400, 'VALIDATION_FAILED', MSG.refundAmount(remaining));
      return amount;
    };

    if (order.provider === 'demo') {
      const rec = await this.ds.transaction(async (m) => {
        const amount = await check(m);
        const r = await this.record(
          m,
          order.id,
          { amountOre: amount, stripeRefundId: null, reason, status: 'succeeded', createdBy: actorId },
          true,
        );
        if (r) await this.inTransaction(m, r, opts);
        return r;
      });
      if (!rec) throw conflict(MSG.refundConflict);
      await this.afterCommit(rec, opts);
      return { order: rec.order, refund: rec.created[0] };
    }

    // Vipps records its refunds in transactions of its own: checked (and locked) before, not during.
    if (order.provider === 'vipps') return this.refundVipps(order, await this.ds.transaction(check), reason, actorId, opts);

    const stripe = this.stripe;
    if (!stripe) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    const intent = order.stripePaymentIntentId;
    if (!intent) throw badRequest(MSG.refundMissingReference, 'PAYMENT_PROVIDER_ERROR');
    // Stripe is asked while the order's row is locked: nothing is written when it refuses (the
    // transaction rolls back), and a payment of an upgrade priced with this money waits meanwhile.
    const rec = await this.ds.transaction(async (m) => {
      const amount = await check(m);
      const sr = await this.stripeRefund(stripe, order, intent, amount);
      const input2: RecordInput = {
        amountOre: sr.amount,
        stripeRefundId: sr.id,
        reason,
        status: sr.status ?? 'succeeded',
        createdBy: actorId,
      };
      const r = await this.record(m, order.id, input2, false);
      if (r) await this.inTransaction(m, r, opts);
      return r ? { r, sr } : null;
    });
    if (!rec) throw conflict(MSG.refundConflict);
    await this.afterCommit(rec.r, opts);
    const refund = rec.r.created[0] ?? (await this.ds.getRepository(Refund).findOneByOrFail({ stripeRefundId: rec.sr.id }));
    return { order: rec.r.order, refund };
  }

  /** Stripe's refund of `amount` (with an Idempotency-Key); an AppError when Stripe refuses or cannot be reached. */
  private async stripeRefund(stripe: Stripe, order: Order, intent: string, amount: number): Promise<Stripe.Refund> {
    let sr: Stripe.Refund;
    try {
      sr = await stripe.refunds.create(
        {
          payment_intent: intent,
          amount,
          reason: 'requested_by_customer',
          metadata: { orderId: String(order.id) },
        },
        // Same order state and amount → same key: a double click cannot refund twice.
        { idempotencyKey: `refund-${order.id}-${order.createdAt.getTime()}-${order.refundedOre}-${amount}` },
      );
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.warn({ orderId: order.id, type: e.type, statusCode: e.statusCode, msg: e.message }, 'Stripe avviste refusjon');
      const rejected = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500;
      throw rejected
        ? new AppError(HttpStatus.BAD_REQUEST, 'PAYMENT_PROVIDER_ERROR', MSG.refundRejected)
        : new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundProviderDown);
    }
    if (sr.status === 'failed' || sr.status === 'canceled') {
      this.logger.warn({ orderId: order.id, refundId: sr.id, status: sr.status }, 'Stripe-refusjon feilet');
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundRejected);
    }
    return sr;
  }

  /**
   * An order whose money is the credit of a paid upgrade, refunded together with it: the upgrade in
   * full first (its course ends; should this fail, nothing is refunded), then this order in full. A
   * failure in between leaves the upgrade refunded and this order free of it: refunding it again
   * refunds it in full.
   */
  private async refundWithUpgrade(
    order: Order,
    tie: CreditTie,
    amount: number | undefined,
    reason: string,
    actorId: number | null,
  ): Promise<RefundResult> {
    if (amount !== undefined && amount !== order.amountOre - order.refundedOre)
      throw new AppError(400, 'VALIDATION_FAILED', MSG.refundWithUpgradeWhole);
    let linked: RefundResult | undefined;
    for (let next: CreditTie | undefined = tie, i = 0; next && i < 5; i++) {
      linked = await this.refund(next.upgradeOrderId, { reason }, actorId);
      next = (await creditTies(this.ds.manager, [order.id])).get(order.id);
    }
    const own = await this.refund(order.id, { reason }, actorId);
    return { ...own, linked };
  }

  /**
   * A Vipps payment is refunded through the ePayment API (POST …/refund), after its capture (tried now
   * if it failed before). The Idempotency-Key is ours, made from the order's state and the amount (a
   * double click or a retry is the same refund at Vipps), and the refund is recorded under that key:
   * Vipps' answer repeats the payment's own pspReference for every refund, so it cannot tell two
   * refunds apart. What the order has refunded in all is what Vipps' answer says
   * (`aggregate.refundedAmount`): anything refunded beyond our records (in Vipps' portal) is recorded too.
   */
  private async refundVipps(
    order: Order,
    amount: number,
    reason: string,
    actorId: number | null,
    opts: RefundOptions,
  ): Promise<RefundResult> {
    if (!this.vippsApi) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    if (!order.providerReference) throw badRequest(MSG.refundMissingReference, 'PAYMENT_PROVIDER_ERROR');
    if (!(await this.vipps.capture(order)))
      throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundNotCaptured);
    const idempotencyKey = vippsRefundKey(order, amount);
    let res: Awaited<ReturnType<VippsApi['refund']>>;
    try {
      res = await this.vippsApi.refund(
        order.providerReference,
        { modificationAmount: { currency: 'NOK', value: amount } },
        idempotencyKey,
      );
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.warn({ orderId: order.id, status: e.status, problem: e.problem }, 'Vipps avviste refusjon');
      throw e instanceof VippsApiError && e.rejected
        ? new AppError(HttpStatus.BAD_REQUEST, 'PAYMENT_PROVIDER_ERROR', MSG.refundRejected)
        : new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.refundProviderDown);
    }
    const refundId = `vipps:${idempotencyKey}`;
    const refundedAtVipps = res.aggregate?.refundedAmount?.value;
    const rec = await this.ds.transaction(async (m) => {
      const r = await this.record(
        m,
        order.id,
        { amountOre: amount, stripeRefundId: refundId, reason, status: 'succeeded', createdBy: actorId },
        false,
      );
      if (!r) return null;
      // Vipps' own total: what was refunded there beyond our rows (its portal) is recorded as well.
      const missing =
        typeof refundedAtVipps === 'number' ? Math.min(refundedAtVipps, r.order.amountOre) - r.order.refundedOre : 0;
      if (missing > 0) {
        const more = await this.record(
          m,
          order.id,
          { amountOre: missing, stripeRefundId: null, reason: MSG.refundedInVipps, status: 'succeeded', createdBy: null },
          false,
        );
        if (more)
          Object.assign(r, {
            order: more.order,
            created: [...r.created, ...more.created],
            becameFull: r.becameFull || more.becameFull,
          });
      }
      await this.inTransaction(m, r, opts);
      return r;
    });
    if (!rec) throw conflict(MSG.refundConflict);
    await this.afterCommit(rec, opts);
    const refund = rec.created[0] ?? (await this.ds.getRepository(Refund).findOneByOrFail({ stripeRefundId: refundId }));
    return { order: rec.order, refund };
  }

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
        becameFull ||= rec.becameFull;
        order = rec.order;
      }
    }
    const rec = { order, created, becameFull };
    await this.inTransaction(m, rec);
    return rec;
  }

  /**
   * One refund inside a transaction: the row (once per Stripe refund id), the order's refundedOre
   * and status, and on a full refund the revocation of this order's grant. With `guard`, the amount
   * must still fit (demo refunds); null when it no longer does.
   */
  private async record(m: EntityManager, orderId: number, input: RecordInput, guard: boolean): Promise<RecordedRefunds | null> {
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
    // The credit note of this refund, next in the receipts' sequence, referring to the receipt.
    await this.receipts.issueCreditNote(m, order, refund);
    return { order, created: [refund], becameFull };
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
  private async inTransaction(m: EntityManager, rec: RecordedRefunds, opts: RefundOptions = {}): Promise<void> {
    for (const e of refundEvents(rec, opts)) await this.events.emitInTransaction('order.refunded', e, m);
  }

  /** After commit: the student count changes on a full refund; `order.refunded`'s after-commit handlers run for each new refund. */
  async afterCommit(rec: RecordedRefunds, opts: RefundOptions = {}): Promise<void> {
    if (rec.created.length) this.crash.reached('order.refunded:after-commit');
    if (rec.becameFull) this.catalog.invalidate();
    for (const e of refundEvents(rec, opts)) {
      this.logger.log({ orderId: e.orderId, refundId: e.refundId, amountOre: e.amountOre }, 'Refusjon registrert');
      await this.events.emit('order.refunded', e);
    }
  }

  /** Refund rows of an order, newest first (for the admin panel). */
  listForOrder(orderId: number): Promise<Refund[]> {
    return this.ds.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
