/** Times in Europe/Oslo, in Norwegian. (Money: lib/money.ts.) */

const dateTime = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', dateStyle: 'short', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '–';
}

/** `4. mar.` for chart axes. */
export function formatDay(day: string): string {
  return dateOnly.format(new Date(`${day}T12:00:00Z`));
}

/** Today in Oslo, `YYYY-MM-DD`. */
export function osloToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const percent = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });

/**
 * A percentage as Norwegian writes it, with a decimal comma: `87,5 %`, `100 %`; at most one
 * decimal; `–` for none. Every percentage in the panel goes through here.
 */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  // Intl writes a minus sign (U+2212) and a no-break space in groups; the panel's texts use plain ones.
  return `${percent
    .format(value)
    .replace(/\u2212/g, '-')
    .replace(/[\u00a0\u202f]/g, ' ')} %`;
}

/** `part` of `whole` as a percentage (`87,5 %`); `–` when there is no whole. */
export function formatShare(part: number, whole: number): string {
  return whole ? formatPercent((part / whole) * 100) : '–';
}
