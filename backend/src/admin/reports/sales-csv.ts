import { RECEIPT_PAYMENT_METHOD, SAFT_TAX_CODE_TEXT, type SalesReportRow } from '@academy/contracts';
import { CSV_BOM, CSV_SEPARATOR, csvCell } from '../leads/leads-csv';

/** Øre as kroner with a decimal comma, unquoted so Excel reads a number: `-1234,50`. */
export function csvAmount(ore: number | null): string {
  if (ore === null) return '';
  const abs = Math.abs(ore);
  return `${ore < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export const SALES_CSV_HEADER = [
  'Nummer',
  'Type',
  'Dato',
  'Gjelder kvittering',
  'Ordre',
  'Kjøper',
  'Kurs',
  'Betaling',
  'Mva-kode (SAF-T)',
  'Mva-behandling',
  'Brutto',
  'Netto',
  'MVA',
  'Stripe-gebyr',
];

/** The report's CSV head: BOM and header line. */
export const salesCsvHead = () => CSV_BOM + SALES_CSV_HEADER.map(csvCell).join(CSV_SEPARATOR) + '\r\n';

/** One row: text cells quoted and defused (leads-csv), amounts as plain numbers with a decimal comma. */
export function salesCsvRow(r: SalesReportRow): string {
  return (
    [
      String(r.number),
      csvCell(r.kind === 'receipt' ? 'Kvittering' : 'Kreditnota'),
      r.date,
      r.refersToNumber === null ? '' : String(r.refersToNumber),
      String(r.orderId),
      csvCell(r.buyer ?? ''),
      csvCell(r.course),
      csvCell(RECEIPT_PAYMENT_METHOD[r.provider]),
      r.taxCode,
      csvCell(SAFT_TAX_CODE_TEXT[r.taxCode]),
      csvAmount(r.grossOre),
      csvAmount(r.netOre),
      csvAmount(r.vatOre),
      csvAmount(r.stripeFeeOre),
    ].join(CSV_SEPARATOR) + '\r\n'
  );
}
