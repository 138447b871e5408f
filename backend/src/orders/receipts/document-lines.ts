import { documentNote as documentNoteText, receiptLineLabel } from '@academy/contracts';
import type { Receipt } from '../entities/receipt.entity';
import { linesOf } from './receipts.service';

/** One row of a document's amounts (øre, negative on a credit note). */
export interface AmountRow {
  label: string;
  ore: number;
  total?: boolean;
}

type Doc = Pick<
  Receipt,
  'kind' | 'refersToNumber' | 'vatLines' | 'amountExclVatOre' | 'vatOre' | 'vatRatePercent' | 'totalOre' | 'sellerVatRegistered'
>;

/**
 * The amounts a receipt or credit note shows, the same on its page, PDF and mail (docs/decisions.md
 * "MVA"): per line with MVA the amount excluding MVA and the MVA with its rate; an exempt line its
 * amount with the exemption's words; a seller outside the MVA register only the total.
 */
export function documentAmountRows(r: Doc): AmountRow[] {
  const sign = r.kind === 'credit_note' ? -1 : 1;
  const credit = r.kind === 'credit_note';
  const registered = r.sellerVatRegistered !== false;
  const rows: AmountRow[] = [];
  if (registered) {
    for (const line of linesOf(r)) {
      if (line.treatment === 'standard') {
        rows.push({ label: 'Beløp eks. MVA', ore: sign * line.amountExclVatOre });
        rows.push({ label: receiptLineLabel(line), ore: sign * line.vatOre });
      } else rows.push({ label: receiptLineLabel(line), ore: sign * line.totalOre });
    }
  }
  const withVat = registered && linesOf(r).some((l) => l.treatment === 'standard');
  const totalLabel = `${credit ? 'Totalt kreditert' : 'Totalt'}${withVat ? ' inkl. MVA' : ''}`;
  rows.push({ label: totalLabel, ore: sign * r.totalOre, total: true });
  return rows;
}

/** The note under a document's amounts. */
export function documentNote(r: Doc): string {
  return documentNoteText({
    kind: r.kind,
    refersToNumber: r.refersToNumber,
    vatRegistered: r.sellerVatRegistered !== false,
    lines: linesOf(r),
  });
}
