import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CatalogSeed } from '../catalog/catalog.data';
import { LaunchSeatsService } from '../catalog/launch-seats.service';
import { Clock } from '../platform/time/clock';
import { CampaignCodesService } from './campaign-codes.service';

/**
 * How long a Stripe Checkout Session can be paid (its `expires_at`; Stripe allows 30 minutes to 24
 * hours, the 2 extra minutes keep it above 30 on Stripe's clock). This is the launch price's grace: a
 * checkout opened while a launch seat was left is charged the launch price if it is paid within it.
 */
export const CHECKOUT_LIFETIME_MS = 32 * 60_000;

/** What a new order costs, made by the server alone. */
export interface OrderPrice {
  /** What is charged (øre). */
  amountOre: number;
  campaignCode: string | null;
  /** What the code took off. */
  discountOre: number;
  /** Null for demo payments (paid at once). */
  expiresAt: Date | null;
}

/** Prices a new order: the catalogue's price of this moment (launch seats counted now), then the campaign code. */
@Injectable()
export class CheckoutPricingService {
  constructor(
    private readonly launch: LaunchSeatsService,
    private readonly codes: CampaignCodesService,
    private readonly clock: Clock,
  ) {}

  /** Inside the transaction that inserts the order (the code is checked there; its uses count only when paid). */
  async price(m: EntityManager, item: CatalogSeed, campaignCode: string | undefined, payable: boolean): Promise<OrderPrice> {
    const code = campaignCode !== undefined ? await this.codes.checkFor(m, campaignCode, item.id) : null;
    const { priceOre } = await this.launch.priceNow(item, m);
    const discountOre = code ? code.discountOn(priceOre) : 0;
    return {
      amountOre: priceOre - discountOre,
      campaignCode: code?.code ?? null,
      discountOre,
      // Whole seconds, as Stripe's expires_at.
      expiresAt: payable ? new Date(Math.floor((this.clock.now().getTime() + CHECKOUT_LIFETIME_MS) / 1000) * 1000) : null,
    };
  }
}
