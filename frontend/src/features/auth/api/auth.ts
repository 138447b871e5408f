import type { MeResponse } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/**
 * POST /api/auth/login. An account with a second factor answers 401 `TOTP_REQUIRED` until `totp`
 * (a 6-digit code or a recovery code) is sent along.
 */
export function login(email: string, password: string, totp?: string): Promise<{ user: MeResponse }> {
  return apiPost<{ user: MeResponse }>('/api/auth/login', totp ? { email, password, totp } : { email, password });
}

/**
 * POST /api/auth/token-login: signs in with a one-time link. Signed in as another account, the server
 * answers 409 `ACCOUNT_SWITCH` (the link stays unused) unless `switchAccount` says the user agreed.
 */
export function tokenLogin(token: string, switchAccount = false): Promise<{ user: MeResponse }> {
  return apiPost<{ user: MeResponse }>('/api/auth/token-login', switchAccount ? { token, switchAccount } : { token });
}

/** POST /api/auth/logout */
export function logout(): Promise<void> {
  return apiPost<void>('/api/auth/logout');
}

/** POST /api/auth/password: sets the first password, or changes it (the current one is then required). */
export function setPassword(body: {
  newPassword: string;
  confirmPassword: string;
  currentPassword?: string;
}): Promise<{ message: string; user: MeResponse }> {
  return apiPost<{ message: string; user: MeResponse }>('/api/auth/password', body);
}
