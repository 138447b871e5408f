import type { ReactNode } from 'react';
import { Layout as RaLayout, Loading, usePermissions } from 'react-admin';
import { Menu } from './Menu';
import { NoAccess } from './NoAccess';

/** react-admin's layout, shown to admins only; anyone else signed in sees 'Ingen tilgang'. */
export function Layout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Loading loadingPrimary="Laster" loadingSecondary="Sjekker innloggingen" />;
  if (permissions !== 'admin') return <NoAccess />;
  return <RaLayout menu={Menu}>{children}</RaLayout>;
}
