import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventMap } from '../platform/events';
import { LeadsService } from './leads.service';

/**
 * The lead list follows an unsubscribe link (the outbox owns the signed link, leads own the flag),
 * in the transaction of the click: the flag and what marketing does with it change together.
 */
@Injectable()
export class LeadsListeners {
  constructor(private readonly leads: LeadsService) {}

  @OnEvent('mail.unsubscribed', { phase: 'in-transaction' })
  async unsubscribed(e: EventMap['mail.unsubscribed'], m: EntityManager): Promise<void> {
    await this.leads.unsubscribe(e.email, m);
  }

  @OnEvent('mail.resubscribed', { phase: 'in-transaction' })
  async resubscribed(e: EventMap['mail.resubscribed'], m: EntityManager): Promise<void> {
    await this.leads.resubscribe(e.email, m);
  }
}
