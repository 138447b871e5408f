import type { AdminCourse, VatTreatment } from '@academy/contracts';
import { formatKr } from './money';

/** A course's MVA treatment in short (the course list, Regnskap): docs/decisions.md "MVA". */
export const VAT_SHORT: Record<VatTreatment, string> = {
  standard: '25 % MVA',
  exempt: 'Unntatt MVA',
  split: 'Delt',
};

/** `25 % MVA`, `Unntatt MVA`, or `Delt: 1 000 kr unntatt, resten 25 % MVA`. */
export function vatTreatmentText(c: Pick<AdminCourse, 'vatTreatment' | 'vatExemptOre'>): string {
  if (c.vatTreatment === 'split')
    return c.vatExemptOre === null ? 'Delt (beløpet mangler)' : `Delt: ${formatKr(c.vatExemptOre)} unntatt, resten 25 % MVA`;
  return VAT_SHORT[c.vatTreatment] ?? c.vatTreatment;
}

/** The MVA treatments the accountant chooses between (docs/decisions.md "MVA"), as translation keys. */
export const VAT_CHOICES = [
  { id: 'standard', name: 'panel.courses.mvaStandard' },
  { id: 'exempt', name: 'panel.courses.mvaUnntatt' },
  { id: 'split', name: 'panel.courses.mvaDelt' },
] as const;
