import type { MeResponse } from '@academy/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
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
