import type {
  DisableTotpRequest,
  EnableTotpRequest,
  ReauthRequest,
  ReauthResponse,
  TotpEnableResponse,
  TotpSetupResponse,
  TotpStatusResponse,
} from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

export const twoFactorKey = (userId: number) => ['account', 'totp', userId] as const;

/** GET /api/auth/totp: whether two-factor sign-in is on, and the recovery codes left. */
export function useTwoFactorStatus(userId: number) {
  return useQuery({
    queryKey: twoFactorKey(userId),
    queryFn: ({ signal }) => apiGet<TotpStatusResponse>('/api/auth/totp', signal),
    staleTime: 30_000,
  });
}

/** POST /api/auth/totp/setup: a new secret, pending until confirmed (a claimed account, signed in within 15 minutes). */
export const startTwoFactor = () => apiPost<TotpSetupResponse>('/api/auth/totp/setup');

/** POST /api/auth/totp/enable: confirms with a code; the recovery codes, shown once. */
export const enableTwoFactor = (body: EnableTotpRequest) => apiPost<TotpEnableResponse>('/api/auth/totp/enable', body);

/** POST /api/auth/totp/disable: the password and a code (or a recovery code). */
export const disableTwoFactor = (body: DisableTotpRequest) => apiPost<{ message: string }>('/api/auth/totp/disable', body);

/** POST /api/auth/reauth: the password again, so the session counts as freshly signed in. */
export const reauthenticate = (body: ReauthRequest) => apiPost<ReauthResponse>('/api/auth/reauth', body);
