import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { parseEnv } from '../../platform/config';
import { SystemClock } from '../../platform/time/clock';
import { Subscription } from '../entities/subscription.entity';
import { SubscriptionStops } from '../subscriptions/subscription-stops.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { VippsRecurringAgreements } from '../subscriptions/vipps-recurring-agreements.service';
import { VippsRecurringCharges } from '../subscriptions/vipps-recurring-charges.service';

/** For specs: the real SubscriptionsService on the spec's database (Stripe when given; no Vipps Recurring). */
export function subscriptionsService(ds: DataSource, stripe: Stripe | null = null): SubscriptionsService {
  const cfg = parseEnv({ NODE_ENV: 'test' });
  const clock = new SystemClock();
  const vipps = new VippsRecurringAgreements(cfg, null);
  return new SubscriptionsService(
    stripe,
    ds.getRepository(Subscription),
    cfg,
    clock,
    vipps,
    new VippsRecurringCharges(ds, null, clock),
    new SubscriptionStops(stripe, vipps),
  );
}
