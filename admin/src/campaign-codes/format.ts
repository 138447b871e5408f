import type { AdminCampaignCode } from '@academy/contracts';
import { formatPercent } from '../lib/format';
import { COURSE_LABELS, label } from '../lib/labels';
import { formatKr, krToOre, oreToKr } from '../lib/money';

export function discountText(c: Pick<AdminCampaignCode, 'percentOff' | 'amountOffOre'>): string {
  return c.percentOff !== null ? formatPercent(c.percentOff) : formatKr(c.amountOffOre);
}

export function courseNames(ids: string[]): string {
  return ids.map((id) => label(COURSE_LABELS, id)).join(', ');
}

/** The form's fields: the kind of discount and the amount in kroner, as the mentor thinks of them. */
export interface CodeFormValues {
  code?: string;
  kind?: 'percent' | 'amount';
  percentOff?: number | null;
  amountOffKr?: number | null;
  courseIds?: string[];
  validFrom?: string | Date | null;
  validTo?: string | Date | null;
  maxUses?: number | null;
  active?: boolean;
}

/** A code as the form shows it. */
export function toForm(c: AdminCampaignCode): CodeFormValues & AdminCampaignCode {
  return {
    ...c,
    kind: c.percentOff !== null ? 'percent' : 'amount',
    amountOffKr: c.amountOffOre !== null ? oreToKr(c.amountOffOre) : null,
  };
}

const when = (v: string | Date | null | undefined): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};

/** The form → the API's body (øre; one kind of discount; blank dates and limit are none). */
export function toRequest(data: CodeFormValues): Record<string, unknown> {
  const percent = data.kind !== 'amount';
  const body: Record<string, unknown> = {
    percentOff: percent ? (data.percentOff ?? null) : null,
    amountOffOre: percent ? null : data.amountOffKr === null || data.amountOffKr === undefined ? null : krToOre(data.amountOffKr),
    courseIds: data.courseIds ?? [],
    validFrom: when(data.validFrom),
    validTo: when(data.validTo),
    maxUses: data.maxUses === undefined || (data.maxUses as unknown) === '' ? null : data.maxUses,
    active: data.active ?? true,
  };
  if (data.code !== undefined) body.code = data.code.trim();
  return body;
}
