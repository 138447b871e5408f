import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import { useAdminHref } from '../lib/useHref';

/** The resources, then the site settings and the account's security (custom pages). */
export function Menu() {
  const href = useAdminHref();
  const translate = useTranslate();
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItems />
      <RaMenu.Item to={href('/settings')} primaryText="Innstillinger" leftIcon={<SettingsIcon />} />
      <RaMenu.Item to={href('/security')} primaryText={translate('security.menu')} leftIcon={<SecurityIcon />} />
    </RaMenu>
  );
}
