import type { DeleteAccountRequest, DeleteAccountResponse } from '@academy/contracts';
import { api } from '../../../lib/api';

/** GET /api/account/export answers with a JSON file download (Content-Disposition: attachment). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

/** DELETE /api/account: confirmed with the password, or with the e-mail when the account has none. */
export function deleteAccount(body: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return api<DeleteAccountResponse>('/api/account', { method: 'DELETE', body });
}
