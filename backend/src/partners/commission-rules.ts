import { GUARANTEE_DAYS, type CommissionStatus } from '@academy/contracts';
import type { PartnerCommission } from './entities/partner-commission.entity';

const DAY_MS = 86_400_000;

/** A partner's terms: basis points of what the buyer paid, or a fixed amount per order. */
export interface CommissionTerms {
  commissionBp: number | null;
  commissionOre: number | null;
}

/**
 * What an order earns (docs/decisions.md "Partners"): a percentage of what the buyer paid after every
 * discount (the order's amount, MVA included), rounded to whole øre; or the fixed amount, never more
 * than the buyer paid.
 */
export function commissionFor(terms: CommissionTerms, paidOre: number): number {
  if (paidOre <= 0) return 0;
  if (terms.commissionBp !== null) return Math.round((paidOre * terms.commissionBp) / 10_000);
  return Math.min(terms.commissionOre ?? 0, paidOre);
}

/** The commission left after refunds: in proportion to what the buyer kept; nothing when all went back. */
export function afterRefund(earnedOre: number, paidOre: number, refundedOre: number): number {
  if (paidOre <= 0 || refundedOre >= paidOre) return 0;
  return Math.round((earnedOre * (paidOre - Math.max(0, refundedOre))) / paidOre);
}

/** When the buyer's guarantee ends: the commission is approved from then on. */
export function approvalTime(paidAt: Date): Date {
  return new Date(paidAt.getTime() + GUARANTEE_DAYS * DAY_MS);
}

/** The status as the pages show it: a pending commission whose guarantee has ended is approved. */
export function statusAt(c: Pick<PartnerCommission, 'status' | 'approvesAt'>, now: Date): CommissionStatus {
  if (c.status !== 'pending') return c.status;
  return new Date(c.approvesAt).getTime() <= now.getTime() ? 'approved' : 'pending';
}

/** Whether a refund at `at` still falls within the guarantee (it changes the commission only then). */
export function withinGuarantee(c: Pick<PartnerCommission, 'approvesAt'>, at: Date): boolean {
  return at.getTime() < new Date(c.approvesAt).getTime();
}

/** Percent with up to two decimals → basis points; null when it is not one. */
export function percentToBp(percent: number): number | null {
  const bp = Math.round(percent * 100);
  return Number.isFinite(percent) && Math.abs(bp - percent * 100) < 1e-6 && bp > 0 && bp <= 10_000 ? bp : null;
}
