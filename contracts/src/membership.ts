import type { CatalogId } from './catalog';

/** The reminder mail goes out this many days before a membership period ends (once per period). */
export const MEMBERSHIP_REMINDER_DAYS = 14;

/** A membership the signed-in student has (VIP): its access period as the dashboard shows it. */
export interface MembershipView {
  productId: CatalogId;
  title: string;
  /** When the running membership began (the first of its back-to-back periods). */
  startsAt: string;
  /** When access ends (the last paid period's end). */
  endsAt: string;
  /** Whole days left (0 once it has ended). */
  daysLeft: number;
  active: boolean;
  /** The checkout that renews it (from `endsAt`, not from the day of payment). */
  renewPath: string;
  /** The members' community link (null once the period has ended). */
  communityUrl: string | null;
  /** Whether the membership renews by itself (docs/decisions.md "Memberships"): a subscription that is not cancelled. */
  renews: boolean;
  /** When the next renewal is charged (null when it does not renew). */
  renewsAt: string | null;
  /** How a renewal is paid (null without a subscription that renews). */
  renewalMethod: RenewalMethod | null;
  /** What the next renewal charges, øre (null when it does not renew). */
  renewalPriceOre: number | null;
  /** The subscription, renewing or cancelled while the period runs; null without one. */
  subscription: MembershipSubscriptionView | null;
  /** The receipts of the membership's periods (every renewal), newest first. */
  receipts: MembershipReceiptView[];
}

/** How an automatic renewal is paid: a card (Stripe subscription) or a Vipps Recurring agreement. */
export type RenewalMethod = 'card' | 'vipps';

/** active: renews; past_due: the last charge failed (grace until graceEndsAt); ended: renews no more. */
export type SubscriptionStatus = 'pending' | 'active' | 'past_due' | 'ended';

export interface MembershipSubscriptionView {
  method: RenewalMethod;
  status: SubscriptionStatus;
  /** «Si opp» was chosen: the period runs to its end, then the membership ends. */
  cancelAtPeriodEnd: boolean;
  /** «Slå på fornyelse igjen» is offered (cancelled while the period still runs). */
  canResume: boolean;
  /** The last charge failed: access is kept until this time while the card is fixed. */
  graceEndsAt: string | null;
  /** The card can be changed in Stripe's customer portal (card subscriptions). */
  canChangeCard: boolean;
}

/** A receipt of a membership's payment (the first period or a renewal). */
export interface MembershipReceiptView {
  orderId: number;
  number: number;
  issuedAt: string;
  totalOre: number;
  /** The PDF (same site). */
  pdfPath: string;
}

/** POST /api/membership/portal-session: Stripe's customer portal for the member's card. */
export interface MembershipPortalResponse {
  url: string;
}

/** GET /api/membership */
export interface MembershipResponse {
  memberships: MembershipView[];
}
