import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThanOrEqual, Not } from 'typeorm';
import { Clock } from '../../platform/time/clock';
import { dayOfNumber, osloDate } from '../../platform/time/oslo-time';
import type { Order } from '../entities/order.entity';
import { Subscription } from '../entities/subscription.entity';
import { VippsApiError } from '../vipps/vipps-api';
import { VIPPS_RECURRING_API, type VippsRecurringApi } from '../vipps/vipps-recurring-api';

const DAY_MS = 86_400_000;

/**
 * A charge must be due at least two days after it is created in production (one in Vipps' test
 * environment): CreateChargeV3 `due`, vipps-recurring-api docs/openapi.yaml, and the API guide's
 * "Due date" (e2e/contracts/README.md). The shop keeps to two everywhere.
 */
export const VIPPS_CHARGE_MIN_DAYS_AHEAD = 2;
/** The renewal's charge is created this many days before the period ends (inside Vipps' 35 days shown in the app). */
export const VIPPS_CHARGE_LEAD_DAYS = 10;
/** Vipps tries a failed charge again for this many days after `due` (CreateChargeV3 `retryDays`, 0–14; Vipps recommends at least 2). */
export const VIPPS_CHARGE_RETRY_DAYS = 3;

/** A renewal's charge: its id (our orderId at Vipps) names the subscription and the period it pays. */
const RENEWAL_CHARGE_RE = /^vr-(\d+)-(\d{8})$/;

export function renewalChargeId(subscriptionId: number, periodEnd: Date): string {
  return `vr-${subscriptionId}-${osloDate(periodEnd).replace(/-/g, '')}`;
}

const dayNumber = (d: Date) => Math.floor(Date.parse(`${osloDate(d)}T00:00:00Z`) / DAY_MS);

/**
 * The renewals of memberships that renew by Vipps (docs/decisions.md "Memberships"): before a period
 * ends, the shop creates its charge (DIRECT_CAPTURE, the agreed price, due the day before the period
 * ends and never sooner than Vipps allows, with retryDays), once per subscription and period: the
 * Idempotency-Key is the charge's id, made of both, so a round run twice or a retried job is the same
 * charge at Vipps. Also: which agreement and charge paid an order (refunds go through the Recurring API).
 */
@Injectable()
export class VippsRecurringCharges {
  private readonly logger = new Logger('VippsRecurring');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(VIPPS_RECURRING_API) private readonly api: VippsRecurringApi | null,
    private readonly clock: Clock,
  ) {}

  /** Creates the charges of renewals due within the lead time. Answers how many were created. */
  async createDue(): Promise<number> {
    if (!this.api) return 0;
    const now = this.clock.now();
    const repo = this.ds.getRepository(Subscription);
    const due = await repo.find({
      where: {
        method: 'vipps',
        status: 'active',
        cancelAtPeriodEnd: false,
        nextChargeId: IsNull(),
        providerSubscriptionId: Not(IsNull()),
        currentPeriodEnd: LessThanOrEqual(new Date(now.getTime() + VIPPS_CHARGE_LEAD_DAYS * DAY_MS)),
      },
      take: 100,
    });
    let created = 0;
    for (const sub of due) {
      const periodEnd = sub.currentPeriodEnd!;
      const chargeId = renewalChargeId(sub.id, periodEnd);
      const dueDay = Math.max(dayNumber(periodEnd) - 1, dayNumber(now) + VIPPS_CHARGE_MIN_DAYS_AHEAD);
      try {
        await this.api.createCharge(
          sub.providerSubscriptionId!,
          {
            amount: sub.priceOre,
            transactionType: 'DIRECT_CAPTURE',
            type: 'RECURRING',
            description: 'VIP-medlemskap, 12 måneder',
            due: dayOfNumber(dueDay),
            retryDays: VIPPS_CHARGE_RETRY_DAYS,
            orderId: chargeId,
          },
          `charge-${chargeId}`,
        );
      } catch (err) {
        const e = err as VippsApiError;
        this.logger.error({ subscriptionId: sub.id, status: e.status, problem: e.problem }, 'Vipps renewal charge not created');
        continue;
      }
      const res = await repo.update({ id: sub.id, nextChargeId: IsNull() }, { nextChargeId: chargeId, updatedAt: now });
      if (res.affected === 1) created++;
    }
    if (created) this.logger.log({ created }, 'Vipps renewal charges created');
    return created;
  }

  /** The agreement and charge that paid a Vipps order of a renewing membership (null: an ePayment order). */
  async chargeOf(
    order: Pick<Order, 'id' | 'provider' | 'providerReference'>,
  ): Promise<{ agreementId: string; chargeId: string } | null> {
    if (order.provider !== 'vipps' || !order.providerReference) return null;
    const repo = this.ds.getRepository(Subscription);
    const renewal = RENEWAL_CHARGE_RE.exec(order.providerReference);
    const sub = renewal
      ? await repo.findOneBy({ id: Number(renewal[1]), method: 'vipps' })
      : await repo.findOneBy({ orderId: order.id, method: 'vipps' });
    return sub?.providerSubscriptionId ? { agreementId: sub.providerSubscriptionId, chargeId: order.providerReference } : null;
  }

  /** Refunds (part of) a charge; the Idempotency-Key is the caller's. */
  async refund(charge: { agreementId: string; chargeId: string }, amount: number, idempotencyKey: string): Promise<void> {
    if (!this.api) throw new VippsApiError('Vipps is not configured', null);
    await this.api.refundCharge(charge.agreementId, charge.chargeId, amount, 'Refusjon', idempotencyKey);
  }

  /** The subscription a renewal charge pays (by its id). */
  subscriptionOfCharge(chargeId: string): Promise<Subscription | null> {
    const m = RENEWAL_CHARGE_RE.exec(chargeId);
    return m ? this.ds.getRepository(Subscription).findOneBy({ id: Number(m[1]) }) : Promise.resolve(null);
  }
}
