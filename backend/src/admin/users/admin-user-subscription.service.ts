import { Injectable } from '@nestjs/common';
import { MSG, type AdminSubscription } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';
import { MembershipRenewalService } from '../../membership/membership-renewal.service';
import type { Subscription } from '../../orders/entities/subscription.entity';
import { SubscriptionRecords } from '../../orders/subscriptions/subscription-records.service';
import { SubscriptionsService } from '../../orders/subscriptions/subscriptions.service';
import { conflict } from '../../platform/errors/app-error';

/** The membership the panel's «VIP-abonnement» section is about. */
const PRODUCT = 'vip';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A subscription row as the student's page in the panel shows it. */
export function toAdminSubscription(s: Subscription): AdminSubscription {
  const live = s.status === 'active' || s.status === 'past_due';
  const renews = live && !s.cancelAtPeriodEnd;
  return {
    id: s.id,
    productId: s.productId,
    method: s.method,
    status: s.status,
    priceOre: s.priceOre,
    currentPeriodEnd: iso(s.currentPeriodEnd),
    nextChargeAt: renews ? iso(s.currentPeriodEnd) : null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    failedAttempts: s.failedAttempts,
    graceEndsAt: iso(s.graceEndsAt),
    endedAt: iso(s.endedAt),
    createdAt: s.createdAt.toISOString(),
    canStopRenewal: renews,
  };
}

/**
 * A student's automatic VIP renewal in the panel (docs/decisions.md "Memberships"): what it is, and
 * the mentor's «Stopp fornyelse», which is the member's «Si opp» (Stripe told, the member's
 * confirmation mail) audited with the mentor as the actor.
 */
@Injectable()
export class AdminUserSubscriptionService {
  constructor(
    private readonly records: SubscriptionRecords,
    private readonly subscriptions: SubscriptionsService,
    private readonly renewal: MembershipRenewalService,
  ) {}

  async of(userId: number): Promise<AdminSubscription | null> {
    const sub = await this.records.latestOf(userId, PRODUCT);
    return sub ? toAdminSubscription(sub) : null;
  }

  /** «Stopp fornyelse»: 409 when nothing renews; 503 (nothing changed) when Stripe cannot be reached. */
  async stopRenewal(userId: number, actor: User): Promise<void> {
    const sub = await this.subscriptions.current(userId, PRODUCT);
    if (!sub || sub.cancelAtPeriodEnd) throw conflict(MSG.adminRenewalNotRenewing);
    await this.renewal.cancel(userId, PRODUCT, { id: actor.id, email: actor.email });
  }
}
