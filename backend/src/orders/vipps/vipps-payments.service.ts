import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { GetPaymentResponse } from '@vippsmobilepay/sdk';
import { DataSource, In, IsNull, LessThan } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { Clock } from '../../platform/time/clock';
import { Order } from '../entities/order.entity';
import { SingleFlight, PROVIDER_READ_CACHE_MS } from '../single-flight';
import { VIPPS_API, VippsApiError, type VippsApi } from './vipps-api';

/** A Vipps reference: ours, unique per order, within Vipps' rule (8 to 64 of a-z, A-Z, 0-9 and -). */
export const VIPPS_REFERENCE_RE = /^vipps-[a-f0-9]{32}$/;

export function newVippsReference(): string {
  return `vipps-${randomBytes(16).toString('hex')}`;
}

/** Vipps' paymentDescription is shown in the app and on settlements; at most 100 characters. */
const DESCRIPTION_MAX = 100;

/** What a Vipps payment means for its order. */
export type VippsOutcome = 'authorized' | 'closed' | 'pending';

/** The payment is for the order's amount in NOK. */
export function amountMatches(
  amount: { currency: string; value: number } | undefined,
  order: Pick<Order, 'amountOre' | 'currency'>,
): boolean {
  return !!amount && amount.value === order.amountOre && amount.currency === order.currency.toUpperCase();
}

/**
 * Vipps payments through the ePayment API: the payment for an order (WEB_REDIRECT, reserved when the
 * buyer approves), its state for the success page, the capture in full once the order is paid (the
 * course is delivered at once), and captures that failed, tried again.
 */
@Injectable()
export class VippsPaymentsService {
  private readonly logger = new Logger('Vipps');
  private readonly reads: SingleFlight<GetPaymentResponse>;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(VIPPS_API) private readonly api: VippsApi | null,
    @InjectDataSource() private readonly ds: DataSource,
    clock: Clock,
  ) {
    this.reads = new SingleFlight(PROVIDER_READ_CACHE_MS, undefined, () => clock.now().getTime());
  }

  get configured(): boolean {
    return this.api !== null;
  }

  /** The payment of a pending order whose reference is stored; answers Vipps' page for the buyer. */
  async create(order: Order, description: string): Promise<string> {
    const api = this.need();
    const reference = order.providerReference!;
    const res = await api.createPayment(
      {
        amount: { currency: 'NOK', value: order.amountOre },
        paymentMethod: { type: 'WALLET' },
        reference,
        userFlow: 'WEB_REDIRECT',
        returnUrl: `${this.cfg.publicUrl}/betaling/fullfort?session_id=${reference}`,
        paymentDescription: description.slice(0, DESCRIPTION_MAX),
      },
      `create-${reference}`,
    );
    if (!res.redirectUrl) throw new VippsApiError('Vipps answered without redirectUrl', 200, res);
    return res.redirectUrl;
  }

  /** The payment's state as Vipps reports it (polls of the same reference within a few seconds share one read). */
  async outcome(order: Order): Promise<VippsOutcome> {
    const api = this.need();
    const reference = order.providerReference!;
    const p = await this.reads.get(reference, () => api.getPayment(reference));
    if (p.state === 'AUTHORIZED') {
      if (amountMatches(p.amount, order)) return 'authorized';
      this.logger.error(
        { orderId: order.id, amount: p.amount },
        'Vipps amount does not match the order; the order is not fulfilled',
      );
      return 'pending';
    }
    return p.state === 'CREATED' ? 'pending' : 'closed';
  }

  /**
   * How a Vipps payment that did not go through ended, as Vipps reports it: the buyer cancelled or
   * rejected it in Vipps (ABORTED), it timed out (EXPIRED), or it was ended by us or Vipps (TERMINATED,
   * CANCELLED). Null when Vipps cannot be read now or the payment has not ended.
   */
  async endedBy(order: Order): Promise<'aborted' | 'expired' | 'terminated' | null> {
    if (!this.api || !order.providerReference) return null;
    const api = this.api;
    const reference = order.providerReference;
    let state: string;
    try {
      state = (await this.reads.get(reference, () => api.getPayment(reference))).state;
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.warn({ orderId: order.id, status: e.status, msg: e.message }, 'Could not read how the Vipps payment ended');
      return null;
    }
    if (state === 'ABORTED') return 'aborted';
    if (state === 'EXPIRED') return 'expired';
    if (state === 'TERMINATED' || state === 'CANCELLED') return 'terminated';
    return null;
  }

  /**
   * Captures the whole amount of a paid Vipps order not captured yet (its Idempotency-Key is the
   * reference's: a repeat is the same capture). A failure is logged; `retryCaptures` tries again.
   */
  async capture(order: Pick<Order, 'id' | 'provider' | 'providerReference' | 'amountOre' | 'capturedAt'>): Promise<boolean> {
    if (order.provider !== 'vipps' || order.capturedAt || !order.providerReference) return !!order.capturedAt;
    const api = this.need();
    const reference = order.providerReference;
    try {
      await api.capture(reference, { modificationAmount: { currency: 'NOK', value: order.amountOre } }, `capture-${reference}`);
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.error(
        { orderId: order.id, status: e.status, problem: e.problem },
        'Vipps payment could not be captured; will retry',
      );
      return false;
    }
    const now = new Date();
    await this.ds.getRepository(Order).update({ id: order.id, capturedAt: IsNull() }, { capturedAt: now });
    order.capturedAt = now;
    this.logger.log({ orderId: order.id, amountOre: order.amountOre }, 'Vipps payment captured');
    return true;
  }

  /** Paid Vipps orders whose capture failed (settled for `settleMs`): captured now. Answers how many. */
  async retryCaptures(settleMs = 60_000): Promise<number> {
    if (!this.api) return 0;
    const due = await this.ds.getRepository(Order).find({
      where: {
        provider: 'vipps',
        capturedAt: IsNull(),
        status: In(['paid', 'partially_refunded']),
        paidAt: LessThan(new Date(Date.now() - settleMs)),
      },
      order: { id: 'ASC' },
      take: 50,
    });
    let done = 0;
    for (const order of due) if (await this.capture(order)) done++;
    return done;
  }

  private need(): VippsApi {
    if (!this.api) throw new VippsApiError('Vipps is not configured', null);
    return this.api;
  }
}
