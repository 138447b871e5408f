import { MSG, type LiveRecurrence } from '@academy/contracts';
import { badRequest } from '../platform/errors/app-error';
import { osloLocalToUtc, osloWallClock } from '../platform/time/oslo-time';

/** Most sessions one series may make. */
export const MAX_SERIES = 52;
const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;

/** `YYYY-MM-DD` plus n days (calendar arithmetic, no time zone involved). */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first `weekday` (Monday = 1 … Sunday = 7) of the month `YYYY-MM`. */
function firstWeekdayOf(year: number, month: number, weekday: number): string {
  const dow = new Date(Date.UTC(year, month - 1, 1)).getUTCDay() || 7;
  const day = 1 + ((weekday - dow + 7) % 7);
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The start instants of a series: the first session's Oslo wall time (day, hour, minute) repeated
 * every week, or on the first same weekday of each following month, until `count` sessions or the
 * `until` day (inclusive). The wall time stays the same across clock changes (18:00 stays 18:00 in
 * winter and summer), so the UTC instants move by an hour there.
 */
export function seriesStarts(first: Date, rec: LiveRecurrence): Date[] {
  if (rec.frequency !== 'weekly' && rec.frequency !== 'monthly-first-weekday')
    throw badRequest(MSG.liveRecurrenceFrequency, 'VALIDATION_FAILED');
  const hasCount = rec.count !== undefined && rec.count !== null;
  const hasUntil = rec.until !== undefined && rec.until !== null;
  if (hasCount === hasUntil) throw badRequest(MSG.liveRecurrence, 'VALIDATION_FAILED');
  if (hasCount && (!Number.isInteger(rec.count) || (rec.count as number) < 2 || (rec.count as number) > MAX_SERIES))
    throw badRequest(MSG.liveRecurrence, 'VALIDATION_FAILED');
  const wall = osloWallClock(first);
  let untilEnd: number | null = null;
  if (hasUntil) {
    const endOfDay =
      typeof rec.until === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(rec.until) ? osloLocalToUtc(rec.until, 23, 59) : null;
    if (!endOfDay || rec.until! < wall.day || endOfDay.getTime() - first.getTime() > YEAR_MS)
      throw badRequest(MSG.liveRecurrenceUntil, 'VALIDATION_FAILED');
    untilEnd = endOfDay.getTime();
  }
  if (rec.frequency === 'monthly-first-weekday' && Number(wall.day.slice(8, 10)) > 7)
    throw badRequest(MSG.liveRecurrenceFirstWeekday, 'VALIDATION_FAILED');

  const days: string[] = [];
  const limit = hasCount ? (rec.count as number) : MAX_SERIES + 1;
  let [year, month] = wall.day.split('-').map(Number);
  for (let i = 0; days.length < limit; i++) {
    let day: string;
    if (rec.frequency === 'weekly') day = addDays(wall.day, 7 * i);
    else {
      day = i === 0 ? wall.day : firstWeekdayOf(year, month, wall.weekday);
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
    const at = osloLocalToUtc(day, wall.hour, wall.minute) as Date;
    if (untilEnd !== null && at.getTime() > untilEnd) break;
    days.push(day);
  }
  if (days.length > MAX_SERIES) throw badRequest(MSG.liveRecurrenceTooMany, 'VALIDATION_FAILED');
  if (days.length < 2) throw badRequest(MSG.liveRecurrenceUntil, 'VALIDATION_FAILED');
  return days.map((d) => osloLocalToUtc(d, wall.hour, wall.minute) as Date);
}

/**
 * `startsAt` as the API takes it: Oslo wall time `YYYY-MM-DDTHH:mm` (the admin form's datetime-local
 * field), or an ISO instant with `Z` or an offset. Null when it is neither.
 */
export function parseStartsAt(raw: unknown): Date | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::00(?:\.0{1,3})?)?$/.exec(raw);
  if (local) return osloLocalToUtc(local[1], Number(local[2]), Number(local[3]));
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) return null;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) return null;
  // Only whole minutes, within this century.
  if (d.getTime() % 60_000 !== 0 || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2099) return null;
  return d;
}

/** Oslo wall time `YYYY-MM-DDTHH:mm` of an instant (what the admin form shows). */
export function osloLocalString(d: Date): string {
  const w = osloWallClock(d);
  return `${w.day}T${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}
