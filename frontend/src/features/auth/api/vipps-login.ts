import type { VippsLoginConfirmed, VippsLoginDone, VippsLoginPending } from '@academy/contracts';
import { apiGet, apiPost } from '../../../lib/api';

/** GET /api/auth/vipps/pending: what this browser still has to do after Vipps (404 when nothing waits). */
export const vippsPending = (signal?: AbortSignal) => apiGet<VippsLoginPending>('/api/auth/vipps/pending', signal);

/** POST /api/auth/vipps/totp: the account's one-time code after Vipps. */
export const vippsCode = (email: string, totp: string) => apiPost<VippsLoginDone>('/api/auth/vipps/totp', { email, totp });

/** POST /api/auth/vipps/confirm: the holder confirms the link with the password (and the code, when asked). */
export const vippsConfirm = (email: string, password: string, totp?: string) =>
  apiPost<VippsLoginDone>('/api/auth/vipps/confirm', totp ? { email, password, totp } : { email, password });

/** POST /api/auth/vipps/confirm/mail: a confirmation link to the account's address. */
export const vippsMailLink = () => apiPost<{ message: string }>('/api/auth/vipps/confirm/mail', {});

/** POST /api/auth/vipps/confirm/link: the mailed link's token. */
export const vippsConfirmLink = (token: string) => apiPost<VippsLoginConfirmed>('/api/auth/vipps/confirm/link', { token });
