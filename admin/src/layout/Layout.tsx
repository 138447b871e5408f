import Alert from '@mui/material/Alert';
import { Suspense, type ReactNode } from 'react';
import { Layout as RaLayout, Loading, usePermissions, useTranslate } from 'react-admin';
import { ReauthDialog } from '../security/ReauthDialog';
import { lazyView } from '../lib/lazyView';
import { useTwoFactorStatus } from '../lib/twoFactorState';
import { Menu } from './Menu';
import { NoAccess } from './NoAccess';

const SecurityPage = lazyView(() => import('../security/SecurityPage'), 'SecurityPage');

/**
 * react-admin's layout, shown to admins only; anyone else signed in sees 'Ingen tilgang'. An admin
 * who must have two-factor sign-in and has not set it up sees the Sikkerhet page in place of every
 * page until it is done. The re-authentication dialog lives here, for every page.
 */
export function Layout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions();
  const isAdmin = permissions === 'admin';
  const twoFactor = useTwoFactorStatus(isAdmin);
  if (isPending || twoFactor.loading) return <Loading loadingPrimary="Laster" loadingSecondary="Sjekker innloggingen" />;
  if (!isAdmin) return <NoAccess />;
  const mustEnrol = !!twoFactor.status && twoFactor.status.required && !twoFactor.status.enabled;
  return (
    <RaLayout menu={Menu}>
      <ReauthDialog />
      {twoFactor.error && <Alert severity="error">{translate('security.load_error')}</Alert>}
      <Suspense fallback={<Loading loadingPrimary="Laster" loadingSecondary="" />}>
        {mustEnrol ? <SecurityPage forced /> : children}
      </Suspense>
    </RaLayout>
  );
}
