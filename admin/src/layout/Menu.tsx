import SettingsIcon from '@mui/icons-material/Settings';
import { Menu as RaMenu } from 'react-admin';
import { useAdminHref } from '../lib/useHref';

/** The resources, then the site settings (a custom page). */
export function Menu() {
  const href = useAdminHref();
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItems />
      <RaMenu.Item to={href('/settings')} primaryText="Innstillinger" leftIcon={<SettingsIcon />} />
    </RaMenu>
  );
}
