const DAY_MS = 86_400_000;

/** `months` calendar months after `from` (UTC); a day the month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Whole days left of a period, counted up (ending in 3 hours: 1 day); 0 once it has ended. */
export function wholeDaysLeft(endsAt: Date, now: Date): number {
  const ms = endsAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}
