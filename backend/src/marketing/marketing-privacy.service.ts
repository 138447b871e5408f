import type { EntityManager } from 'typeorm';
import type { MarketingExport } from '@academy/contracts';
import { BroadcastEngineService } from './broadcast-engine.service';
import { SequenceEngineService } from './sequence-engine.service';
import { SubscribersService } from './subscribers.service';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

/** The marketing part of the data export and of the account erasure (found by the account module with the other owners). */
@OwnsPersonalData({
  name: 'marketing',
  sections: ['marketing'],
  tables: ['marketing_subscribers', 'marketing_enrolments', 'marketing_step_sends', 'marketing_broadcast_recipients'],
  eraseOrder: ERASURE_ORDER.marketing,
})
export class MarketingPrivacyService implements PersonalDataOwner {
  constructor(
    private readonly subscribers: SubscribersService,
    private readonly broadcasts: BroadcastEngineService,
    private readonly sequences: SequenceEngineService,
  ) {}

  /** The consent as recorded, the sequences and the broadcasts of the address; null when it was never on the list. */
  async exportFor(owner: DataSubject, m: EntityManager): Promise<{ marketing: MarketingExport | null }> {
    const sub = await this.subscribers.exportFor(owner, m);
    const sequences = await this.sequences.enrolmentsOf(owner.email);
    const broadcasts = await this.broadcasts.sentTo(owner.email);
    if (!sub && !sequences.length && !broadcasts.length) return { marketing: null };
    return {
      marketing: {
        ...(sub ?? {
          email: owner.email,
          status: 'unsubscribed' as const,
          consentText: null,
          consentVersion: null,
          consentAt: null,
          consentSource: null,
          consentIp: null,
          confirmedAt: null,
          unsubscribedAt: null,
        }),
        sequences,
        broadcasts,
      },
    };
  }

  /** Erasure, inside the caller's transaction: the list entry, its consent, enrolments and recipient rows. */
  async eraseFor(owner: DataSubject, m: EntityManager): Promise<{ marketingRemoved: number }> {
    const n =
      (await this.subscribers.eraseFor(owner, m)) +
      (await this.sequences.eraseFor(owner.email, m)) +
      (await this.broadcasts.eraseFor(owner.email, m));
    return { marketingRemoved: n };
  }
}
