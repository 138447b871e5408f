import type { MeResponse, PlayerCourseId } from '@academy/contracts';

/** True when the user may open the course: starter is everyone's, admins see all. */
export function canOpenCourse(me: MeResponse, courseId: PlayerCourseId): boolean {
  return courseId === 'starter' || me.role === 'admin' || me.courses.includes(courseId);
}
