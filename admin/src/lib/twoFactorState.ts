import type { TotpStatusResponse } from '@academy/contracts';
import { useCallback, useEffect, useState } from 'react';

/**
 * The signed-in account's second factor as the panel knows it (GET /api/auth/totp), shared by the
 * layout (forced enrolment) and the Sikkerhet page, and the bridge the HTTP client uses to ask for
 * re-authentication. Plain module state: the HTTP client lives outside React.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let status: TotpStatusResponse | null = null;
let pending: Promise<TotpStatusResponse> | null = null;

async function load(): Promise<TotpStatusResponse> {
  const res = await fetch('/api/auth/totp', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!res.ok) throw new Error(`GET /api/auth/totp: ${res.status}`);
  return (await res.json()) as TotpStatusResponse;
}

function publish(next: TotpStatusResponse | null): void {
  status = next;
  for (const l of listeners) l();
}

/** Reads the status again (after enrolment, turning it off, or signing in as someone else). */
export function refreshTwoFactorStatus(): Promise<TotpStatusResponse> {
  pending ??= load()
    .then((s) => {
      publish(s);
      return s;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The API answered TOTP_ENROLMENT_REQUIRED: the layout shows the enrolment page at once. */
export function markEnrolmentRequired(): void {
  publish({ enabled: false, required: true, recoveryCodesLeft: 0 });
}

export function forgetTwoFactorStatus(): void {
  status = null;
}

/** The status for the signed-in admin; `loading` until it is known. */
export function useTwoFactorStatus(active: boolean): {
  status: TotpStatusResponse | null;
  loading: boolean;
  error: boolean;
  refresh: () => Promise<unknown>;
} {
  const [, setTick] = useState(0);
  const [error, setError] = useState(false);
  useEffect(() => {
    const l = () => setTick((n) => n + 1);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  useEffect(() => {
    if (!active || status) return;
    refreshTwoFactorStatus().catch(() => setError(true));
  }, [active]);
  const refresh = useCallback(() => refreshTwoFactorStatus().catch(() => setError(true)), []);
  return { status, loading: active && !status && !error, error, refresh };
}

// --- Re-authentication: the HTTP client asks, the dialog answers. ---

type ReauthHandler = () => Promise<boolean>;
let reauthHandler: ReauthHandler | null = null;
let reauthPending: Promise<boolean> | null = null;

/** The dialog registers itself while mounted. */
export function setReauthHandler(handler: ReauthHandler | null): void {
  reauthHandler = handler;
}

/**
 * Asks the mentor to confirm the password (and code): true once POST /api/auth/reauth succeeded,
 * false when cancelled or no dialog is mounted. Requests that hit REAUTH_REQUIRED together share one question.
 */
export function requestReauth(): Promise<boolean> {
  if (!reauthHandler) return Promise.resolve(false);
  reauthPending ??= reauthHandler().finally(() => {
    reauthPending = null;
  });
  return reauthPending;
}
