import type { AdminPartnerPayout, PartnerTotals } from '@academy/contracts';
import { statusAt } from './commission-rules';
import type { PartnerCommission } from './entities/partner-commission.entity';
import type { PartnerPayout } from './entities/partner-payout.entity';
import type { Partner } from './entities/partner.entity';

export const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
/** The partner's percent (basis points stored), or null for a fixed amount. */
export const percentOf = (p: Partner): number | null => (p.commissionBp === null ? null : p.commissionBp / 100);

/** Pending, approved and paid commission at `now` (void counts nowhere). */
export function totalsOf(rows: Array<Pick<PartnerCommission, 'status' | 'approvesAt' | 'amountOre'>>, now: Date): PartnerTotals {
  const t: PartnerTotals = { pendingOre: 0, approvedOre: 0, paidOre: 0 };
  for (const r of rows) {
    const s = statusAt(r, now);
    if (s === 'pending') t.pendingOre += r.amountOre;
    else if (s === 'approved') t.approvedOre += r.amountOre;
    else if (s === 'paid') t.paidOre += r.amountOre;
  }
  return t;
}

export function toPayout(p: PartnerPayout): AdminPartnerPayout {
  return {
    id: p.id,
    partnerId: p.partnerId,
    paidAt: p.paidOn,
    reference: p.reference,
    totalOre: p.totalOre,
    commissions: p.commissions,
    createdAt: new Date(p.createdAt).toISOString(),
  };
}
