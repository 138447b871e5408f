import type { SellerInfo, VatTreatment } from './receipts';
import type { CatalogId, PaymentMethod, PlayerCourseId, TrafficSource } from './catalog';
import type { DiscordStatus } from './discord';

/** Every error the API answers has this shape. `message` is the Norwegian text a page shows. */
export interface ApiError {
  statusCode: number;
  message: string;
  code: ErrorCode;
}

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TOTP_ENROLMENT_REQUIRED',
  'REAUTH_REQUIRED',
  'TOTP_LOCKED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_OWNED',
  'ALREADY_RENEWING',
  'MODULE_LOCKED',
  'NAME_REQUIRED',
  'TOO_MANY_REQUESTS',
  'INVALID_COURSE',
  'CAMPAIGN_CODE_UNUSABLE',
  'INVALID_TOKEN',
  'PASSWORD_RULE',
  'PASSWORD_MISMATCH',
  'WRONG_PASSWORD',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_UNCHANGED',
  'CLAIM_REQUIRED',
  'ACCOUNT_SWITCH',
  'PAYMENT_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
  'INVALID_SIGNATURE',
  'INVALID_CAPTIONS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type Role = 'student' | 'admin';

/** GET /api/auth/me */
export interface MeResponse {
  id: number;
  email: string;
  role: Role;
  courses: PlayerCourseId[];
  /**
   * Courses in `courses` the account has only because a larger product includes them (COURSE_INCLUSIONS),
   * with that product's id: `{ foundation: 'accelerator' }`.
   */
  includedBy: Partial<Record<PlayerCourseId, CatalogId>>;
  passwordSet: boolean;
  /** The owner has used a mailed one-time link (or reset the password): only then can a first password be set. */
  claimed: boolean;
  /** The names the account was given (at its first purchase, say): the order form fills them in. */
  firstName?: string | null;
  lastName?: string | null;
  createdAt: string;
  /** The private Discord: whether the site has it, and the account's link. */
  discord: DiscordStatus;
  /** «Logg inn med Vipps»: the account's Vipps identity is linked (false where the site has no Vipps sign-in). */
  vippsLinked: boolean;
}

export interface CatalogItem {
  id: CatalogId;
  kind: 'course' | 'series';
  title: string;
  description: string;
  shortDescription: string;
  features: string[];
  priceOre: number;
  beforePriceOre: number | null;
  discountOre: number;
  valueOre: number | null;
  soldByCheckout: boolean;
  popular: boolean;
  color: string;
  icon: string;
  /** Published modules (player courses only; 0 for series). */
  moduleCount: number;
  /** The published modules' titles in the player's order: the pages list these, so they say what the player says. */
  moduleTitles: string[];
  /**
   * Launch seats left: while above 0 the launch price (priceOre, beside beforePriceOre) holds; at 0 the
   * before-price has become priceOre and beforePriceOre is null. Null for courses not sold by checkout.
   */
  launchSeatsLeft: number | null;
  /** The course's MVA treatment (docs/decisions.md "MVA"): what the pages say beside its price (priceVatWording). */
  vatTreatment: VatTreatment;
}

/** GET /api/catalog */
export interface CatalogResponse {
  currency: 'NOK';
  items: CatalogItem[];
  /** Real number of students who own a paid course. */
  studentCount: number;
  /**
   * The pages show {@link studentCount} only at or above this number (the mentor's setting, default
   * {@link DEFAULT_STUDENT_COUNT_THRESHOLD}); below it they say nothing about how many have started.
   */
  studentCountThreshold: number;
  /** LAUNCH_SEATS: how many students get the launch price of a course ("de første 100"). */
  launchSeats: number;
}

/** Site settings from configuration, handed to the pages. */
export interface SiteSettings {
  siteName: string;
  mentorName: string;
  mentorSlug: string;
  contactEmail: string;
  privacyEmail: string;
  communityUrl: string;
  gaMeasurementId: string | null;
  publicUrl: string;
  videoOverlayText: string;
  demoPayments: boolean;
  /** The payment methods the checkout offers (Vipps only with Vipps keys, or in demo mode). */
  paymentMethods: PaymentMethod[];
  /** «Logg inn med Vipps» is set up (VIPPS_LOGIN_*): its buttons show on the sign-in, sign-up and order pages. */
  vippsLogin: boolean;
  /** SELLER_*: named the same way in the footer, the terms, the privacy page and on receipts. */
  seller: SellerInfo;
  /**
   * Outside production with placeholders in the configuration: the variables not set (SELLER_NAME,
   * SELLER_ORG_NR, SELLER_ADDRESS, CONTACT_EMAIL). Every page then shows a "Testmiljø" banner, and
   * the seller's placeholders are never shown as if real. Null in production and when all are set.
   */
  testEnvironment: { missing: string[] } | null;
}

export interface Attribution {
  trafficSource?: TrafficSource;
  landingPath?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
}

/** POST /api/create-user: never a token; the welcome mail carries the one-time sign-in link. */
export interface CreateUserResponse {
  success: boolean;
  error?: string;
}

/** POST /api/auth/token-login */
export interface TokenLoginRequest {
  token: string;
  /** Signed in as another account: end that session and sign in with the link (otherwise 409 ACCOUNT_SWITCH). */
  switchAccount?: boolean;
  /** The second factor, for an account that has one (otherwise 401 TOTP_REQUIRED and the link stays unused). */
  totp?: string;
}

export interface CheckoutSessionResponse {
  /** Where the browser goes next (Stripe Checkout, or the confirmation page in demo mode). */
  url: string;
  demo?: boolean;
  /**
   * The payment's reference for the confirmation page's status (`/api/checkout/sessions/:reference`):
   * the tab that sent the buyer to the provider can tell, when the buyer comes back to it, whether the
   * payment went through meanwhile (in another tab, or in the Vipps app).
   */
  reference?: string;
}

/**
 * GET /api/checkout/quote?courseId=…[&campaignCode=…]: what the checkout will charge the signed-in
 * student (a visitor gets no upgrade credit). amountOre = priceOre − upgradeCreditOre − discountOre;
 * the campaign code applies after the credit.
 */
export interface CheckoutQuoteResponse {
  courseId: string;
  /** The course's price now (launch price while it holds). */
  priceOre: number;
  /** What the campaign code takes off (after the credit); 0 without a code. */
  discountOre: number;
  /** What the student paid for the course this one upgrades (refunds subtracted); 0 when not an upgrade. */
  upgradeCreditOre: number;
  /** What is charged. */
  amountOre: number;
  /** The course the credit comes from, when there is a credit. */
  upgradeFrom?: string;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded';

export interface CheckoutStatusResponse {
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';
  courseId: string;
  amount: number;
  email: string;
  /** The requester is signed in as the buyer (a new buyer is signed in once, to set a password). */
  signedIn?: boolean;
  /** The printable receipt (`/kvittering/:orderId`), only to the buyer signed in, once the order is paid. */
  receiptPath?: string;
  /** A demo payment (no payment provider configured, outside production): nothing was charged. */
  demo?: boolean;
  /** How the buyer chose to pay. */
  paymentMethod?: PaymentMethod;
  /** The campaign code the order was priced with, if any. */
  campaignCode?: string;
  /**
   * Why a payment that did not go through ended (failed or expired only): the buyer cancelled or
   * rejected it (`aborted`), it timed out at the provider (`expired`), the provider or the shop ended
   * it (`terminated`), or it was declined (`failed`).
   */
  endedBy?: CheckoutEndReason;
  /** The buyer's names as typed, to fill the order form in again (failed or expired only). */
  firstName?: string;
  lastName?: string;
}

export type CheckoutEndReason = 'aborted' | 'expired' | 'terminated' | 'failed';

export type { PaymentMethod };

/** The student count is shown from this many students on, until the mentor sets another threshold. */
export const DEFAULT_STUDENT_COUNT_THRESHOLD = 20;

/** The number of students a page may show, or null while it is below the mentor's threshold (or 0). */
export function shownStudentCount(c: Pick<CatalogResponse, 'studentCount' | 'studentCountThreshold'>): number | null {
  return c.studentCount > 0 && c.studentCount >= c.studentCountThreshold ? c.studentCount : null;
}
