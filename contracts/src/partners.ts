/**
 * Partners (affiliates): people the mentor adds in the panel («Partnere»), each with campaign codes of
 * their own and a commission on the orders paid with them. Money in øre. docs/decisions.md "Partners".
 */

/**
 * A commission's state. `pending` while the buyer's guarantee runs (GUARANTEE_DAYS after payment),
 * `approved` after it, `void` when the order was refunded in full within it, `paid` once paid out.
 */
export type CommissionStatus = 'pending' | 'approved' | 'void' | 'paid';

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: 'Venter (angrefrist/garanti)',
  approved: 'Godkjent',
  void: 'Annullert (refundert)',
  paid: 'Utbetalt',
};

/** The highest commission in percent (basis points: 10 000 = 100 %). */
export const MAX_COMMISSION_PERCENT = 100;

export interface PartnerTotals {
  pendingOre: number;
  approvedOre: number;
  paidOre: number;
}

/** POST /api/admin/partners. Exactly one of commissionPercent and commissionOre. */
export interface CreatePartnerRequest {
  name: string;
  email: string;
  /** Percent of what the buyer paid after discounts (up to two decimals). */
  commissionPercent?: number;
  /** A fixed amount per order (øre). */
  commissionOre?: number;
  /** Campaign codes that exist in «Kampanjekoder»; each belongs to one partner. */
  codes: string[];
  /** «også fornyelser»: VIP renewals earn commission too (otherwise the first year only). */
  includeRenewals?: boolean;
}

/** /api/admin/partners (list rows and the record). */
export interface AdminPartner {
  id: number;
  name: string | null;
  email: string | null;
  commissionPercent: number | null;
  commissionOre: number | null;
  includeRenewals: boolean;
  codes: string[];
  totals: PartnerTotals;
  /** Clicks on the partner's links, all days. */
  clicks: number;
  createdAt: string;
  /** The partner was erased (name and address gone; the ledger stays for the books). */
  erasedAt: string | null;
  /** Erasure was asked for while commission was unpaid: it happens at the payout. */
  eraseAfterPayout: boolean;
}

export interface AdminPartnerCommission {
  id: number;
  orderId: number;
  courseId: string;
  code: string | null;
  /** `sale` (the partner's code), `renewal` (a VIP renewal of a buyer the partner brought, «også fornyelser»). */
  kind: 'sale' | 'renewal';
  /** What the buyer paid for the order (øre). */
  baseOre: number;
  amountOre: number;
  status: CommissionStatus;
  /** When the guarantee ends and the commission is approved. */
  approvesAt: string;
  payoutId: number | null;
  createdAt: string;
}

export interface AdminPartnerPayout {
  id: number;
  partnerId: number;
  /** The day the money was paid (YYYY-MM-DD). */
  paidAt: string;
  reference: string;
  totalOre: number;
  commissions: number;
  createdAt: string;
}

/** GET /api/admin/partners/:id */
export interface AdminPartnerDetail extends AdminPartner {
  commissions: AdminPartnerCommission[];
  payouts: AdminPartnerPayout[];
}

/** POST /api/admin/partners/:id/payouts: pays every approved commission of the partner. */
export interface CreatePartnerPayoutRequest {
  /** YYYY-MM-DD */
  paidAt: string;
  reference: string;
}

/** GET /api/admin/partner-payouts: approved commission waiting, per partner («Utbetalinger»). */
export interface AdminPayoutDue {
  /** The partner's id (ra-data-simple-rest needs `id`). */
  id: number;
  name: string | null;
  email: string | null;
  approvedOre: number;
  commissions: number;
}

/** GET /api/partners/codes/:code: the partner behind a code, as the checkout names them. */
export interface PartnerCodeInfo {
  code: string;
  partnerName: string;
}

/** GET /api/partner/overview: the signed-in partner's page. No buyer's name or address. */
export interface PartnerOverview {
  name: string;
  codes: string[];
  commissionPercent: number | null;
  commissionOre: number | null;
  includeRenewals: boolean;
  totals: PartnerTotals;
  clicksPerDay: Array<{ day: string; clicks: number }>;
  orders: Array<{
    orderId: number;
    courseId: string;
    /** When the order was paid (ISO). */
    date: string;
    /** What the buyer paid (øre). */
    amountOre: number;
    commissionOre: number;
    status: CommissionStatus;
  }>;
  payouts: Array<{ id: number; paidAt: string; reference: string; totalOre: number }>;
}

/** The storefront's `?partner=KODE` and `/p/KODE`. */
export const PARTNER_QUERY_PARAM = 'partner';

/** The account export's `partner` section (GDPR Art. 15/20). */
export interface PartnerExport {
  name: string | null;
  email: string | null;
  commissionPercent: number | null;
  commissionOre: number | null;
  includeRenewals: boolean;
  codes: string[];
  createdAt: string;
  commissions: Array<{ orderId: number; amountOre: number; status: CommissionStatus; createdAt: string }>;
  payouts: Array<{ paidAt: string; reference: string; totalOre: number }>;
}

/** The account export's `partner` section (GDPR Art. 15/20). */
export interface PartnerExport {
  name: string | null;
  email: string | null;
  commissionPercent: number | null;
  commissionOre: number | null;
  includeRenewals: boolean;
  codes: string[];
  createdAt: string;
  commissions: Array<{ orderId: number; amountOre: number; status: CommissionStatus; createdAt: string }>;
  payouts: Array<{ paidAt: string; reference: string; totalOre: number }>;
}
