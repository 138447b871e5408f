/**
 * Catalogue ids and kinds shared by the server and the pages. Prices and texts are served by
 * GET /api/catalog (backend/src/catalog/catalog.data.ts).
 */
export const PLAYER_COURSE_IDS = ['starter', 'foundation', 'accelerator', 'kryptovaluta', 'microkurs', 'temakurs'] as const;
export type PlayerCourseId = (typeof PLAYER_COURSE_IDS)[number];

/** Courses that need ownership (everything in the player except the free starter). */
export const PAID_COURSE_IDS = ['foundation', 'accelerator', 'kryptovaluta', 'microkurs', 'temakurs'] as const;
export type PaidCourseId = (typeof PAID_COURSE_IDS)[number];

/** What the checkout sells (Kryptovaluta only comes with VIP or from the mentor; VIP is a membership). */
export const CHECKOUT_COURSE_IDS = ['foundation', 'accelerator', 'microkurs', 'temakurs', 'vip'] as const;
export type CheckoutCourseId = (typeof CHECKOUT_COURSE_IDS)[number];

/** Products of the crypto series that are not courses in the player (VIP: the membership). */
export const SERIES_IDS = ['vip'] as const;
export type SeriesId = (typeof SERIES_IDS)[number];

export const CATALOG_IDS = [...PLAYER_COURSE_IDS, ...SERIES_IDS] as const;
export type CatalogId = (typeof CATALOG_IDS)[number];

/**
 * Inclusion (docs/decisions.md "Inclusion"): a grant of the key opens the listed courses too,
 * and is revoked with them unless the included course was bought or granted on its own. One line per
 * larger product.
 */
export const COURSE_INCLUSIONS: Readonly<Partial<Record<CatalogId, readonly CatalogId[]>>> = {
  accelerator: ['foundation'],
  vip: ['kryptovaluta', 'microkurs', 'temakurs'],
};

/**
 * Memberships (docs/decisions.md "Memberships"): a grant of the key lasts this many months, then
 * ends with the courses it includes. Buying it again while a period runs extends from that period's
 * end (never automatically). Everything else is owned for life.
 */
export const MEMBERSHIP_MONTHS: Readonly<Partial<Record<CatalogId, number>>> = {
  vip: 12,
};

/** The number of months a grant of `id` lasts, or null for a course owned for life. */
export function membershipMonths(id: string): number | null {
  return isCatalogId(id) ? (MEMBERSHIP_MONTHS[id] ?? null) : null;
}

/**
 * Upgrades for the difference (docs/decisions.md "Upgrades for the difference"): a student who owns the course on
 * the right and buys the one on the left pays its current price minus what they paid for the one they
 * own (refunds subtracted), never below MIN_DISCOUNTED_PRICE_ORE.
 */
export const UPGRADE_FROM: Readonly<Partial<Record<CatalogId, CatalogId>>> = {
  accelerator: 'foundation',
};

/** The courses a grant of `id` opens besides itself (directly included ones). */
export function includedCourses(id: string): readonly CatalogId[] {
  return isCatalogId(id) ? (COURSE_INCLUSIONS[id] ?? []) : [];
}

/** The products whose grant opens `id`. */
export function coursesIncluding(id: string): CatalogId[] {
  return CATALOG_IDS.filter((c) => (COURSE_INCLUSIONS[c] ?? []).includes(id as CatalogId));
}

/** Course types a lead may name. */
export const LEAD_COURSE_TYPES = CATALOG_IDS;
export type LeadCourseType = CatalogId;

/** Traffic sources / funnel variants. */
export const TRAFFIC_SOURCES = ['A', 'B', 'C', 'D', 'starter'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export const PAYMENT_METHODS = ['card', 'vipps', 'klarna'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** "Delbetaling med Klarna" is offered for purchases from this amount (øre): 1 500 kr. */
export const KLARNA_MIN_ORE = 150_000;

export function isCatalogId(v: unknown): v is CatalogId {
  return typeof v === 'string' && (CATALOG_IDS as readonly string[]).includes(v);
}
export function isPlayerCourseId(v: unknown): v is PlayerCourseId {
  return typeof v === 'string' && (PLAYER_COURSE_IDS as readonly string[]).includes(v);
}
export function isPaidCourseId(v: unknown): v is PaidCourseId {
  return typeof v === 'string' && (PAID_COURSE_IDS as readonly string[]).includes(v);
}
export function isCheckoutCourseId(v: unknown): v is CheckoutCourseId {
  return typeof v === 'string' && (CHECKOUT_COURSE_IDS as readonly string[]).includes(v);
}
