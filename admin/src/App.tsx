import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { LightShell, LoadingScreen } from './layout/LightShell';
import { LoginScreen } from './layout/LoginScreen';

/**
 * The panel's first load is light: the sign-in and the overview are plain React (no react-admin,
 * no Material UI), so the mentor sees them after a small download. Everything else is the full
 * react-admin panel, fetched the first time the mentor opens it; from then on it serves every
 * path, the overview included.
 */
let loadFull: Promise<{ default: () => React.JSX.Element }> | null = null;
let fullLoaded = false;
const listeners = new Set<() => void>();

function importFull() {
  loadFull ??= import('./AdminApp').then((m) => {
    fullLoaded = true;
    for (const l of listeners) l();
    return { default: m.AdminApp };
  });
  return loadFull;
}

const FullAdmin = lazy(importFull);

function useFullLoaded(): boolean {
  const [loaded, setLoaded] = useState(fullLoaded);
  useEffect(() => {
    const l = () => setLoaded(true);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  return loaded;
}

function Full() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <FullAdmin />
    </Suspense>
  );
}

/** Real paths under /admin (the server answers every /admin/* with this page), not hash URLs. */
export function App() {
  const full = useFullLoaded();
  return (
    <BrowserRouter>
      <Routes>
        {!full && <Route path="/admin/login" element={<LoginScreen />} />}
        {!full && (
          <Route
            path="/admin"
            element={
              <LightShell>
                <Dashboard />
              </LightShell>
            }
          />
        )}
        <Route path="/admin/*" element={<Full />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
