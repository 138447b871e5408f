import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { Subscription } from '../entities/subscription.entity';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';
import { VippsRecurringAgreements } from './vipps-recurring-agreements.service';

/**
 * A subscription that ended here (its grace ran out, its payment was refunded) is ended at its
 * provider too, so nothing is charged again: the Stripe subscription cancelled, the Vipps agreement
 * stopped (with the charge created for the coming renewal). A failure is logged, not thrown (Stripe
 * ends a subscription after failed charges; a Vipps renewal is charged only by the shop's own job,
 * which skips subscriptions that ended).
 */
@Injectable()
export class SubscriptionStops {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly vipps: VippsRecurringAgreements,
  ) {}

  async stop(sub: Subscription, why: 'lapsed' | 'refunded'): Promise<void> {
    if (!sub.providerSubscriptionId) return;
    if (sub.method === 'vipps') return this.vipps.stopQuietly(sub);
    if (!this.stripe) return;
    const id = sub.providerSubscriptionId;
    try {
      await this.stripe.subscriptions.cancel(id, undefined, {
        idempotencyKey: why === 'lapsed' ? `subscription-lapsed-${sub.id}` : `subscription-refunded-${id}`,
      });
    } catch (err) {
      const e = err as { statusCode?: number; message?: string };
      this.logger.error(
        { subscriptionId: sub.id, statusCode: e.statusCode, msg: e.message },
        `Stripe subscription not cancelled (${why})`,
      );
    }
  }
}
