import type { PlayerCourseId } from './catalog';

/** GET /api/mentorship: the signed-in student's mentorship periods (one per course that has one). */
export interface MentorshipPeriodView {
  courseId: PlayerCourseId;
  courseTitle: string;
  startsAt: string;
  endsAt: string;
  /** Whole days left (0 once it has ended). */
  daysLeft: number;
  active: boolean;
}

export interface MentorshipResponse {
  periods: MentorshipPeriodView[];
  /** Where to book a session with the mentor (null: write to `contactEmail`). */
  bookingUrl: string | null;
  contactEmail: string;
}

/** POST /api/admin/grants/:id/mentorship: extends the period by whole days. */
export interface ExtendMentorshipRequest {
  days: number;
}
