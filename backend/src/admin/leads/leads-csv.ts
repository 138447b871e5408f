import type { AdminLead } from '@academy/contracts';
import { formatOslo } from '../../platform/time/oslo-time';

/**
 * CSV for Excel in Norway: UTF-8 with a byte-order mark (so æøå survive), `;` as separator
 * (the Norwegian list separator), CRLF line ends, every cell in double quotes (quotes doubled).
 *
 * Formulas are defused in every cell (OWASP "CSV injection"): an apostrophe goes before `=`, `+`,
 * `-`, `@`, a tab or a carriage return (after optional spaces or quotes) at the start of the cell, and after
 * every character a spreadsheet may split a cell on (`;`, `,`, tab, line breaks) — a program that
 * guesses another separator, or ignores the quotes, then still sees text, never a formula.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** Every position at the start or right after a separator that a formula could start from. */
const FORMULA_START = /(?<=^|[;,\t\r\n])(?=[ \u00A0"]*[=+\-@\t\r])/g;

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'Ja' : 'Nei') : String(value);
  return `"${text.replace(FORMULA_START, "'").replace(/"/g, '""')}"`;
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
    // Unsubscribed: when, else «Nei» as the other yes/no columns say.
    l.unsubscribedAt ? formatOslo(new Date(l.unsubscribedAt)) : false,
    l.note,
  ]);
}
