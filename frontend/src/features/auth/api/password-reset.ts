import type { MeResponse } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/forgot-password: always the same neutral message (no hint whether the address has an account). */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiPost<{ message: string }>('/api/auth/forgot-password', { email });
}

/** POST /api/auth/reset-password: uses the one-time link, sets the password and signs in. */
export function resetPassword(body: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<{ message: string; user: MeResponse }> {
  return apiPost<{ message: string; user: MeResponse }>('/api/auth/reset-password', body);
}
