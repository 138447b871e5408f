import type { MeResponse, ProgressResponse } from '@academy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiGet, apiPost } from './api';
import { forgetSignedIn } from './signed-in';
import { clearBrowserProgress, hasBrowserProgress, readBrowserProgress } from './starter-progress';

export const SESSION_QUERY_KEY = ['session', 'me'] as const;

let merging: Promise<void> | null = null;

/**
 * The one place where Starter progress made while signed out joins the account: at the first sign-in
 * (login, mailed link, reset, checkout: every way a session starts ends up here through
 * {@link completeSignIn} or {@link fetchMe}) it is sent to `POST /api/progress/starter/merge` and then
 * removed from the browser. A failure that may pass (network, server, rate limit) keeps it for the next
 * time; an answer that it can never be merged drops it. Never throws.
 */
export function mergeBrowserProgress(): Promise<void> {
  if (merging) return merging;
  const progress = readBrowserProgress();
  if (!progress || !hasBrowserProgress()) {
    clearBrowserProgress();
    return Promise.resolve();
  }
  merging = apiPost<ProgressResponse>('/api/progress/starter/merge', progress)
    .then(
      () => clearBrowserProgress(),
      (e: unknown) => {
        console.error('Kunne ikke flytte fremdriften til kontoen', e);
        const lasting = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429;
        if (lasting) clearBrowserProgress();
      },
    )
    .finally(() => {
      merging = null;
    });
  return merging;
}

/** `GET /api/auth/me`; 200 with `null` means "not signed in" (so does a 401 from an older server). */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  let me: MeResponse | null;
  try {
    me = await apiGet<MeResponse | null>('/api/auth/me', signal);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
  if (!me) return null;
  // A session the server opened by itself (checkout) also takes the browser's progress along.
  await mergeBrowserProgress();
  return me;
}

/**
 * After any sign-in: the browser's Starter progress goes to the account first, then the session is
 * set (so the player asks the server only after the merge).
 */
export async function completeSignIn(qc: ReturnType<typeof useQueryClient>, me: MeResponse): Promise<void> {
  await mergeBrowserProgress();
  qc.removeQueries({ queryKey: ['progress'] });
  setSession(qc, me);
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

/** POST /api/auth/logout (the caller then clears the session: `setSession(qc, null)`). */
export function logout(): Promise<void> {
  forgetSignedIn();
  return apiPost<void>('/api/auth/logout');
}

/** Sets the session without a round trip (e.g. right after sign-out: `setSession(qc, null)`). */
export function setSession(qc: ReturnType<typeof useQueryClient>, me: MeResponse | null): void {
  forgetSignedIn();
  qc.setQueryData(SESSION_QUERY_KEY, me);
}
