import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventMap } from '../platform/events';
import { LeadStatisticsService } from './lead-statistics.service';

/**
 * The funnel's per-address rows follow an account or a purchase in the transaction that makes it
 * (lead_addresses: has an account, its variant, bought). New leads are taken in when the statistics
 * are read (LeadStatisticsService.catchUp); an account the mentor makes, when its leads are linked to it
 * (LeadsService.linkToUser).
 */
@Injectable()
export class LeadStatisticsListeners {
  constructor(private readonly statistics: LeadStatisticsService) {}

  @OnEvent('user.signedUp', { phase: 'in-transaction' })
  async signedUp(e: EventMap['user.signedUp'], m: EntityManager): Promise<void> {
    await this.statistics.refresh(e.email, m);
  }

  @OnEvent('order.paid', { phase: 'in-transaction' })
  async paid(e: EventMap['order.paid'], m: EntityManager): Promise<void> {
    await this.statistics.refresh(e.email, m);
  }

  /** A refused payment (already owned, a used-up code) counts as bought without an order.paid. */
  @OnEvent('order.refunded', { phase: 'in-transaction' })
  async refunded(e: EventMap['order.refunded'], m: EntityManager): Promise<void> {
    if (e.refusal) await this.statistics.refresh(e.email, m);
  }
}
