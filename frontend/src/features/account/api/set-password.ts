import type { PasswordSetResponse, SetPasswordRequest } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/password: sets the first password, or changes it (the current one is then required). */
export function setPassword(body: SetPasswordRequest): Promise<PasswordSetResponse> {
  return apiPost<PasswordSetResponse>('/api/auth/password', body);
}
