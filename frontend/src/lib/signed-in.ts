import type { MeResponse } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { apiGet } from './api';

const SHARE_MS = 5_000;
let shared: { at: number; me: Promise<MeResponse | null> } | null = null;

/** `GET /api/auth/me` without TanStack Query (the marketing pages load without it); one request for the header and footer together. */
function whoIsSignedIn(): Promise<MeResponse | null> {
  if (shared && Date.now() - shared.at < SHARE_MS) return shared.me;
  const me = apiGet<MeResponse | null>('/api/auth/me').then(
    (m) => m ?? null,
    // Not knowing is shown as signed out: the header then offers 'Logg inn', which still works.
    () => null,
  );
  shared = { at: Date.now(), me };
  return me;
}

/**
 * Whether someone is signed in, for the server-rendered public pages: always `false` on the server and in
 * the first client render (so hydration matches), then asked in the browser.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let live = true;
    void whoIsSignedIn().then((me) => live && setSignedIn(!!me));
    return () => {
      live = false;
    };
  }, []);
  return signedIn;
}

/** After signing in or out: the next page asks again. */
export function forgetSignedIn(): void {
  shared = null;
}
