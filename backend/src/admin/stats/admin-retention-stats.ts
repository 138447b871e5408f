import { Injectable } from '@nestjs/common';
import type { AdminStats } from '@academy/contracts';
import { CheckoutRemindersService } from '../../marketing/checkout-reminders/checkout-reminders.service';
import { VipFigures } from '../../orders/subscriptions/vip-figures.service';

/**
 * The overview's VIP figures (now; the period does not apply) and the checkout reminders of the
 * period (docs/decisions.md "Checkout reminders"): one grouped query and one indexed query.
 */
@Injectable()
export class AdminRetentionStats {
  constructor(
    private readonly vip: VipFigures,
    private readonly reminders: CheckoutRemindersService,
  ) {}

  async figures(now: Date, start: Date, end: Date): Promise<Pick<AdminStats, 'vip' | 'reminders'>> {
    const [vip, reminders] = await Promise.all([this.vip.at(now), this.reminders.figures(start, end)]);
    return { vip, reminders };
  }
}
