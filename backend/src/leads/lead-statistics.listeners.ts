import { Injectable } from '@nestjs/common';
import { OnEvent, type EventMap } from '../platform/events';
import { LeadStatisticsService } from './lead-statistics.service';

/**
 * The funnel's per-address rows follow an account or a purchase once it is committed (lead_addresses:
 * has an account, its variant, bought). After commit, not inside: two purchases of one new buyer at
 * the same moment made both transactions upsert the same new address, and MariaDB refused one of the
 * payments as a deadlock; the statistics must never cost a sale. Each upsert merges (an account or a
 * purchase, once there, stays), so their order does not matter. New leads are taken in when the
 * statistics are read (LeadStatisticsService.catchUp); an account the mentor makes, when its leads
 * are linked to it (LeadsService.linkToUser).
 */
@Injectable()
export class LeadStatisticsListeners {
  constructor(private readonly statistics: LeadStatisticsService) {}

  @OnEvent('user.signedUp')
  async signedUp(e: EventMap['user.signedUp']): Promise<void> {
    await this.statistics.refresh(e.email);
  }

  @OnEvent('order.paid')
  async paid(e: EventMap['order.paid']): Promise<void> {
    await this.statistics.refresh(e.email);
  }

  /** A refused payment (already owned, a used-up code) counts as bought without an order.paid. */
  @OnEvent('order.refunded')
  async refunded(e: EventMap['order.refunded']): Promise<void> {
    if (e.refusal) await this.statistics.refresh(e.email);
  }
}
