import type { OrderStatus, Role } from './api';
import type { CatalogId, PaymentMethod, PlayerCourseId } from './catalog';
import type { MuxVideoStatus, VideoProvider } from './video';
import type { VatTreatment } from './receipts';
import type { RenewalMethod, SubscriptionStatus } from './membership';
import type { AdminReminderFigures, AdminVipFigures } from './checkout-reminders';

/** Shapes of the admin API (`/api/admin/*`, ra-data-simple-rest dialect), shared with the admin app. */

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded'];

/** Orders that were paid at some point: "har kjøpt" and the purchase step of the funnel. */
export const BOUGHT_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** The money-back guarantee, in days after payment. */
export const GUARANTEE_DAYS = 30;

/** A YouTube video id: 11 characters of A–Z, a–z, 0–9, - and _. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

export const AUDIT_ACTIONS = [
  'lead.update',
  /** The mentor deleted every lead of an address (and its funnel row, consent and mails). */
  'lead.delete',
  'user.create',
  'grant.create',
  'grant.revoke',
  'grant.membership.end',
  'order.refund',
  /** The mentor marked a renewal payment under review as handled (refunded at the provider or granted by hand). */
  'payment_review.resolve',
  'course.update',
  'module.create',
  'module.update',
  'module.delete',
  /** The mentor started a Mux upload for a module; Mux's webhook later marks the video ready or failed. */
  'module.video_upload',
  'module.video_ready',
  'module.video_errored',
  /** The mentor saved a module's captions (corrected, uploaded or approved). */
  'module.captions_update',
  /** Mux's generated captions for a module's video arrived. */
  'module.captions_generated',
  /** The mentor saved a module's quiz (new or changed questions, pass mark). */
  'quiz.put',
  /** The mentor removed a module's quiz and its attempts. */
  'quiz.delete',
  'settings.update',
  'grant.release',
  'grant.mentorship.extend',
  /** The mentor lengthened a VIP period. */
  'grant.membership.extend',
  /** The mentor ended a VIP period before its end. */
  'grant.membership.stop',
  /** The mentor changed a student's name or notes, or asked for a new e-mail address. */
  'user.update',
  /** The student confirmed the new e-mail address the mentor entered. */
  'user.email_change',
  /** The old address stopped an e-mail change that was waiting (the link in the notice mailed to it). */
  'user.email_change_stop',
  /** The mentor mailed a student a new sign-in link. */
  'user.signin_link',
  'certificate.revoke',
  'campaign_code.create',
  'campaign_code.update',
  'campaign_code.delete',
  'live_session.create',
  'live_session.update',
  'live_session.cancel',
  'broadcast.created',
  'broadcast.updated',
  'broadcast.test_sent',
  'broadcast.scheduled',
  'broadcast.sent',
  'broadcast.cancelled',
  'sequence.created',
  'sequence.updated',
  'question.answer',
  'question.answer_edit',
  'question.update',
  'question.delete',
  'mentor_thread.answer',
  'mentor_thread.status',
  'account.deleted_by_user',
  /** The mentor compared a student's Discord roles with their access and repaired them ("synkroniser nå"). */
  'user.discord_sync',
  /** Written by the e-mail normalisation migration: this account's address now names another account. */
  'user.email-duplicate',
  /** «Si opp» / «Slå på fornyelse igjen»: the member (or the mentor) stopped or resumed a membership's automatic renewal. */
  'subscription.cancel',
  'subscription.resume',
  /** Regnskap: a failed Fiken posting back in the queue («Prøv igjen»). */
  'fiken.retry',
  /** Regnskap: documents from before Fiken was set up queued for posting. */
  'fiken.backfill',
  /** «Partnere»: the mentor added a partner (affiliate) with codes and commission terms. */
  'partner.create',
  /** «Marker som utbetalt»: the partner's approved commissions paid out (date and bank reference). */
  'partner.payout',
  /** The partner's name and address erased (at once, or at the payout that settles what was owed). */
  'partner.erase',
  /** The mentor asked to erase a partner with unpaid commission: it happens at the payout. */
  'partner.erase_requested',
  /** An order paid with a partner's code (or a renewal, «også fornyelser») earned a commission. */
  'partner.commission_earned',
  /** A refund within the guarantee reduced or voided a partner's commission. */
  'partner.commission_refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AdminAttribution {
  trafficSource: string | null;
  landingPath: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}

export interface AdminLead extends AdminAttribution {
  id: number;
  email: string;
  courseType: string;
  source: string;
  userId: number | null;
  contacted: boolean;
  note: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
  /** An account exists for this e-mail. */
  hasAccount: boolean;
  /** That account (the linked one, else the one with this e-mail). */
  accountId: number | null;
  /** This e-mail (or its account) has an order that was paid. */
  hasBought: boolean;
  /** When mail to this address last bounced for good (it does not exist or takes no mail); null when it takes mail. */
  mailBouncedAt?: string | null;
}

/** DELETE /api/admin/leads/:id: what went with the address (every lead of it, its funnel row, consent and mails). */
export interface AdminLeadDeleted {
  id: number;
  leadsRemoved: number;
  marketingRemoved: number;
  emailsRemoved: number;
}

/** POST /api/admin/leads/contacted: how many of the chosen leads changed. */
export interface AdminLeadsContacted {
  updated: number;
}

export interface AdminGrant {
  id: number;
  userId: number;
  courseId: string;
  /** `included`: opened by a grant of a larger product (Accelerator opens Foundation); it ends with that grant. */
  source: 'purchase' | 'free' | 'manual' | 'included';
  orderId: number | null;
  note: string | null;
  grantedBy: number | null;
  grantedAt: string;
  revokedAt: string | null;
  revokedBy: number | null;
  active: boolean;
  /** Drip release: every module opened early for this grant (null: the modules open on their own schedule). */
  releasedEarlyAt: string | null;
  /** The end of the grant's mentorship period (null: the course has none). */
  mentorshipEndsAt: string | null;
  /** For an included grant: the grant that opened it (revoke that one; this one cannot be revoked on its own). */
  includedByGrantId: number | null;
  /** For an included grant: the course id of the product that includes it (e.g. `accelerator`). */
  includedBy: string | null;
  /** A membership's grant (VIP): when its access period ends (null: owned for life). */
  accessEndsAt: string | null;
  /** True for a membership's own grant (VIP): it has a period, no mentorship and no drip release. */
  membership: boolean;
}

export interface AdminUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  passwordSet: boolean;
  trafficSource: string | null;
  createdAt: string;
  /** Active grants: the courses and VIP, in catalogue order. */
  courses: CatalogId[];
}

export interface AdminCourseProgress {
  courseId: PlayerCourseId;
  title: string;
  completed: number;
  total: number;
  percent: number;
  currentModule: number;
  lastUpdated: string | null;
}

export interface AdminRefund {
  id: number;
  orderId: number;
  amountOre: number;
  reason: string;
  status: string;
  stripeRefundId: string | null;
  createdBy: number | null;
  createdAt: string;
}

export interface AdminOrder {
  id: number;
  userId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  courseId: string;
  amountOre: number;
  refundedOre: number;
  currency: string;
  paymentMethod: PaymentMethod;
  provider: 'stripe' | 'vipps' | 'demo';
  status: OrderStatus;
  providerReference: string | null;
  stripePaymentIntentId: string | null;
  trafficSource: string | null;
  createdAt: string;
  paidAt: string | null;
  /** Whole days since payment; null when never paid. */
  daysSincePurchase: number | null;
  /** Paid and still inside the 30-day money-back guarantee. */
  withinGuarantee: boolean;
  guaranteeEndsAt: string | null;
  /**
   * What can still be refunded on its own: what is left, less what serves as the credit of a paid
   * upgrade (`creditTiedOre`; that part is refunded only together with the upgrade).
   */
  refundableOre: number;
  /** The campaign code the order used (upper case), and what it took off; null / 0 without one. */
  campaignCode: string | null;
  discountOre: number;
  /** An upgrade: what was credited for the course it upgrades from (øre; 0 for every other order). */
  upgradeCreditOre: number;
  /** The paid order whose money that credit is (null without a credit). */
  upgradeFromOrderId: number | null;
  /** Of this order's money, what is the credit of a paid upgrade (øre; 0 when none). */
  creditTiedOre: number;
  /** The paid upgrade holding that credit (null when none). */
  creditTiedToOrderId: number | null;
  /**
   * Refunding this order together with that upgrade (`withUpgrade`): what both return in all, the
   * upgrade's remainder and this order's (øre; 0 when no upgrade holds a credit of it).
   */
  refundWithUpgradeOre: number;
  /**
   * How a Vipps payment that never went through ended, from Vipps' own event: the buyer rejected
   * it in the app (`aborted`), it ran out of time (`expired`), or was cancelled or terminated.
   * Null when the provider said nothing of it (every Stripe order, every paid one).
   */
  closedAs?: OrderClosing | null;
  /**
   * Why a payment was refused when it landed (the buyer owned the course already, the code was used
   * up, the upgrade credit was gone): it gave nothing and is refunded in full; null for every other order.
   */
  refusal: 'already_owned' | 'code_used_up' | 'upgrade_credit_gone' | null;
}

/** How a provider ended a payment that was never made (Vipps' ABORTED, EXPIRED, CANCELLED, TERMINATED). */
export const ORDER_CLOSINGS = ['aborted', 'expired', 'cancelled', 'terminated'] as const;
export type OrderClosing = (typeof ORDER_CLOSINGS)[number];

/** A receipt or credit note of an order, as the order page links to it. */
export interface AdminOrderDocument {
  kind: 'receipt' | 'credit_note';
  number: number;
  issuedAt: string;
  totalOre: number;
  /** The PDF (GET, the admin's session). */
  pdfUrl: string;
}

export interface AdminOrderDetail extends AdminOrder {
  attribution: AdminAttribution;
  termsAcceptedAt: string | null;
  /** The risk acknowledgement at checkout, with its text's version (null for older orders). */
  riskAcceptedAt: string | null;
  riskTextVersion: string | null;
  updatedAt: string;
  refunds: AdminRefund[];
  /** The receipt, then the credit notes, by number (none before the order is paid). */
  documents: AdminOrderDocument[];
  /** The buyer's receipt page on the site (/kvittering/:id). */
  receiptPageUrl: string | null;
}

export interface AdminUserDetail extends AdminUser {
  attribution: AdminAttribution;
  updatedAt: string;
  passwordChangedAt: string | null;
  grants: AdminGrant[];
  orders: AdminOrder[];
  progress: AdminCourseProgress[];
  /** The newest {@link STUDENT_LEADS_SHOWN} leads of the account or its address. */
  leads: AdminLead[];
  /** How many leads it has in all (the panel says so when `leads` shows fewer). */
  leadsTotal: number;
  /** The mentor's notes on the student. */
  adminNote: string | null;
  /** A new address the mentor entered, until the student confirms it by the mailed link. */
  pendingEmail: string | null;
  /** When mail to the student's address last bounced for good; null when it takes mail. */
  mailBouncedAt?: string | null;
  /** The student's newest VIP subscription (automatic renewal), running or ended; null when none was paid. */
  subscription: AdminSubscription | null;
}

/** A membership's automatic renewal as the student's page in the panel shows it («VIP-abonnement»). */
export interface AdminSubscription {
  id: number;
  productId: string;
  method: RenewalMethod;
  status: SubscriptionStatus;
  /** What each renewal charges (øre). */
  priceOre: number;
  /** The end of the paid period (ISO). */
  currentPeriodEnd: string | null;
  /** When the next renewal is charged: the period's end while it renews; null when it does not. */
  nextChargeAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** Failed renewal charges in a row. */
  failedAttempts: number;
  /** After a failed charge: access is kept until then. */
  graceEndsAt: string | null;
  endedAt: string | null;
  createdAt: string;
  /** «Stopp fornyelse» is possible: it is running and still renews. */
  canStopRenewal: boolean;
}

/** The overview's counts of automatic renewals, at the time asked (not the stats period). */
export interface AdminSubscriptionCounts {
  /** Members whose membership renews by itself (running, not cancelled). */
  renewing: number;
  /** Of those, the ones whose renewal is charged in the next 30 days. */
  dueNext30Days: number;
  /** Subscriptions that ended (lapsed, refunded or ended at the provider) in the last 30 days. */
  endedLast30Days: number;
}

/** How many of a student's leads the student page carries (the newest); the lead list has them all. */
export const STUDENT_LEADS_SHOWN = 50;

/** POST /api/admin/users: the new student and a one-time sign-in link for the mentor to send. */
export interface AdminCreatedStudent extends AdminUser {
  loginUrl: string;
  loginUrlExpiresAt: string;
}

export interface AdminCourse {
  id: PlayerCourseId;
  title: string;
  description: string;
  sortOrder: number;
  published: boolean;
  moduleCount: number;
  publishedModuleCount: number;
  /** Months of mentorship a grant of the course carries (0: none). */
  mentorshipMonths: number;
  /** Launch seats left (see CatalogItem.launchSeatsLeft); null for courses not sold by checkout. */
  launchSeatsLeft: number | null;
  /** MVA treatment (docs/decisions.md "MVA"). */
  vatTreatment: VatTreatment;
  /** `split`: the exempt part of the price, øre (null otherwise). */
  vatExemptOre: number | null;
  updatedAt: string;
}

export interface AdminModule {
  id: number;
  courseId: PlayerCourseId;
  position: number;
  title: string;
  description: string;
  durationMinutes: number;
  /** Which service plays the module's video. */
  videoProvider: VideoProvider;
  /** The providers the panel may offer for it: Mux only when set up on the server (or already in use). */
  videoProviders: VideoProvider[];
  /** The YouTube id (provider `youtube`). */
  videoId: string | null;
  /** The Mux playback id (signed policy) of the ready video (provider `mux`). */
  muxPlaybackId: string | null;
  /** The Mux direct upload in progress or last made. */
  muxUploadId: string | null;
  /** Where the Mux video is; null before any upload. */
  videoStatus: MuxVideoStatus | null;
  /** Why Mux could not take the last upload (status `errored`). */
  videoError: string | null;
  /** The ready Mux video's length in whole seconds. */
  videoDurationSeconds: number | null;
  /** A WebVTT captions file the Mux player offers (https, .vtt). */
  captionsUrl: string | null;
  topics: string[];
  published: boolean;
  /** Drip release: days after the student's grant before the module opens (0: at once). */
  releaseAfterDays: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminSettings {
  id: 'site';
  videoOverlayText: string;
  /** Where mentorship students book a session (null: they write to the contact mailbox). */
  mentorBookingUrl: string | null;
  /** The pages show the number of students only from this many on (default 20). */
  studentCountThreshold: number;
}

export interface AdminAuditEntry {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** GET /api/admin/work-queue: what waits for the mentor (the overview's cards and the menu's badges). */
export interface AdminWorkQueue {
  unansweredQuestions: number;
  waitingThreads: number;
  failedMails: number;
  /** Payments refused when they landed whose refund has not gone through yet. */
  refusalsAwaitingRefund: number;
  /** Renewal payments that matched no subscription or not the agreed price: nothing renewed, the mentor decides. */
  paymentsToReview: number;
}

/** Why a renewal payment waits for the mentor instead of renewing. */
export type PaymentReviewReason = 'unknown_subscription' | 'unknown_charge' | 'amount_mismatch';

/** GET /api/admin/payment-reviews: the open ones, newest first, each with what came in and what was agreed. */
export interface AdminPaymentReview {
  id: number;
  provider: 'stripe' | 'vipps';
  /** Stripe's invoice (in_…) or the Vipps charge. */
  reference: string;
  reason: PaymentReviewReason;
  providerSubscriptionId: string | null;
  subscriptionId: number | null;
  email: string | null;
  amountOre: number | null;
  currency: string;
  expectedOre: number | null;
  expectedCurrency: string | null;
  createdAt: string;
  /** What happened and what the mentor can do, in Norwegian. */
  text: string;
}

/** Funnel variants on the dashboard; `ukjent` is traffic without a remembered variant. */
export const STATS_VARIANTS = ['A', 'B', 'C', 'D', 'starter', 'ukjent'] as const;
export type StatsVariant = (typeof STATS_VARIANTS)[number];

export type LeadsPerDay = { date: string } & Record<StatsVariant, number>;

export interface FunnelRow {
  variant: StatsVariant;
  /** Distinct e-mails that left a lead in the period. */
  leads: number;
  /** Of those, how many have an account. */
  accounts: number;
  /** Of those, how many have a paid order. */
  buyers: number;
  /** Paid revenue in the period from orders attributed to this variant (øre, before refunds). */
  revenueOre: number;
}

export interface WeekMoney {
  /** Monday, `YYYY-MM-DD`. */
  weekStart: string;
  /** `2025-U07`. */
  week: string;
  revenueOre: number;
  refundsOre: number;
  orders: number;
}

/** GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD */
export interface AdminStats {
  from: string;
  to: string;
  leadsPerDay: LeadsPerDay[];
  funnel: FunnelRow[];
  revenuePerWeek: WeekMoney[];
  totals: { leads: number; accounts: number; buyers: number; revenueOre: number; refundsOre: number };
  latestLeads: AdminLead[];
  latestOrders: AdminOrder[];
  subscriptions: AdminSubscriptionCounts;
  /** Automatic VIP renewals now, per method too; each figure's list is the order list's `vip` filter. */
  vip: AdminVipFigures;
  /** Checkout reminders of checkouts started in the period; each figure's list is the order list's `reminder` filter. */
  reminders: AdminReminderFigures;
}
