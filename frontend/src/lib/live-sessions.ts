import type { LiveSessionsResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

/**
 * GET /api/live-sessions[?courseId=]: the student's live sessions (dashboard and player). Fetched again
 * every minute while shown: the server decides when the join link appears (15 minutes before start).
 */
export function useLiveSessions(userId: number, courseId?: string) {
  return useQuery({
    queryKey: ['live-sessions', userId, courseId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      apiGet<LiveSessionsResponse>(
        courseId ? `/api/live-sessions?${new URLSearchParams({ courseId })}` : '/api/live-sessions',
        signal,
      ),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** "Legg til i kalender": the session's .ics file (a download; the session cookie goes with it). */
export const liveSessionIcsUrl = (id: number) => `/api/live-sessions/${id}.ics`;
