import type { ReceiptLine } from '@academy/contracts';
import { allocate, creditLines, receiptLines, type CourseVat } from './vat-lines';

/** A small seeded generator (mulberry32), so a failure repeats. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sum = (lines: ReceiptLine[], key: keyof Pick<ReceiptLine, 'totalOre' | 'amountExclVatOre' | 'vatOre'>) =>
  lines.reduce((a, l) => a + l[key], 0);

function expectConsistent(lines: ReceiptLine[], total: number): void {
  expect(lines.length).toBeGreaterThan(0);
  expect(sum(lines, 'totalOre')).toBe(total);
  for (const l of lines) {
    expect(Number.isInteger(l.totalOre) && l.totalOre >= 0).toBe(true);
    expect(l.amountExclVatOre + l.vatOre).toBe(l.totalOre);
    if (l.treatment === 'standard') expect(Math.abs(l.amountExclVatOre * 1.25 - l.totalOre)).toBeLessThanOrEqual(0.625);
    else expect(l.vatOre).toBe(0);
  }
  expect(new Set(lines.map((l) => l.treatment)).size).toBe(lines.length);
}

describe('MVA lines of receipts and credit notes', () => {
  it('standard, exempt, split and outside the register', () => {
    expect(receiptLines(199700, 199700, { treatment: 'standard', exemptOre: null }, true)).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 159760, vatOre: 39940, totalOre: 199700 },
    ]);
    expect(receiptLines(199700, 199700, { treatment: 'exempt', exemptOre: null }, true)).toEqual([
      { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 199700, vatOre: 0, totalOre: 199700 },
    ]);
    expect(receiptLines(499700, 499700, { treatment: 'split', exemptOre: 200000 }, true)).toEqual([
      { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 239760, vatOre: 59940, totalOre: 299700 },
      { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 200000, vatOre: 0, totalOre: 200000 },
    ]);
    expect(receiptLines(199700, 199700, { treatment: 'split', exemptOre: 100000 }, false)).toEqual([
      { treatment: 'not_registered', vatRatePercent: 0, amountExclVatOre: 199700, vatOre: 0, totalOre: 199700 },
    ]);
  });

  it('a campaign code reduces both lines of a split in proportion', () => {
    // 4 997 kr with 2 000 kr exempt, 10 % off: 4 497,30 kr, of which 1 800 kr exempt.
    const lines = receiptLines(449730, 499700, { treatment: 'split', exemptOre: 200000 }, true);
    expect(lines.map((l) => [l.treatment, l.totalOre])).toEqual([
      ['standard', 269730],
      ['exempt', 180000],
    ]);
  });

  it('largest remainder: the shares add up, the øre left over go to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [1, 2])).toEqual([3, 7]);
    expect(allocate(5, [0, 0])).toEqual([5, 0]);
  });

  it('property: over random prices, campaign codes, upgrade credits and refunds, the lines add up to the total', () => {
    const rnd = seeded(20261128);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    for (let i = 0; i < 2000; i++) {
      const price = int(1, 2_000_000);
      const credit = rnd() < 0.4 ? int(0, price) : 0;
      const afterCredit = price - credit;
      // A campaign code: a percentage or a fixed amount off what is left.
      const discount = rnd() < 0.5 ? Math.round((afterCredit * int(0, 100)) / 100) : Math.min(afterCredit, int(0, 500_000));
      const total = afterCredit - discount;
      const treatment = (['standard', 'exempt', 'split'] as const)[int(0, 2)];
      const vat: CourseVat = { treatment, exemptOre: treatment === 'split' ? int(1, price + 1000) : null };
      const registered = rnd() < 0.85;
      const lines = receiptLines(total, price, vat, registered);
      expectConsistent(lines, total);
      if (!registered) expect(lines.map((l) => l.treatment)).toEqual(['not_registered']);
      // Refunds: one or more partial refunds up to the total, each credit note adds up to its amount.
      let left = total;
      while (left > 0) {
        const refund = rnd() < 0.3 ? left : int(1, left);
        const credit = creditLines(lines, refund);
        expectConsistent(credit, refund);
        for (const l of credit) expect(lines.map((r) => r.treatment)).toContain(l.treatment);
        left -= refund;
      }
      // A full refund gives back exactly the receipt's lines.
      expect(creditLines(lines, total)).toEqual(
        lines.filter((l) => l.totalOre > 0).length ? lines.filter((l) => l.totalOre > 0) : lines.slice(0, 1),
      );
    }
  });
});
