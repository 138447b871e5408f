import type { MeResponse } from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiGet } from './api';

export const SESSION_QUERY_KEY = ['session', 'me'] as const;

/** `GET /api/auth/me`; a 401 means "not signed in" (null), anything else is an error. */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await apiGet<MeResponse>('/api/auth/me', signal);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export interface Session {
  /** The signed-in user, or null when signed out (also while loading). */
  me: MeResponse | null;
  loading: boolean;
  error: unknown;
  /** Fetches `/api/auth/me` again (after sign-in, sign-out, purchase…). */
  refresh: () => Promise<MeResponse | null>;
}

export function useSession(): Session {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const refresh = useCallback(async () => {
    await qc.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    return qc.getQueryData<MeResponse | null>(SESSION_QUERY_KEY) ?? null;
  }, [qc]);
  return { me: q.data ?? null, loading: q.isPending, error: q.error, refresh };
}

/** Sets the session without a round trip (e.g. right after sign-out: `setSession(qc, null)`). */
export function setSession(qc: ReturnType<typeof useQueryClient>, me: MeResponse | null): void {
  qc.setQueryData(SESSION_QUERY_KEY, me);
}
