import type { MeResponse } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/password: sets the first password, or changes it (the current one is then required). */
export function setPassword(body: {
  newPassword: string;
  confirmPassword: string;
  currentPassword?: string;
}): Promise<{ message: string; user: MeResponse }> {
  return apiPost<{ message: string; user: MeResponse }>('/api/auth/password', body);
}
