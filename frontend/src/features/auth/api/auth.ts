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
