/** Formatting for e-mail: Norwegian amounts and dates, HTML escaping, and the site's colours. */

/**
 * The storefront's colours (frontend/src/styles/tokens.css) for mails and the small pages the mailed
 * links open: buttons in the site's green with white text, links in the site's link colour.
 */
export const MAIL_COLOURS = {
  /** --color-primary (--green-600): white text on it has a contrast of 5.1:1. */
  button: '#0f7d58',
  buttonText: '#ffffff',
  /** --color-link. */
  link: '#0b5fb3',
} as const;

const NOK = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** 199700 øre → `1 997,00 kr` (plain spaces; Intl's no-break spaces and minus sign made plain). */
export function formatNok(ore: number): string {
  return `${NOK.format(ore / 100)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\u2212/g, '-')} kr`;
}

/** The MVA contained in an amount that includes 25 % MVA, in øre (rounded). */
export function mvaOf(ore: number, ratePercent = 25): number {
  return Math.round(ore - (ore * 100) / (100 + ratePercent));
}

const OSLO_DATE = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });
const OSLO_TIME = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });

/** `21. november 2026 kl. 18:46` in Europe/Oslo. */
export function formatOsloDateTime(d: Date): string {
  return `${OSLO_DATE.format(d)} kl. ${OSLO_TIME.format(d)}`;
}

/** `21. november 2026` in Europe/Oslo. */
export function formatOsloDate(d: Date): string {
  return OSLO_DATE.format(d);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
