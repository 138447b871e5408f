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
