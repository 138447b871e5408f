import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ListSubheader from '@mui/material/ListSubheader';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import { MENU_GROUPS } from '../resources';
import { useAdminHref } from '../lib/useHref';

/** The resources (the e-mail ones as a group), then the site settings and the account's security (custom pages). */
export function Menu() {
  const href = useAdminHref();
  const translate = useTranslate();
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      {MENU_GROUPS.map((g) => [
        g.heading && (
          // Inside the menu only menu items may be list items: the heading is presentation (as in the light shell).
          <ListSubheader key={g.heading} role="presentation" sx={{ lineHeight: 2.5, background: 'transparent' }}>
            {g.heading}
          </ListSubheader>
        ),
        ...g.resources.map((n) => <RaMenu.ResourceItem key={n} name={n} />),
      ])}
      <RaMenu.Item to={href('/settings')} primaryText="Innstillinger" leftIcon={<SettingsIcon />} />
      <RaMenu.Item to={href('/security')} primaryText={translate('security.menu')} leftIcon={<SecurityIcon />} />
    </RaMenu>
  );
}
