import type { AdminLiveSession, LiveSessionCourseId } from '@academy/contracts';
import { LIVE_SESSION_COURSE_IDS } from '@academy/contracts';
import type { LiveSession } from './entities/live-session.entity';
import { osloLocalString } from './recurrence';

/** A session with its course ids (the join table's rows, in catalogue order). */
export interface SessionWithCourses {
  session: LiveSession;
  courseIds: LiveSessionCourseId[];
}

export const endOf = (s: LiveSession): Date => new Date(s.startsAt.getTime() + s.durationMinutes * 60_000);

export function inCatalogueOrder(ids: Iterable<string>): LiveSessionCourseId[] {
  const set = new Set(ids);
  return LIVE_SESSION_COURSE_IDS.filter((id) => set.has(id));
}

export function toAdminLiveSession({ session: s, courseIds }: SessionWithCourses): AdminLiveSession {
  return {
    id: s.id,
    courseIds,
    title: s.title,
    description: s.description,
    startsAt: s.startsAt.toISOString(),
    endsAt: endOf(s).toISOString(),
    startsAtLocal: osloLocalString(s.startsAt),
    durationMinutes: s.durationMinutes,
    joinUrl: s.joinUrl,
    recordingVideoId: s.recordingVideoId,
    notes: s.notes,
    seriesId: s.seriesId,
    status: s.cancelledAt ? 'cancelled' : 'scheduled',
    cancelledAt: s.cancelledAt ? s.cancelledAt.toISOString() : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A join link the mentor may store: https, a host, no user name or password in it. */
export function isJoinUrl(raw: string): boolean {
  if (raw.length > 500 || /\s/.test(raw)) return false;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' && u.hostname.includes('.') && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}
