import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import type { Order } from '../entities/order.entity';
import type { Subscription } from '../entities/subscription.entity';
import { VippsApiError } from '../vipps/vipps-api';
import { VIPPS_RECURRING_API, type VippsRecurringApi } from '../vipps/vipps-recurring-api';

/** Vipps' productName is at most 45 characters (DraftAgreementV3). */
const PRODUCT_NAME_MAX = 45;

/** What a Vipps agreement's first period means for its order on the success page. */
export type AgreementOutcome = 'paid' | 'closed' | 'pending';

/**
 * A membership that renews by Vipps (docs/decisions.md "Memberships"): the agreement of the checkout
 * (Recurring API v3, LEGACY pricing: the yearly price, a YEAR interval, the first period as its
 * initial charge, DIRECT_CAPTURE, whose chargeId is the order's reference), its state for the success
 * page, and its end («Si opp», the mentor's «Stopp fornyelse», a refund, a grace that ran out):
 * STOPPED cannot be undone at Vipps, and the charge created for the coming renewal is cancelled.
 */
@Injectable()
export class VippsRecurringAgreements {
  private readonly logger = new Logger('VippsRecurring');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(VIPPS_RECURRING_API) private readonly api: VippsRecurringApi | null,
  ) {}

  get configured(): boolean {
    return this.api !== null;
  }

  /** The draft agreement of a pending order (its reference stored); answers its id and Vipps' page for the buyer. */
  async create(
    order: Order,
    productName: string,
    agreementUrl: string,
    phoneNumber: string | null,
  ): Promise<{ agreementId: string; url: string }> {
    const api = this.need();
    const reference = order.providerReference!;
    const res = await api.createAgreement(
      {
        pricing: { type: 'LEGACY', amount: order.amountOre, currency: 'NOK' },
        interval: { unit: 'YEAR', count: 1 },
        initialCharge: {
          amount: order.amountOre,
          description: productName.slice(0, PRODUCT_NAME_MAX),
          transactionType: 'DIRECT_CAPTURE',
          orderId: reference,
        },
        merchantRedirectUrl: `${this.cfg.publicUrl}/betaling/fullfort?session_id=${reference}`,
        merchantAgreementUrl: agreementUrl,
        productName: productName.slice(0, PRODUCT_NAME_MAX),
        externalId: reference,
        ...(phoneNumber ? { phoneNumber } : {}),
      },
      `agreement-${reference}`,
    );
    if (!res.vippsConfirmationUrl) throw new VippsApiError('Vipps answered without vippsConfirmationUrl', 200, res);
    return { agreementId: res.agreementId, url: res.vippsConfirmationUrl };
  }

  /**
   * The first period of an agreement as Vipps reports it (Vipps asks for polling, not the redirect):
   * paid once the agreement is ACTIVE and its initial charge CHARGED; closed when it was never
   * approved (STOPPED, EXPIRED) or the initial charge failed.
   */
  async outcome(agreementId: string, order: Order): Promise<AgreementOutcome> {
    const api = this.need();
    const agreement = await api.getAgreement(agreementId);
    if (agreement.status === 'STOPPED' || agreement.status === 'EXPIRED') return 'closed';
    if (agreement.status !== 'ACTIVE') return 'pending';
    const charge = await api.getCharge(agreementId, order.providerReference!);
    if (charge.status === 'CHARGED' && charge.amount === order.amountOre) return 'paid';
    if (charge.status === 'FAILED' || charge.status === 'CANCELLED') return 'closed';
    return 'pending';
  }

  /**
   * Stops the agreement at Vipps (no further charges), after cancelling the charge created for the
   * coming renewal when there is one. Throws when Vipps refuses or cannot be reached (nothing changed here then).
   */
  async stop(sub: Pick<Subscription, 'id' | 'providerSubscriptionId' | 'nextChargeId'>): Promise<void> {
    if (!sub.providerSubscriptionId) return;
    const api = this.need();
    if (sub.nextChargeId) await this.cancelCharge(sub.providerSubscriptionId, sub.nextChargeId);
    await api.stopAgreement(sub.providerSubscriptionId, `agreement-stop-${sub.providerSubscriptionId}`);
    this.logger.log({ subscriptionId: sub.id }, 'Vipps agreement stopped');
  }

  /** Cancels a charge not yet taken; one Vipps already ended (4xx) is left as it is. */
  async cancelCharge(agreementId: string, chargeId: string): Promise<void> {
    try {
      await this.need().cancelCharge(agreementId, chargeId, `charge-cancel-${chargeId}`);
    } catch (err) {
      if (err instanceof VippsApiError && err.rejected) {
        this.logger.warn({ chargeId, status: err.status }, 'Vipps charge not cancelled (already processed or ended)');
        return;
      }
      throw err;
    }
  }

  /** The same, logged instead of thrown (after a refund, an erasure, a grace that ran out). */
  async stopQuietly(sub: Pick<Subscription, 'id' | 'providerSubscriptionId' | 'nextChargeId'>): Promise<void> {
    try {
      await this.stop(sub);
    } catch (err) {
      const e = err as VippsApiError;
      this.logger.error({ subscriptionId: sub.id, status: e.status, msg: e.message }, 'Vipps agreement not stopped');
    }
  }

  private need(): VippsRecurringApi {
    if (!this.api) throw new VippsApiError('Vipps is not configured', null);
    return this.api;
  }
}
