import type { ForgotPasswordRequest, MessageResponse, PasswordSetResponse, ResetPasswordRequest } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/forgot-password: always the same neutral message (no hint whether the address has an account). */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  const body: ForgotPasswordRequest = { email };
  return apiPost<MessageResponse>('/api/auth/forgot-password', body);
}

/** POST /api/auth/reset-password: uses the one-time link, sets the password and signs in. */
export function resetPassword(body: ResetPasswordRequest): Promise<PasswordSetResponse> {
  return apiPost<PasswordSetResponse>('/api/auth/reset-password', body);
}
