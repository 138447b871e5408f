import type { AdminLead } from '../../contracts';
import { formatOslo } from '../common/oslo-time';

/**
 * CSV for Excel in Norway: UTF-8 with a byte-order mark (so æøå survive), `;` as separator
 * (the Norwegian list separator), CRLF line ends. Cells that a spreadsheet would run as a
 * formula are prefixed with an apostrophe.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'boolean' ? (value ? 'Ja' : 'Nei') : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: Array<string | number | boolean | null | undefined>): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + '\r\n';
}

export const LEAD_CSV_HEADER = [
  'ID',
  'Registrert',
  'E-post',
  'Kurs',
  'Kilde',
  'Variant',
  'Landingsside',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'Har konto',
  'Har kjøpt',
  'Kontaktet',
  'Avmeldt',
  'Notat',
];

export function leadCsvRow(l: AdminLead): string {
  return csvLine([
    l.id,
    formatOslo(new Date(l.createdAt)),
    l.email,
    l.courseType,
    l.source,
    l.trafficSource,
    l.landingPath,
    l.utmSource,
    l.utmMedium,
    l.utmCampaign,
    l.utmTerm,
    l.utmContent,
    l.hasAccount,
    l.hasBought,
    l.contacted,
    l.unsubscribedAt ? formatOslo(new Date(l.unsubscribedAt)) : '',
    l.note,
  ]);
}
