import {
  CATALOG_IDS,
  GUARANTEE_DAYS,
  MUX_VIDEO_STATUSES,
  membershipMonths,
  type CatalogId,
  type AdminAuditEntry,
  type AdminGrant,
  type AdminLead,
  type AdminModule,
  type AdminOrder,
  type AdminRefund,
  type AdminUser,
  type PlayerCourseId,
} from '@academy/contracts';
import type { Order } from '../../orders/entities/order.entity';
import type { CourseModule } from '../../catalog/entities/course-module.entity';
import type { Grant } from '../../access/entities/grant.entity';
import type { Lead } from '../../leads/entities/lead.entity';
import type { Refund } from '../../orders/entities/refund.entity';
import type { CreditTie } from '../../orders/pricing/upgrade-credit';
import type { User } from '../../identity/entities/user.entity';
import type { AuditLog } from '../../platform/audit/entities/audit-log.entity';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { wholeDaysSince } from '../../platform/time/oslo-time';

const DAY_MS = 86_400_000;
const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

export function toAdminLead(l: Lead, accountId: number | null, hasBought: boolean, mailBouncedAt: Date | null = null): AdminLead {
  return {
    id: l.id,
    email: l.email,
    courseType: l.courseType,
    source: l.source,
    ...attributionColumns(l.attribution),
    userId: l.userId,
    contacted: !!l.contacted,
    note: l.note,
    unsubscribedAt: iso(l.unsubscribedAt),
    createdAt: iso(l.createdAt)!,
    hasAccount: accountId !== null || l.userId !== null,
    accountId: l.userId ?? accountId,
    hasBought,
    mailBouncedAt: iso(mailBouncedAt),
  };
}

/** A grant for the panel; `mentorshipEndsAt` is the period's end as the mentorship module works it out (null: none). */
export function toAdminGrant(
  g: Grant,
  mentorshipEndsAt: Date | null = g.mentorshipEndsAt ?? null,
  includedBy: string | null = null,
): AdminGrant {
  return {
    id: g.id,
    userId: g.userId,
    courseId: g.courseId,
    source: g.source,
    orderId: g.orderId,
    note: g.note,
    grantedBy: g.grantedBy,
    grantedAt: iso(g.grantedAt)!,
    revokedAt: iso(g.revokedAt),
    revokedBy: g.revokedBy,
    active: !g.revokedAt,
    releasedEarlyAt: iso(g.releasedEarlyAt),
    mentorshipEndsAt: iso(mentorshipEndsAt),
    includedByGrantId: g.includedByGrantId ?? null,
    includedBy: g.includedByGrantId != null ? includedBy : null,
    accessEndsAt: iso(g.accessEndsAt ?? null),
    membership: membershipMonths(g.courseId) !== null && g.includedByGrantId == null,
  };
}

export function toAdminUser(u: User, courses: CatalogId[]): AdminUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    passwordSet: !!u.passwordHash,
    trafficSource: u.attribution?.trafficSource ?? null,
    createdAt: iso(u.createdAt)!,
    courses,
  };
}

/** The catalogue ids (courses and VIP) of the active grants, in catalogue order. */
export function activeCourses(grants: Array<Pick<Grant, 'courseId' | 'revokedAt'>>): CatalogId[] {
  const ids = new Set(grants.filter((g) => !g.revokedAt).map((g) => g.courseId));
  return CATALOG_IDS.filter((c) => ids.has(c));
}

/**
 * An order for the panel. `tie`: what of its money is the credit of a paid upgrade (orders/upgrade-credit),
 * which is refundable only together with that upgrade.
 */
export function toAdminOrder(o: Order, now = new Date(), tie?: CreditTie): AdminOrder {
  const paidAt = o.paidAt ? new Date(o.paidAt) : null;
  const guaranteeEnds = paidAt ? new Date(paidAt.getTime() + GUARANTEE_DAYS * DAY_MS) : null;
  const left = ['paid', 'partially_refunded'].includes(o.status) ? Math.max(0, o.amountOre - o.refundedOre) : 0;
  const tiedOre = tie ? Math.min(tie.tiedOre, left) : 0;
  const refundable = left - tiedOre;
  return {
    id: o.id,
    userId: o.userId,
    email: o.email,
    firstName: o.firstName,
    lastName: o.lastName,
    courseId: o.courseId,
    amountOre: o.amountOre,
    refundedOre: o.refundedOre,
    currency: o.currency,
    paymentMethod: o.paymentMethod,
    provider: o.provider,
    status: o.status,
    providerReference: o.providerReference,
    stripePaymentIntentId: o.stripePaymentIntentId,
    trafficSource: o.attribution?.trafficSource ?? null,
    createdAt: iso(o.createdAt)!,
    paidAt: iso(paidAt),
    daysSincePurchase: paidAt ? wholeDaysSince(paidAt, now) : null,
    // Money tied up in an upgrade is still this order's: it can be refunded together with the upgrade.
    withinGuarantee: !!guaranteeEnds && guaranteeEnds.getTime() > now.getTime() && left > 0,
    guaranteeEndsAt: iso(guaranteeEnds),
    refundableOre: refundable,
    campaignCode: o.campaignCode ?? null,
    discountOre: o.discountOre ?? 0,
    upgradeCreditOre: o.upgradeCreditOre ?? 0,
    upgradeFromOrderId: o.upgradeFromOrderId ?? null,
    creditTiedOre: tiedOre,
    creditTiedToOrderId: tie && tiedOre > 0 ? tie.upgradeOrderId : null,
    refundWithUpgradeOre: tie && tiedOre > 0 ? left + tie.upgradeRefundableOre : 0,
    refusal: o.refusal ?? null,
  };
}

export function toAdminRefund(r: Refund): AdminRefund {
  return {
    id: r.id,
    orderId: r.orderId,
    amountOre: r.amountOre,
    reason: r.reason,
    status: r.status,
    stripeRefundId: r.stripeRefundId,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt)!,
  };
}

/** A module for the panel; `muxEnabled`: Mux is set up on the server (the panel then offers it). */
export function toAdminModule(m: CourseModule, muxEnabled = false): AdminModule {
  return {
    id: m.id,
    courseId: m.courseId as PlayerCourseId,
    position: m.position,
    title: m.title,
    description: m.description,
    durationMinutes: m.durationMinutes,
    videoProvider: m.videoProvider === 'mux' ? 'mux' : 'youtube',
    videoProviders: muxEnabled || m.videoProvider === 'mux' ? ['youtube', 'mux'] : ['youtube'],
    videoId: m.videoId,
    muxPlaybackId: m.muxPlaybackId ?? null,
    muxUploadId: m.muxUploadId ?? null,
    videoStatus: (MUX_VIDEO_STATUSES as readonly string[]).includes(m.videoStatus ?? '')
      ? (m.videoStatus as AdminModule['videoStatus'])
      : null,
    videoError: m.videoError ?? null,
    videoDurationSeconds:
      m.videoDurationSeconds === null || m.videoDurationSeconds === undefined ? null : Number(m.videoDurationSeconds),
    captionsUrl: m.captionsUrl ?? null,
    topics: Array.isArray(m.topics) ? m.topics : [],
    published: !!m.published,
    releaseAfterDays: Number(m.releaseAfterDays ?? 0),
    createdAt: iso(m.createdAt)!,
    updatedAt: iso(m.updatedAt)!,
  };
}

export function toAdminAuditEntry(a: AuditLog): AdminAuditEntry {
  return {
    id: a.id,
    actorId: a.actorId,
    actorEmail: a.actorEmail,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    before: a.before ?? null,
    after: a.after ?? null,
    createdAt: iso(a.createdAt)!,
  };
}
