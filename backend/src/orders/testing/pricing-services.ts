import type { DataSource } from 'typeorm';
import type { Grant } from '../../access/entities/grant.entity';
import { GrantsService } from '../../access/grants.service';
import type { LaunchSeat } from '../../catalog/entities/launch-seat.entity';
import { LaunchSeatsService } from '../../catalog/launch-seats.service';
import type { AppConfig } from '../../platform/config/env.schema';
import { SystemClock, type Clock } from '../../platform/time/clock';
import { CampaignCodesService } from '../pricing/campaign-codes.service';
import { CheckoutPricingService } from '../pricing/checkout-pricing.service';
import { CampaignCode } from '../entities/campaign-code.entity';

/** For the orders specs: launch seats, campaign codes and the checkout's pricing on the spec's database. */
export function pricingServices(ds: DataSource, cfg: AppConfig, clock: Clock = new SystemClock()) {
  const seats = new LaunchSeatsService(ds.getRepository<LaunchSeat>('LaunchSeat'), cfg);
  const codes = new CampaignCodesService(ds.getRepository(CampaignCode), seats, clock);
  const pricing = new CheckoutPricingService(seats, codes, new GrantsService(ds.getRepository<Grant>('Grant')), clock);
  return { seats, codes, pricing };
}
