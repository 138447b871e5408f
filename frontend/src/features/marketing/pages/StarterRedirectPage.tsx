import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** `/kurs/starter` replaces itself with `/course/starter` (keeping the query). */
export default function StarterRedirectPage() {
  const { search } = useLocation();
  return <Navigate to={paths.coursePlayer.href('starter') + search} replace />;
}
