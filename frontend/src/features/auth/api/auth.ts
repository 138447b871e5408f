import type { MeResponse } from '@contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/login */
export function login(email: string, password: string): Promise<{ user: MeResponse }> {
  return apiPost<{ user: MeResponse }>('/api/auth/login', { email, password });
}

/** POST /api/auth/token-login: signs in with a one-time link. */
export function tokenLogin(token: string): Promise<{ user: MeResponse }> {
  return apiPost<{ user: MeResponse }>('/api/auth/token-login', { token });
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
