/** Live sessions (issue 17): the mentor's planned sessions, the students' view and the calendar feed. */

/**
 * Courses a live session can be for (the paid ones: starter is everyone's, and its owners get no live
 * sessions). `vip`: the weekly VIP sessions, for members whose VIP period runs.
 */
export const LIVE_SESSION_COURSE_IDS = ['foundation', 'accelerator', 'kryptovaluta', 'vip'] as const;
export type LiveSessionCourseId = (typeof LIVE_SESSION_COURSE_IDS)[number];

/** The join link shows from this long before the start until the end. */
export const LIVE_JOIN_OPENS_BEFORE_MS = 15 * 60_000;

export const LIVE_RECURRENCE_FREQUENCIES = ['weekly', 'monthly-first-weekday'] as const;
export type LiveRecurrenceFrequency = (typeof LIVE_RECURRENCE_FREQUENCIES)[number];

/** A series: every week, or every first <weekday of the start> of the month; `count` occurrences or `until` a day. */
export interface LiveRecurrence {
  frequency: LiveRecurrenceFrequency;
  /** Occurrences in all, the first included (2–52). */
  count?: number;
  /** Last day (Oslo, `YYYY-MM-DD`, inclusive). */
  until?: string;
}

export type LiveSessionStatus = 'scheduled' | 'cancelled';

/** POST /api/admin/live-sessions. `startsAt`: Oslo wall time `YYYY-MM-DDTHH:mm`, or an ISO instant with offset. */
export interface CreateLiveSessionRequest {
  courseIds: LiveSessionCourseId[];
  title: string;
  description?: string | null;
  startsAt: string;
  durationMinutes: number;
  joinUrl: string;
  recurrence?: LiveRecurrence | null;
}

/** PUT/PATCH /api/admin/live-sessions/:id (every field optional). */
export interface UpdateLiveSessionRequest {
  courseIds?: LiveSessionCourseId[];
  title?: string;
  description?: string | null;
  startsAt?: string;
  durationMinutes?: number;
  joinUrl?: string;
  recordingVideoId?: string | null;
  notes?: string | null;
}

/** The admin API's live session (list and show). */
export interface AdminLiveSession {
  id: number;
  courseIds: LiveSessionCourseId[];
  title: string;
  description: string | null;
  /** ISO instant (UTC). */
  startsAt: string;
  endsAt: string;
  /** Oslo wall time `YYYY-MM-DDTHH:mm` (what the form shows). */
  startsAtLocal: string;
  durationMinutes: number;
  joinUrl: string;
  recordingVideoId: string | null;
  notes: string | null;
  seriesId: string | null;
  status: LiveSessionStatus;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** On the answer to a create with a recurrence: how many sessions the series made. */
  createdCount?: number;
}

/** GET /api/live-sessions: one session as a student who owns one of its courses sees it. */
export interface LiveSessionView {
  id: number;
  courseIds: LiveSessionCourseId[];
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: LiveSessionStatus;
  /** When the join link appears (15 minutes before the start). */
  joinOpensAt: string;
  /** Only from 15 minutes before the start until the end; null otherwise. */
  joinUrl: string | null;
  /** Past sessions: the recording (YouTube id, shown with the privacy-enhanced player). */
  recordingVideoId: string | null;
  notes: string | null;
}

export interface LiveSessionsResponse {
  /** Not yet ended (soonest first); cancelled ones are shown as cancelled. */
  upcoming: LiveSessionView[];
  /** Ended, newest first (cancelled ones left out). */
  past: LiveSessionView[];
}

/** GET /api/account/calendar and POST /api/account/calendar/reset. */
export interface CalendarFeedResponse {
  /** The private feed address (`…/api/calendar/<secret>.ics`). */
  feedUrl: string;
}
