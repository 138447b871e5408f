/** Money is øre in the API; shown as `1 997 kr` (nb-NO), times in Europe/Oslo. */

const nok = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

export function formatKr(ore: number | null | undefined): string {
  if (ore === null || ore === undefined) return '–';
  return `${nok.format(ore / 100)} kr`;
}

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
