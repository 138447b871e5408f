import type { LoginRequest, SignedInResponse, TokenLoginRequest } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/**
 * POST /api/auth/login. An account with a second factor answers 401 `TOTP_REQUIRED` until `totp`
 * (a 6-digit code or a recovery code) is sent along.
 */
export function login(email: string, password: string, totp?: string): Promise<SignedInResponse> {
  const body: LoginRequest = totp ? { email, password, totp } : { email, password };
  return apiPost<SignedInResponse>('/api/auth/login', body);
}

/**
 * POST /api/auth/token-login: signs in with a one-time link. Signed in as another account, the server
 * answers 409 `ACCOUNT_SWITCH` (the link stays unused) unless `switchAccount` says the user agreed. An
 * account with a second factor answers 401 `TOTP_REQUIRED` (the link stays unused) until `totp` is sent.
 */
export function tokenLogin(token: string, switchAccount = false, totp?: string): Promise<SignedInResponse> {
  const body: TokenLoginRequest = { token, ...(switchAccount ? { switchAccount } : {}), ...(totp ? { totp } : {}) };
  return apiPost<SignedInResponse>('/api/auth/token-login', body);
}
