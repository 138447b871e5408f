import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isCatalogId, MEMBERSHIP_MONTHS, type CatalogId, type MembershipPortalResponse } from '@academy/contracts';
import { GrantPeriodsService } from '../access/grant-periods.service';
import { CatalogContentService } from '../catalog/catalog-content.service';
import { UserReader } from '../identity/user-reader.service';
import { SubscriptionsService } from '../orders/subscriptions/subscriptions.service';
import { mailBrand } from '../outbox/mail-layout';
import { OutboxService } from '../outbox/outbox.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { OnEvent, type RenewalFailed, type RenewalStopped } from '../platform/events';
import { Clock } from '../platform/time/clock';
import { renewalCancelledMail, renewalFailedMail, renewalResumedMail } from './membership-mail';

/** The memberships of the catalogue (VIP). */
export const MEMBERSHIP_IDS = (Object.keys(MEMBERSHIP_MONTHS) as string[]).filter(isCatalogId);

/** Whole kroner as mails and pages show a price: `5 000 kr`. */
export function krText(ore: number): string {
  return `${String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} kr`;
}

/** The member's VIP page (the dashboard's membership panel). */
export const membershipPagePath = (productId: string) => `/dashboard#membership-${productId}`;

/**
 * The member's side of an automatic renewal (docs/decisions.md "Memberships"): «Si opp» and «Slå på
 * fornyelse igjen» (told to the provider by SubscriptionsService, audited, confirmed by mail), Stripe's
 * portal for the card, and the mail when a renewal charge failed.
 */
@Injectable()
export class MembershipRenewalService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly subscriptions: SubscriptionsService,
    private readonly periods: GrantPeriodsService,
    private readonly content: CatalogContentService,
    private readonly users: UserReader,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  private pageUrl(productId: string): string {
    return `${this.cfg.publicUrl}${membershipPagePath(productId)}`;
  }

  /** The end of the member's running period (the last paid one). */
  private async periodEnd(userId: number, productId: string): Promise<Date> {
    const grants = await this.periods.activeMembershipGrants(userId, productId);
    const ends = grants.map((g) => new Date(g.accessEndsAt!).getTime());
    return new Date(Math.max(this.clock.now().getTime(), ...ends));
  }

  /**
   * «Si opp»: the provider is told, the member gets the confirmation. The mentor's «Stopp fornyelse»
   * is the same, audited with the mentor as the actor.
   */
  async cancel(userId: number, productId: CatalogId = 'vip', actor?: { id: number; email: string }): Promise<void> {
    const sub = await this.subscriptions.cancel(userId, productId);
    const user = await this.users.findById(userId);
    const endsAt = await this.periodEnd(userId, productId);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      await this.audit.record(
        m,
        actor ?? (user ? { id: user.id, email: user.email } : null),
        {
          action: 'subscription.cancel',
          entity: 'subscription',
          entityId: sub.id,
          before: { cancelAtPeriodEnd: false },
          after: { cancelAtPeriodEnd: true },
        },
        now,
      );
      if (!user) return;
      const title = await this.content.titleOf(productId, m);
      const mail = renewalCancelledMail(mailBrand(this.cfg), {
        firstName: user.firstName,
        title,
        pageUrl: this.pageUrl(productId),
        endsAt,
        method: sub.method,
      });
      await this.outbox.enqueue(
        {
          ...mail,
          kind: 'membership_renewal_cancelled',
          to: user.email,
          userId,
          dedupeKey: `renewal-cancelled:${sub.id}:${now.getTime()}`,
        },
        m,
      );
    });
  }

  /** «Slå på fornyelse igjen» while the period runs: told to Stripe, audited, and confirmed by mail as «Si opp» is. */
  async resume(userId: number, productId: CatalogId = 'vip'): Promise<void> {
    const sub = await this.subscriptions.resume(userId, productId);
    const user = await this.users.findById(userId);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      await this.audit.record(
        m,
        user ? { id: user.id, email: user.email } : null,
        {
          action: 'subscription.resume',
          entity: 'subscription',
          entityId: sub.id,
          before: { cancelAtPeriodEnd: true },
          after: { cancelAtPeriodEnd: false },
        },
        now,
      );
      if (!user || !sub.currentPeriodEnd) return;
      const mail = renewalResumedMail(mailBrand(this.cfg), {
        firstName: user.firstName,
        title: await this.content.titleOf(productId, m),
        pageUrl: this.pageUrl(productId),
        renewsAt: sub.currentPeriodEnd,
        priceText: krText(sub.priceOre),
        methodText: sub.method === 'vipps' ? 'med Vipps' : 'med kortet ditt',
      });
      await this.outbox.enqueue(
        {
          ...mail,
          kind: 'membership_renewal_resumed',
          to: user.email,
          userId,
          dedupeKey: `renewal-resumed:${sub.id}:${now.getTime()}`,
        },
        m,
      );
    });
  }

  /** Stripe's customer portal for the member's card, back to the VIP page. */
  async portal(userId: number, productId: CatalogId = 'vip'): Promise<MembershipPortalResponse> {
    return { url: await this.subscriptions.portalUrl(userId, productId, this.pageUrl(productId)) };
  }

  /**
   * The member stopped the renewal outside the shop (the Vipps agreement, in the app): the same
   * confirmation as «Si opp», once per subscription (in the webhook's transaction).
   */
  @OnEvent('membership.renewalStopped', { phase: 'in-transaction' })
  async renewalStopped(e: RenewalStopped, m: EntityManager): Promise<void> {
    const user = await this.users.findById(e.userId, m);
    if (!user) return;
    const title = await this.content.titleOf(e.productId, m);
    const mail = renewalCancelledMail(mailBrand(this.cfg), {
      firstName: user.firstName,
      title,
      pageUrl: this.pageUrl(e.productId),
      endsAt: await this.periodEnd(e.userId, e.productId),
      method: 'vipps',
      inVipps: true,
    });
    await this.outbox.enqueue(
      {
        ...mail,
        kind: 'membership_renewal_cancelled',
        to: user.email,
        userId: user.id,
        dedupeKey: `renewal-stopped:${e.subscriptionId}`,
      },
      m,
    );
  }

  /** A failed renewal charge: the mail with the link to fix the card, once per charge (in the webhook's transaction). */
  @OnEvent('membership.renewalFailed', { phase: 'in-transaction' })
  async renewalFailed(e: RenewalFailed, m: EntityManager): Promise<void> {
    const user = await this.users.findById(e.userId, m);
    if (!user) return;
    const sub = await this.subscriptions.current(e.userId, e.productId, m);
    const title = await this.content.titleOf(e.productId, m);
    const mail = renewalFailedMail(mailBrand(this.cfg), {
      firstName: user.firstName,
      title,
      pageUrl: this.pageUrl(e.productId),
      graceEndsAt: e.graceEndsAt,
      priceText: krText(sub?.priceOre ?? 0),
      method: sub?.method,
    });
    await this.outbox.enqueue(
      {
        ...mail,
        kind: 'membership_renewal_failed',
        to: user.email,
        userId: user.id,
        dedupeKey: `renewal-failed:${e.subscriptionId}:${e.chargeId}`,
      },
      m,
    );
  }
}
