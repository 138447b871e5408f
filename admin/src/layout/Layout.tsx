import Alert from '@mui/material/Alert';
import { Suspense, type ReactNode } from 'react';
import { AppBar, Layout as RaLayout, Loading, UserMenu, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { ReauthDialog } from '../security/ReauthDialog';
import { lazyView } from '../lib/lazyView';
import { useTwoFactorStatus } from '../lib/twoFactorState';
import { Menu } from './Menu';
import { NoAccess } from './NoAccess';

const SecurityPage = lazyView(() => import('../security/SecurityPage'), 'SecurityPage');

/**
 * The profile button: on a wide screen it shows who is signed in, so its accessible name starts with
 * that visible text (WCAG 2.5.3, label in name) and then says what it is; on a phone it is an icon, «Profil».
 */
function ProfileMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName} – Profil` : 'Profil'} />;
}

function PanelAppBar() {
  return <AppBar userMenu={<ProfileMenu />} />;
}

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
    <RaLayout menu={Menu} appBar={PanelAppBar}>
      <ReauthDialog />
      {twoFactor.error && <Alert severity="error">{translate('security.load_error')}</Alert>}
      <Suspense fallback={<Loading loadingPrimary="Laster" loadingSecondary="" />}>
        {mustEnrol ? <SecurityPage forced /> : children}
      </Suspense>
    </RaLayout>
  );
}
