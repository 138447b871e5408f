import { afterRefund, approvalTime, commissionFor, percentToBp, statusAt, withinGuarantee } from './commission-rules';

describe('partner commission rules', () => {
  it('a percentage of what the buyer paid, rounded to øre; a fixed amount never above the payment', () => {
    expect(commissionFor({ commissionBp: 1000, commissionOre: null }, 199_700)).toBe(19_970);
    expect(commissionFor({ commissionBp: 1250, commissionOre: null }, 99_900)).toBe(12_488);
    expect(commissionFor({ commissionBp: null, commissionOre: 50_000 }, 199_700)).toBe(50_000);
    expect(commissionFor({ commissionBp: null, commissionOre: 50_000 }, 30_000)).toBe(30_000);
    expect(commissionFor({ commissionBp: 1000, commissionOre: null }, 0)).toBe(0);
  });

  it('a partial refund reduces it in proportion; a full refund leaves nothing', () => {
    expect(afterRefund(20_000, 200_000, 50_000)).toBe(15_000);
    expect(afterRefund(19_970, 199_700, 199_700)).toBe(0);
    expect(afterRefund(19_970, 199_700, 0)).toBe(19_970);
  });

  it('pending for the 30 days of the guarantee, approved from the instant it ends; void and paid stay', () => {
    const paid = new Date('2026-11-01T10:00:00.000Z');
    const approvesAt = approvalTime(paid);
    expect(approvesAt.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    const c = { status: 'pending' as const, approvesAt };
    expect(statusAt(c, new Date(approvesAt.getTime() - 1))).toBe('pending');
    expect(statusAt(c, approvesAt)).toBe('approved');
    expect(statusAt({ status: 'void', approvesAt }, approvesAt)).toBe('void');
    expect(statusAt({ status: 'paid', approvesAt: paid }, paid)).toBe('paid');
    expect(withinGuarantee(c, new Date(approvesAt.getTime() - 1))).toBe(true);
    expect(withinGuarantee(c, approvesAt)).toBe(false);
  });

  it('percent with at most two decimals, above 0 and at most 100', () => {
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(10)).toBe(1000);
    expect(percentToBp(0)).toBeNull();
    expect(percentToBp(100.01)).toBeNull();
    expect(percentToBp(1.234)).toBeNull();
  });
});
