import type { ConfirmEmailChangeRequest } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/account/email/confirm: the link the mentor's e-mail change mailed to the new address. */
export function confirmEmailChange(token: string): Promise<{ email: string }> {
  const body: ConfirmEmailChangeRequest = { token };
  return apiPost<{ email: string }>('/api/account/email/confirm', body);
}
