import type { ConfirmEmailChangeRequest, StopEmailChangeRequest } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/account/email/confirm: the link the mentor's e-mail change mailed to the new address. */
export function confirmEmailChange(token: string): Promise<{ email: string }> {
  const body: ConfirmEmailChangeRequest = { token };
  return apiPost<{ email: string }>('/api/account/email/confirm', body);
}

/** POST /api/account/email/stop: the link in the notice to the old address stops the change while it waits. */
export function stopEmailChange(token: string): Promise<{ message: string; email: string }> {
  const body: StopEmailChangeRequest = { token };
  return apiPost<{ message: string; email: string }>('/api/account/email/stop', body);
}
