import { NORWEGIAN_MONTHS } from '@academy/contracts';
/** Money is integer øre everywhere; pages show whole kroner with a space between thousands. */

const NBSP = '\u00a0';
const MONTHS = NORWEGIAN_MONTHS;

/** 199700 → "1 997" (non-breaking space; deterministic on server and client). */
export function formatKroner(ore: number): string {
  const kr = Math.round(ore / 100);
  const sign = kr < 0 ? '-' : '';
  const digits = String(Math.abs(kr));
  const groups: string[] = [];
  for (let i = digits.length; i > 0; i -= 3) groups.unshift(digits.slice(Math.max(0, i - 3), i));
  return sign + groups.join(NBSP);
}

/** 199700 → "1 997,-" */
export function formatPriceDash(ore: number): string {
  return `${formatKroner(ore)},-`;
}

/** 199700 → "1 997 kr" */
export function formatPriceKr(ore: number): string {
  return `${formatKroner(ore)}${NBSP}kr`;
}

/** "2025-10-01" → "1. oktober 2025" (Norwegian long date, no time zone involved). */
export function formatNorwegianDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return `${d}. ${MONTHS[m - 1]} ${y}`;
}

/** A Date in Europe/Oslo as "21.11.2025". */
export function formatShortDateOslo(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    d,
  );
}

const longDateOslo = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** An instant in Europe/Oslo as "21. november 2025". */
export function formatLongDateOslo(date: Date | string): string {
  return longDateOslo.format(typeof date === 'string' ? new Date(date) : date);
}

/** "5 elever" / "1 elev" */
export function pluralize(n: number, one: string, many: string): string {
  return `${n}${NBSP}${n === 1 ? one : many}`;
}
