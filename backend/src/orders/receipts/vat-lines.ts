import { splitVat, VAT_RATE_PERCENT, type ReceiptLine, type ReceiptLineTreatment, type VatTreatment } from '@academy/contracts';

/** A course's MVA treatment as the courses table holds it. */
export interface CourseVat {
  treatment: VatTreatment;
  /** `split`: the exempt part of the price (øre). */
  exemptOre: number | null;
}

export const STANDARD_VAT: CourseVat = { treatment: 'standard', exemptOre: null };

/**
 * `total` shared in proportion to `weights`, in whole øre, by largest remainder: each share is the
 * floor of its quota, and the øre left over go one each to the largest remainders (the first on a
 * tie), so the shares add up to `total` exactly. All weights 0: everything to the first.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  const rest = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - shares.reduce((a, s) => a + s, 0);
  rest.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of rest) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** One line of `totalOre` (incl. MVA for a standard line): the net and MVA add up to it. */
export function lineOf(treatment: ReceiptLineTreatment, totalOre: number): ReceiptLine {
  if (treatment !== 'standard') return { treatment, vatRatePercent: 0, amountExclVatOre: totalOre, vatOre: 0, totalOre };
  const { amountExclVatOre, vatOre } = splitVat(totalOre, VAT_RATE_PERCENT);
  return { treatment, vatRatePercent: VAT_RATE_PERCENT, amountExclVatOre, vatOre, totalOre };
}

/**
 * A receipt's lines (docs/decisions.md "MVA"): one per treatment. `priceOre` is the price before the
 * campaign code and the upgrade credit; they reduce every line in proportion, so a split course keeps
 * its exempt share of what was charged (the exempt part is at most the price). A seller outside the
 * MVA register has one line without MVA.
 */
export function receiptLines(totalOre: number, priceOre: number, vat: CourseVat, vatRegistered: boolean): ReceiptLine[] {
  if (!vatRegistered) return [lineOf('not_registered', totalOre)];
  if (vat.treatment === 'exempt') return [lineOf('exempt', totalOre)];
  if (vat.treatment !== 'split' || !vat.exemptOre || priceOre <= 0) return [lineOf('standard', totalOre)];
  const exempt = Math.min(vat.exemptOre, priceOre);
  const [standardOre, exemptOre] = allocate(totalOre, [priceOre - exempt, exempt]);
  return withoutEmpty([lineOf('standard', standardOre), lineOf('exempt', exemptOre)]);
}

/** A credit note's lines: the refund shared over its receipt's lines in proportion to their totals. */
export function creditLines(receipt: ReceiptLine[], refundOre: number): ReceiptLine[] {
  const shares = allocate(
    refundOre,
    receipt.map((l) => l.totalOre),
  );
  return withoutEmpty(receipt.map((l, i) => lineOf(l.treatment, shares[i])));
}

/** Lines of 0 kr are left out, unless every line is 0 (a document keeps one line). */
function withoutEmpty(lines: ReceiptLine[]): ReceiptLine[] {
  const kept = lines.filter((l) => l.totalOre !== 0);
  return kept.length ? kept : lines.slice(0, 1);
}

/** A document's sums of its lines: amount excluding MVA, MVA, and the rate it shows (25 with MVA, else 0). */
export function lineSums(lines: ReceiptLine[]): { amountExclVatOre: number; vatOre: number; vatRatePercent: number } {
  return {
    amountExclVatOre: lines.reduce((a, l) => a + l.amountExclVatOre, 0),
    vatOre: lines.reduce((a, l) => a + l.vatOre, 0),
    vatRatePercent: lines.some((l) => l.vatOre > 0 || l.treatment === 'standard') ? VAT_RATE_PERCENT : 0,
  };
}
