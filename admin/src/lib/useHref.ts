import { useBasename } from 'react-admin';

/** Paths inside the panel for hand-made links: react-admin's basename (/admin) in front. */
export function useAdminHref(): (path: string) => string {
  const basename = useBasename();
  return (path: string) => `${basename}${path}`;
}
