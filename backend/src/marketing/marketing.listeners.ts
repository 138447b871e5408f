import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserReader } from '../identity/user-reader.service';
import { OnEvent, type EventMap, type LeadCaptured, type OrderPaid } from '../platform/events';
import { MarketingConsentService } from './marketing-consent.service';
import { SequenceEngineService } from './sequence-engine.service';
import { SubscribersService } from './subscribers.service';

/** The variants a lead counts for: its landing variant (A–D) and `starter` for the free course. */
export function variantsOf(e: Pick<LeadCaptured, 'courseType' | 'trafficSource'>): string[] {
  const out: string[] = [];
  if (e.trafficSource && /^[A-D]$/.test(e.trafficSource)) out.push(e.trafficSource);
  if (e.courseType === 'starter') out.push('starter');
  return out;
}

/**
 * Where marketing hears about the rest of the site: leads (consent and 'lead captured' sequences),
 * paid orders (soft opt-in as customer, 'bought course X'), Starter completed, and unsubscribes,
 * bounces and spam complaints from the mail module. (The outbox worker's "may this address get marketing?" is
 * marketing-ports.module.ts.)
 */
@Injectable()
export class MarketingListeners {
  constructor(
    private readonly users: UserReader,
    private readonly subscribers: SubscribersService,
    private readonly consent: MarketingConsentService,
    private readonly sequences: SequenceEngineService,
  ) {}

  @OnEvent('mail.unsubscribed')
  async unsubscribed(e: EventMap['mail.unsubscribed']): Promise<void> {
    await this.subscribers.unsubscribe(e.email);
  }

  @OnEvent('mail.resubscribed')
  async resubscribed(e: EventMap['mail.resubscribed']): Promise<void> {
    await this.subscribers.resubscribe(e.email);
  }

  @OnEvent('mail.bounced')
  async bounced(e: EventMap['mail.bounced']): Promise<void> {
    await this.subscribers.markUndeliverable(e.email, 'bounced');
  }

  @OnEvent('mail.complained')
  async complained(e: EventMap['mail.complained']): Promise<void> {
    await this.subscribers.markUndeliverable(e.email, 'complained');
  }

  /**
   * A lead: only a ticked box concerns marketing (double opt-in, then the sequences that start on a
   * lead). Without it nothing happens here, and the form costs no more than before. The lead form
   * does not know the account (its INSERT links it in SQL): with consent, identity is asked here.
   */
  @OnEvent('lead.captured')
  async leadCaptured(e: LeadCaptured): Promise<void> {
    if (!e.marketingConsent) return;
    const userId = e.userId ?? (await this.users.idByEmail(e.email));
    const variants = variantsOf(e);
    const sub = await this.consent.requestConsent({
      email: e.email,
      userId,
      source: e.source,
      ip: e.ip,
      variant: variants[0] ?? null,
      isLead: true,
    });
    for (const v of variants.slice(1)) await this.subscribers.noteFacts(sub, { variant: v });
    await this.sequences.handle({ trigger: 'lead', values: variants, email: sub.email, userId });
  }

  /**
   * A purchase, in the payment's transaction (so a crash right after the commit loses neither): soft
   * opt-in as customer, and the sequences that start on 'bought course X', once per sequence and
   * address. Every query goes through `m`.
   */
  @OnEvent('order.paid', { phase: 'in-transaction' })
  async paid(e: OrderPaid, m: EntityManager): Promise<void> {
    await this.subscribers.markCustomer(e.email, e.userId, m);
    await this.sequences.handle({ trigger: 'bought', values: [e.courseId], email: e.email, userId: e.userId }, m);
  }

  /** Starter completed: the sequences that start on it. */
  @OnEvent('course.completed')
  async courseCompleted({ userId, courseId }: EventMap['course.completed']): Promise<void> {
    if (courseId !== 'starter') return;
    const user = await this.users.findById(userId);
    if (!user) return;
    await this.sequences.handle({ trigger: 'starter_completed', values: ['starter'], email: user.email, userId });
  }
}
