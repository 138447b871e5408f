import type { PlayerCourseId, ProgressResponse } from '@academy/contracts';
import { useQueries } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/progress/:courseId for each course the student can open: how many modules are done.
 * Fetched afresh on every visit (the player may just have completed one). A course whose progress
 * could not be read is left out; its card then shows the module count alone.
 */
export function useCoursesProgress(userId: number, courseIds: readonly PlayerCourseId[]): Map<PlayerCourseId, ProgressResponse> {
  const results = useQueries({
    queries: courseIds.map((courseId) => ({
      queryKey: ['progress', courseId, userId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiGet<ProgressResponse>(`/api/progress/${encodeURIComponent(courseId)}`, signal),
      staleTime: 0,
      refetchOnMount: 'always' as const,
      retry: false,
    })),
  });
  const out = new Map<PlayerCourseId, ProgressResponse>();
  results.forEach((r, i) => {
    if (r.data) out.set(courseIds[i], r.data);
  });
  return out;
}
