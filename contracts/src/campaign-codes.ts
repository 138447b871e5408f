/**
 * Campaign codes: the mentor makes them in the admin panel, the buyer types one on the checkout page
 * (or follows `/bestill?kode=…`), and the server prices it. Money in øre.
 */

/**
 * How a code is written: 3–40 letters (Æ, Ø and Å included), digits, '-' or '_'. Compared without
 * regard to case (stored in upper case, compared byte for byte, so Å is never A).
 */
export const CAMPAIGN_CODE_PATTERN = /^[A-Za-z0-9ÆØÅæøå][A-Za-z0-9ÆØÅæøå_-]{2,39}$/;
export const CAMPAIGN_CODE_MAX_LENGTH = 40;

/**
 * The lowest price a code can bring a course down to: Stripe's minimum charge in NOK (3 kr). A code
 * never makes a course free; a larger discount is cut to leave this.
 */
export const MIN_DISCOUNTED_PRICE_ORE = 300;

/** The one normal form of a code (trimmed, upper case). */
export function normalizeCampaignCode(code: string): string {
  return code.trim().toUpperCase();
}

/** GET /api/campaign-codes/:code?courseId= */
export interface CampaignCodeQuote {
  code: string;
  courseId: string;
  /** What the buyer pays with the code (incl. MVA). */
  priceOre: number;
  /** How much the code takes off the current price. */
  discountOre: number;
}

/** /api/admin/campaign-codes (ra-data-simple-rest). Exactly one of percentOff and amountOffOre is set. */
export interface AdminCampaignCode {
  id: number;
  code: string;
  percentOff: number | null;
  amountOffOre: number | null;
  /** Courses (sold by checkout) the code applies to. */
  courseIds: string[];
  validFrom: string | null;
  validTo: string | null;
  /** Paid orders the code may be used on; null = no limit. */
  maxUses: number | null;
  /** Paid orders that used it. */
  uses: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/campaign-codes/:id/orders: the orders made with the code, newest first. */
export interface AdminCampaignCodeOrder {
  id: number;
  email: string;
  name: string | null;
  courseId: string;
  status: string;
  /** What was charged, and what the code took off (øre). */
  amountOre: number;
  discountOre: number;
  createdAt: string;
  paidAt: string | null;
}
