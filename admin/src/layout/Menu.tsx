import HandshakeIcon from '@mui/icons-material/Handshake';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ListSubheader from '@mui/material/ListSubheader';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import { MENU_GROUPS } from '../resources';
import { useAdminHref } from '../lib/useHref';
import { useWorkQueue, workQueueCount } from '../lib/workQueue';
import { MenuBadge } from './MenuBadge';

/** The resources (the e-mail ones as a group), then the accountant's report, the site settings, the account's security and «Driftsstatus» (custom pages). */
export function Menu() {
  const href = useAdminHref();
  const translate = useTranslate();
  const queue = useWorkQueue();
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
        ...g.resources.map((n) => {
          const count = workQueueCount(queue, n);
          if (count === 0) return <RaMenu.ResourceItem key={n} name={n} />;
          const name = translate(`resources.${n}.name`, { smart_count: 2 });
          return (
            <RaMenu.ResourceItem
              key={n}
              name={n}
              primaryText={
                <>
                  {name}
                  <MenuBadge count={count} />
                </>
              }
            />
          );
        }),
      ])}
      <RaMenu.Item to={href('/partners')} primaryText="Partnere" leftIcon={<HandshakeIcon />} />
      <RaMenu.Item to={href('/partner-payouts')} primaryText="Utbetalinger" leftIcon={<PaymentsIcon />} />
      <RaMenu.Item to={href('/accounting')} primaryText={translate('panel.accounting.menu')} leftIcon={<ReceiptLongIcon />} />
      <RaMenu.Item to={href('/settings')} primaryText="Innstillinger" leftIcon={<SettingsIcon />} />
      <RaMenu.Item to={href('/security')} primaryText={translate('security.menu')} leftIcon={<SecurityIcon />} />
      <RaMenu.Item to={href('/status')} primaryText="Driftsstatus" leftIcon={<MonitorHeartIcon />} />
    </RaMenu>
  );
}
