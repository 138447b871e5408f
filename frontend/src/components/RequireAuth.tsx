import { isPlayerCourseId, type MeResponse, type PlayerCourseId } from '@academy/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { canOpenCourse } from '../lib/access';
import { loginHrefFor } from '../lib/next';
import { useSession } from '../lib/session';
import { MemberLoading } from './MemberShell';

/**
 * Renders its children for a signed-in user only. No session → `/login?next=<this page>`.
 * The children get the user.
 */
export function RequireAuth({ children, loadingText }: { children: (me: MeResponse) => ReactNode; loadingText?: string }) {
  const { me, loading, error } = useSession();
  const location = useLocation();
  if (loading) return <MemberLoading text={loadingText} />;
  if (!me) {
    if (error) console.error('Kunne ikke hente innlogget bruker', error);
    return <Navigate to={loginHrefFor(location)} replace />;
  }
  return <>{children(me)}</>;
}

/**
 * A course page: signed in (else /login?next=…), a known course id (else /dashboard), and a course the
 * user owns (else /dashboard).
 */
export function RequireCourse({
  courseId,
  children,
  loadingText,
}: {
  courseId: string | undefined;
  children: (me: MeResponse, courseId: PlayerCourseId) => ReactNode;
  loadingText?: string;
}) {
  if (!isPlayerCourseId(courseId)) return <Navigate to={paths.dashboard.href()} replace />;
  return (
    <RequireAuth loadingText={loadingText}>
      {(me) => (canOpenCourse(me, courseId) ? children(me, courseId) : <Navigate to={paths.dashboard.href()} replace />)}
    </RequireAuth>
  );
}
