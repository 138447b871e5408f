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
}

/** GET /api/membership */
export interface MembershipResponse {
  memberships: MembershipView[];
}
