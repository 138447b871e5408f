import { Inject, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { Between, EntityManager, In, IsNull, MoreThanOrEqual, Not, Repository } from 'typeorm';
import type { AccountExport, AdminSubscriptionCounts, MembershipReceiptView } from '@academy/contracts';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../../platform/personal-data';
import { Order } from '../entities/order.entity';
import { Receipt } from '../entities/receipt.entity';
import { Subscription } from '../entities/subscription.entity';
import { receiptKey, receiptPdfPath } from '../receipts/receipts.service';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { VippsRecurringAgreements } from './vipps-recurring-agreements.service';

const DAY_MS = 86_400_000;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/**
 * Subscriptions as others read them: the receipts of a membership's periods for the member's page,
 * and the account's export and erasure. An erased account's card subscription is cancelled at Stripe
 * (its Vipps agreement stopped) after the erasure committed, so nothing is charged for an account that
 * no longer exists.
 */
@OwnsPersonalData({
  name: 'subscriptions',
  sections: ['subscriptions'],
  tables: ['subscriptions'],
  eraseOrder: ERASURE_ORDER.subscriptions,
})
export class SubscriptionRecords implements PersonalDataOwner {
  private readonly logger = new Logger('Subscriptions');
  /** Stripe subscriptions of erasures in flight, by user id, cancelled after commit. */
  private readonly toCancel = new Map<number, string[]>();
  /** Vipps agreements of erasures in flight, by user id, stopped after commit. */
  private readonly toStop = new Map<number, Subscription[]>();

  constructor(
    @InjectRepository(Subscription) private readonly subs: Repository<Subscription>,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly vipps: VippsRecurringAgreements,
  ) {}

  /** The receipts of the member's paid orders of a membership (every period, renewals included), newest first. */
  async receiptsOf(userId: number, productId: string): Promise<MembershipReceiptView[]> {
    const m = this.subs.manager;
    const orders = await m.find(Order, { select: { id: true }, where: { userId, courseId: productId } });
    if (orders.length === 0) return [];
    const receipts = await m.find(Receipt, {
      where: { documentKey: In(orders.map((o) => receiptKey(o.id))) },
      order: { number: 'DESC' },
    });
    return receipts.map((r) => ({
      orderId: r.orderId,
      number: r.number,
      issuedAt: r.issuedAt.toISOString(),
      totalOre: r.totalOre,
      pdfPath: receiptPdfPath(r.orderId),
    }));
  }

  /** The member's newest subscription of a membership that was paid (running or ended), for the panel. */
  latestOf(userId: number, productId: string): Promise<Subscription | null> {
    return this.subs.findOne({
      where: { userId, productId, status: In(['active', 'past_due', 'ended']) },
      order: { id: 'DESC' },
    });
  }

  /** The panel's overview at `now`: renewing members, renewals due in the next 30 days, subscriptions ended in the last 30. */
  async counts(now: Date): Promise<AdminSubscriptionCounts> {
    const renewing = { status: In(['active', 'past_due']), cancelAtPeriodEnd: false, userId: Not(IsNull()) };
    const [all, due, ended] = await Promise.all([
      this.subs.count({ where: renewing }),
      this.subs.count({ where: { ...renewing, currentPeriodEnd: Between(now, new Date(now.getTime() + 30 * DAY_MS)) } }),
      this.subs.count({ where: { status: 'ended', endedAt: MoreThanOrEqual(new Date(now.getTime() - 30 * DAY_MS)) } }),
    ]);
    return { renewing: all, dueNext30Days: due, endedLast30Days: ended };
  }

  async exportFor(owner: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'subscriptions'>> {
    const rows = await m.find(Subscription, { where: { userId: owner.userId }, order: { id: 'ASC' } });
    return {
      subscriptions: rows.map((s) => ({
        productId: s.productId,
        method: s.method,
        status: s.status,
        priceOre: s.priceOre,
        currentPeriodEnd: iso(s.currentPeriodEnd),
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        failedAttempts: s.failedAttempts,
        createdAt: s.createdAt.toISOString(),
        endedAt: iso(s.endedAt),
      })),
    };
  }

  async eraseFor(owner: DataSubject, m: EntityManager): Promise<{ subscriptionsDeleted: number }> {
    const rows = await m.find(Subscription, { where: { userId: owner.userId } });
    const live = rows.filter((s) => s.method === 'card' && s.providerSubscriptionId && s.status !== 'ended');
    if (live.length)
      this.toCancel.set(
        owner.userId,
        live.map((s) => s.providerSubscriptionId!),
      );
    const agreements = rows.filter((s) => s.method === 'vipps' && s.providerSubscriptionId && s.status !== 'ended');
    if (agreements.length) this.toStop.set(owner.userId, agreements);
    if (rows.length) await m.delete(Subscription, { id: In(rows.map((s) => s.id)) });
    return { subscriptionsDeleted: rows.length };
  }

  async afterErasure(userId: number): Promise<void> {
    const ids = this.toCancel.get(userId) ?? [];
    this.toCancel.delete(userId);
    for (const sub of this.toStop.get(userId) ?? []) await this.vipps.stopQuietly(sub);
    this.toStop.delete(userId);
    for (const id of ids) {
      try {
        await this.stripe?.subscriptions.cancel(id, undefined, { idempotencyKey: `subscription-erased-${id}` });
      } catch (err) {
        const e = err as { statusCode?: number; message?: string };
        this.logger.error(
          { userId, statusCode: e.statusCode, msg: e.message },
          'Erased account: Stripe subscription not cancelled',
        );
      }
    }
  }
}
