import { Admin, CustomRoutes, Resource, type ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import auditLog from './audit-log';
import broadcasts from './broadcasts';
import campaignCodes from './campaign-codes';
import { authProvider } from './authProvider';
import certificates from './certificates';
import questions from './questions';
import mentorThreads from './mentor-threads';
import courses from './courses';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { LoginScreen } from './layout/LoginScreen';
import leads from './leads';
import liveSessions from './live-sessions';
import { lazyView } from './lib/lazyView';
import modules from './modules';
import orders from './orders';
import outbox from './outbox';
import { RESOURCE_NAMES, type ResourceName } from './resources';
import sequences from './sequences';
import { theme } from './theme';
import users from './users';

const SettingsPage = lazyView(() => import('./settings/SettingsPage'), 'SettingsPage');
const SecurityPage = lazyView(() => import('./security/SecurityPage'), 'SecurityPage');
const StatusPage = lazyView(() => import('./status/StatusPage'), 'StatusPage');
const AccountingPage = lazyView(() => import('./reports/AccountingPage'), 'AccountingPage');
const PartnersPage = lazyView(() => import('./partners/PartnersPage'), 'PartnersPage');
const PayoutsPage = lazyView(() => import('./partners/PayoutsPage'), 'PayoutsPage');

/** Each resource's views (each view its own chunk, loaded when first opened). */
const VIEWS: Record<ResourceName, Omit<ResourceProps, 'name'>> = {
  leads,
  users,
  orders,
  'campaign-codes': campaignCodes,
  courses,
  modules,
  'live-sessions': liveSessions,
  'audit-log': auditLog,
  outbox,
  certificates,
  'mentor-threads': mentorThreads,
  questions,
  broadcasts,
  sequences,
};

/**
 * The full panel (react-admin and Material UI): loaded when the mentor first opens anything but the
 * sign-in or the overview. Same session as the site, admins only, all in Norwegian.
 */
export function AdminApp() {
  return (
    <Admin
      basename="/admin"
      title="Administrasjon"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={Layout}
      loginPage={LoginScreen}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {RESOURCE_NAMES.map((name) => (
        <Resource key={name} name={name} {...VIEWS[name]} />
      ))}
      <CustomRoutes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/status" element={<StatusPage />} />
        <Route path="/accounting" element={<AccountingPage />} />
        <Route path="/partners" element={<PartnersPage />} />
        <Route path="/partner-payouts" element={<PayoutsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
