import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ProgressService } from '../access/progress.service';
import { UserRecordsService } from '../identity/user-records.service';
import { LeadEventsService, type LeadCaptured } from '../leads/lead-events';
import { MarketingHooks } from '../mail/marketing-hooks';
import { OnEvent, type OrderPaid } from '../platform/events';
import { SequencesService } from './sequences.service';
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
 * paid orders (soft opt-in as customer, 'bought course X'), Starter completed, and unsubscribes from
 * the mail module's signed links. It also answers the outbox worker's "may this address get marketing?".
 */
@Injectable()
export class MarketingListeners implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Marketing');
  private readonly off: Array<() => void> = [];

  constructor(
    private readonly leads: LeadEventsService,
    private readonly progress: ProgressService,
    private readonly hooks: MarketingHooks,
    private readonly users: UserRecordsService,
    private readonly subscribers: SubscribersService,
    private readonly sequences: SequencesService,
  ) {}

  onModuleInit(): void {
    this.hooks.setGate((email) => this.subscribers.mayReceive(email));
    this.off.push(
      () => this.hooks.setGate(null),
      this.leads.onCaptured((e) => this.safely('Nytt lead', () => this.leadCaptured(e))),
      this.hooks.onUnsubscribed((email) => this.subscribers.unsubscribe(email)),
      this.hooks.onResubscribed((email) => this.subscribers.resubscribe(email)),
      this.hooks.onBounced((email) => this.subscribers.markUndeliverable(email, 'bounced')),
    );
    // Starter completed (the access module tells, when it can).
    const progress = this.progress as Partial<Pick<ProgressService, 'onCourseCompleted'>>;
    if (typeof progress.onCourseCompleted === 'function')
      this.off.push(
        progress.onCourseCompleted.call(this.progress, (userId: number, courseId: string) =>
          this.safely('Starter fullført', () => this.courseCompleted(userId, courseId)),
        ),
      );
  }

  onModuleDestroy(): void {
    for (const off of this.off.splice(0)) off();
  }

  private async safely(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (e) {
      this.logger.error(`${what}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * A lead: only a ticked box concerns marketing (double opt-in, then the sequences that start on a
   * lead). Without it nothing happens here, and the form costs no more than before.
   */
  async leadCaptured(e: LeadCaptured): Promise<void> {
    if (!e.marketingConsent) return;
    const variants = variantsOf(e);
    const sub = await this.subscribers.requestConsent({
      email: e.email,
      userId: e.userId,
      source: e.source,
      ip: e.ip,
      variant: variants[0] ?? null,
      isLead: true,
    });
    for (const v of variants.slice(1)) await this.subscribers.noteFacts(sub, { variant: v });
    await this.sequences.handle({ trigger: 'lead', values: variants, email: sub.email, userId: e.userId });
  }

  /** A purchase: soft opt-in as customer, and the sequences that start on 'bought course X'. */
  @OnEvent('order.paid')
  async paid(e: OrderPaid): Promise<void> {
    await this.subscribers.markCustomer(e.email, e.userId);
    await this.sequences.handle({ trigger: 'bought', values: [e.courseId], email: e.email, userId: e.userId });
  }

  private async courseCompleted(userId: number, courseId: string): Promise<void> {
    if (courseId !== 'starter') return;
    const user = await this.users.findById(userId);
    if (!user) return;
    await this.sequences.handle({ trigger: 'starter_completed', values: ['starter'], email: user.email, userId });
  }
}
