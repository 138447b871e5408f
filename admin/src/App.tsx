import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import auditLog from './audit-log';
import { authProvider } from './authProvider';
import courses from './courses';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import leads from './leads';
import modules from './modules';
import orders from './orders';
import outbox from './outbox';
import { SecurityPage } from './security/SecurityPage';
import { SettingsPage } from './settings/SettingsPage';
import { theme } from './theme';
import users from './users';

/** The mentor's admin panel at /admin: same session as the site, admins only, all in Norwegian. */
function AdminApp() {
  return (
    <Admin
      basename="/admin"
      title="Administrasjon"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={Layout}
      loginPage={LoginPage}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="leads" {...leads} />
      <Resource name="users" {...users} />
      <Resource name="orders" {...orders} />
      <Resource name="courses" {...courses} />
      <Resource name="modules" {...modules} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="outbox" {...outbox} />
      <CustomRoutes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/security" element={<SecurityPage />} />
      </CustomRoutes>
    </Admin>
  );
}

/** Real paths under /admin (the server answers every /admin/* with this page), not hash URLs. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
