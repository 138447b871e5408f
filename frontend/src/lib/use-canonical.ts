import { useLocation } from 'react-router-dom';
import { canonicalPath } from '../config/paths';
import { useSettings } from './app-state';

/** The canonical (Norwegian) path of the current page: aliases such as /a point to /gratis-trading-kurs. */
export function useCanonicalPath(): string {
  const { pathname } = useLocation();
  const { mentorSlug } = useSettings();
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return canonicalPath(p, mentorSlug);
}
