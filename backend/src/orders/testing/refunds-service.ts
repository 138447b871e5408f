import { subscriptionsService } from './subscriptions-service';
import { VippsRecurringCharges } from '../subscriptions/vipps-recurring-charges.service';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import type { GrantsService } from '../../access/grants.service';
import type { CatalogService } from '../../catalog/catalog.service';
import type { LaunchSeatsService } from '../../catalog/launch-seats.service';
import { CrashPoints, type EventBus } from '../../platform/events';
import type { ReceiptsService } from '../receipts/receipts.service';
import { SystemClock } from '../../platform/time/clock';
import { RefundLedger } from '../refunds/refund-ledger.service';
import { RefundsService } from '../refunds/refunds.service';
import { StripeRefundsService } from '../refunds/stripe-refunds.service';
import { VippsRefundsService } from '../refunds/vipps-refunds.service';
import type { VippsApi } from '../vipps/vipps-api';
import type { VippsPaymentsService } from '../vipps/vipps-payments.service';

export interface RefundsDeps {
  grants: GrantsService;
  catalog: CatalogService;
  events: EventBus;
  receipts: ReceiptsService;
  seats: LaunchSeatsService;
  vipps: VippsPaymentsService;
  stripe?: Stripe | null;
  vippsApi?: VippsApi | null;
  crash?: CrashPoints;
}

/** For specs: the real RefundsService and its ledger on the spec's database (no providers unless given). */
export function refundsService(ds: DataSource, d: RefundsDeps): { refunds: RefundsService; ledger: RefundLedger } {
  const subscriptions = subscriptionsService(ds, d.stripe ?? null);
  const ledger = new RefundLedger(
    ds,
    d.grants,
    d.catalog,
    d.events,
    d.crash ?? new CrashPoints(),
    d.receipts,
    d.seats,
    subscriptions,
  );
  const refunds = new RefundsService(
    ds,
    ledger,
    new StripeRefundsService(ds, d.stripe ?? null, ledger),
    new VippsRefundsService(ds, d.vippsApi ?? null, d.vipps, new VippsRecurringCharges(ds, null, new SystemClock()), ledger),
  );
  return { refunds, ledger };
}
