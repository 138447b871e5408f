/** Formatting for e-mail: Norwegian amounts and dates, HTML escaping. */

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
