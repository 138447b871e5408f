import type { LoginRequest, MeResponse } from '@academy/contracts';
import { HttpError, type AuthProvider } from 'ra-core';
import { httpClient, isStepUpError } from './lib/http';
import { forgetTwoFactorStatus } from './lib/twoFactorState';

/**
 * The same session as the site (HttpOnly cookie `sid`): sign in with POST /api/auth/login, who is
 * signed in from GET /api/auth/me, sign out with POST /api/auth/logout. Any signed-in account passes
 * checkAuth; the layout shows 'Ingen tilgang' to anyone whose role is not admin, and every admin
 * API call answers 403 to them anyway.
 */

const ME_TTL_MS = 3_000;
let cached: { at: number; me: Promise<MeResponse | null> } | null = null;

/** The signed-in account, or null (200 with no user). Shared for a moment so one page load asks once. */
export function fetchMe(force = false): Promise<MeResponse | null> {
  if (!force && cached && Date.now() - cached.at < ME_TTL_MS) return cached.me;
  const me = httpClient('/api/auth/me')
    // 200 with `null`: nobody is signed in.
    .then(({ json }) => (json as MeResponse | null) ?? null)
    .catch((e: unknown) => {
      if (e instanceof HttpError && e.status === 401) return null;
      cached = null;
      throw e;
    });
  cached = { at: Date.now(), me };
  return me;
}

export function forgetMe(): void {
  cached = null;
  forgetTwoFactorStatus();
}

/** A refused sign-in, with the API's code: TOTP_REQUIRED makes the login page ask for the code. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

export const authProvider: AuthProvider = {
  async login({ username, email, password, totp }: { username?: string; email?: string; password?: string; totp?: string }) {
    forgetMe();
    const code = totp?.trim();
    try {
      await httpClient('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({
          email: (email ?? username ?? '').trim(),
          password: password ?? '',
          ...(code ? { totp: code } : {}),
        } satisfies LoginRequest),
      });
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { message?: string; code?: string } | undefined) : undefined;
      throw new LoginError(body?.message ?? 'Innloggingen mislyktes, prøv igjen', body?.code);
    }
    return { redirectTo: '/' };
  },

  async logout() {
    forgetMe();
    try {
      await httpClient('/api/auth/logout', { method: 'POST' });
    } catch {
      // Already signed out (or the server is away): the login page is where we go either way.
    }
  },

  async checkAuth() {
    const me = await fetchMe();
    if (!me) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: { status?: number }) {
    // 401: the session has ended. 403 is not a reason to sign out (the page shows the message), and
    // neither is a request for the password again (REAUTH_REQUIRED: the dialog asked, and was cancelled).
    if (error?.status === 401 && !isStepUpError(error)) {
      forgetMe();
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity() {
    const me = await fetchMe();
    if (!me) throw new Error('ra.auth.auth_check_error');
    return { id: me.id, fullName: me.email, role: me.role };
  },

  async getPermissions() {
    const me = await fetchMe();
    return me?.role ?? null;
  },
};
