const DAY_MS = 86_400_000;

/** The mail goes out this many days before a period ends. */
export const MENTORSHIP_REMINDER_DAYS = 14;

/** `months` calendar months after `from` (UTC); a day the month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The end of a grant's period: the admin's date when set, else `months` after the grant; null when there is none. */
export function periodEnd(grant: { grantedAt: Date; mentorshipEndsAt: Date | null }, months: number): Date | null {
  if (grant.mentorshipEndsAt) return new Date(grant.mentorshipEndsAt);
  if (months <= 0) return null;
  return addMonths(new Date(grant.grantedAt), months);
}

/** Whole days left, counted up (a period ending in 3 hours has 1 day left); 0 once it has ended. */
export function daysLeft(endsAt: Date, now: Date): number {
  const ms = endsAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** Whether the reminder is due: within the last 14 days of a period that has not ended. */
export function reminderDue(endsAt: Date, now: Date): boolean {
  const t = now.getTime();
  return t < endsAt.getTime() && t >= endsAt.getTime() - MENTORSHIP_REMINDER_DAYS * DAY_MS;
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}
