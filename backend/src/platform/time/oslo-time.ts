/** Times are stored in UTC and grouped or shown in Europe/Oslo. Plain Intl, no dialect functions. */

const TZ = 'Europe/Oslo';
const DAY_MS = 86_400_000;

const partsFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function osloParts(d: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const out: Record<string, number> = {};
  for (const p of partsFmt.formatToParts(d)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Oslo's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function osloOffsetMs(d: Date): number {
  const p = osloParts(d);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(d.getTime() / 1000) * 1000;
}

const HOUR_MS = 3_600_000;

/**
 * Oslo's offset from UTC over [start, end]: the offset at `start`, then each change inside the period
 * at the instant the clocks change (a whole UTC hour). A year has at most three spans. With them a
 * query groups by Oslo day in SQL on both dialects (hours since 1970 plus the span's offset, divided
 * by 24: platform/database/oslo-day-sql.ts).
 */
export function osloOffsetSpans(start: Date, end: Date): Array<{ from: Date; offsetHours: number }> {
  let prev = osloOffsetMs(start);
  const spans = [{ from: start, offsetHours: prev / HOUR_MS }];
  for (let t = start.getTime(); t < end.getTime();) {
    const next = Math.min(t + DAY_MS, end.getTime());
    const off = osloOffsetMs(new Date(next));
    if (off !== prev) {
      let h = Math.floor(t / HOUR_MS) * HOUR_MS;
      while (h + HOUR_MS < next && osloOffsetMs(new Date(h + HOUR_MS)) === prev) h += HOUR_MS;
      spans.push({ from: new Date(h + HOUR_MS), offsetHours: off / HOUR_MS });
      prev = off;
    }
    t = next;
  }
  return spans;
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01, as platform/database/oslo-day-sql.ts counts them). */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day in Oslo, `YYYY-MM-DD`. */
export function osloDate(d: Date): string {
  const p = osloParts(d);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

function parseDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  return t;
}

/** The instant Oslo's day `YYYY-MM-DD` begins, or null for an impossible date. */
export function osloDayStart(day: string): Date | null {
  const t = parseDay(day);
  if (t === null) return null;
  // Two passes settle the offset even on the days the clocks change.
  let guess = t - osloOffsetMs(new Date(t));
  guess = t - osloOffsetMs(new Date(guess));
  return new Date(guess);
}

/** The instant after Oslo's day `YYYY-MM-DD` ends (exclusive bound). */
export function osloDayEnd(day: string): Date | null {
  const t = parseDay(day);
  if (t === null) return null;
  return osloDayStart(new Date(t + DAY_MS).toISOString().slice(0, 10));
}

/** `YYYY-MM-DD` days from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const a = parseDay(from);
  const b = parseDay(to);
  if (a === null || b === null) return [];
  const out: string[] = [];
  for (let t = a; t <= b; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Monday of the ISO week a day belongs to, `YYYY-MM-DD`. */
export function weekStart(day: string): string {
  const t = parseDay(day);
  if (t === null) return day;
  const dow = (new Date(t).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(t - dow * DAY_MS).toISOString().slice(0, 10);
}

/** ISO week label, e.g. `2025-U07` (uke 7). */
export function isoWeekLabel(day: string): string {
  const t = parseDay(day);
  if (t === null) return day;
  const d = new Date(t);
  const dow = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(t - dow * DAY_MS + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Dow = (new Date(jan4).getUTCDay() + 6) % 7;
  const week1Monday = jan4 - jan4Dow * DAY_MS;
  const week = Math.floor((thursday.getTime() - 3 * DAY_MS - week1Monday) / (7 * DAY_MS)) + 1;
  return `${year}-U${String(week).padStart(2, '0')}`;
}

/** `dd.mm.åååå tt:mm` in Oslo time (for CSV files). */
export function formatOslo(d: Date): string {
  const p = osloParts(d);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}.${two(p.month)}.${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

/** Whole days from `from` to `now`. */
export function wholeDaysSince(from: Date, now = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - from.getTime()) / DAY_MS));
}

/**
 * The instant Oslo's wall clock shows `YYYY-MM-DD hh:mm` (live sessions' local times). Right on both
 * sides of a clock change; a time the spring change skips (02:30) lands an hour later, as clocks do.
 * Null for an impossible date or time.
 */
export function osloLocalToUtc(day: string, hour: number, minute: number): Date | null {
  const t = parseDay(day);
  if (t === null || !Number.isInteger(hour) || !Number.isInteger(minute) || hour < 0 || hour > 23 || minute < 0 || minute > 59)
    return null;
  const wall = t + hour * 3600_000 + minute * 60_000;
  let guess = wall - osloOffsetMs(new Date(wall));
  guess = wall - osloOffsetMs(new Date(guess));
  return new Date(guess);
}

/** Oslo's wall clock at an instant: the day, hour, minute and weekday (Monday = 1 … Sunday = 7). */
export function osloWallClock(d: Date): { day: string; hour: number; minute: number; weekday: number } {
  const p = osloParts(d);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const dow = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return { day, hour: p.hour, minute: p.minute, weekday: dow === 0 ? 7 : dow };
}
