import type { EnvReader } from './env-reader';

/** The academy's own rounds and limits: live reminders, mentorship and VIP rounds, the mentor inbox, launch seats. */
export interface AcademyConfig {
  /** How often the live-session scheduler (reminders) runs (ms); 0 = never, only on demand (tests). */
  liveReminderIntervalMs: number;
  /** How often the mentorship scheduler (the mail 14 days before a period ends) runs (ms); 0 = only on demand (tests). */
  mentorshipReminderIntervalMs: number;
  /** How often the membership round (VIP: the reminder 14 days before the end, the end of access) runs (ms); 0 = only on demand. */
  membershipIntervalMs: number;
  /** MENTOR_THREADS_PER_MONTH: new threads a student may start in the mentor inbox per calendar month (Oslo time). */
  mentorThreadsPerMonth: number;
  /** MENTOR_IMAGE_MB_PER_DAY: megabytes of chart images a student may upload per day (Oslo time), threads and replies together. */
  mentorImageMbPerDay: number;
  /** LAUNCH_SEATS: the launch price holds while fewer than this many distinct students have paid for a course. */
  launchSeats: number;
}

export function readAcademy(env: EnvReader): AcademyConfig {
  return {
    liveReminderIntervalMs: env.int('LIVE_REMINDER_INTERVAL_MS', 60_000, 0, 3_600_000),
    mentorshipReminderIntervalMs: env.int('MENTORSHIP_REMINDER_INTERVAL_MS', 3_600_000, 0, 86_400_000),
    // Tests run the membership round themselves (MembershipService.runDue) at the injected clock's time.
    membershipIntervalMs: env.int('MEMBERSHIP_INTERVAL_MS', env.nodeEnv === 'test' ? 0 : 900_000, 0, 86_400_000),
    mentorThreadsPerMonth: env.int('MENTOR_THREADS_PER_MONTH', 8, 1, 1000),
    mentorImageMbPerDay: env.int('MENTOR_IMAGE_MB_PER_DAY', 50, 1, 10_000),
    launchSeats: env.int('LAUNCH_SEATS', 100, 0, 1_000_000),
  };
}
