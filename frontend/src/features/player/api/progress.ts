import type { ProgressResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';

const base = (courseId: string) => `/api/progress/${encodeURIComponent(courseId)}`;

/** GET /api/progress/:courseId */
export function fetchProgress(courseId: string, signal?: AbortSignal): Promise<ProgressResponse> {
  return apiGet<ProgressResponse>(base(courseId), signal);
}

/** POST /api/progress/:courseId/modules/:moduleId/complete (completing twice changes nothing). */
export function completeModule(courseId: string, moduleId: number): Promise<ProgressResponse> {
  return api<ProgressResponse>(`${base(courseId)}/modules/${moduleId}/complete`, { method: 'POST' });
}

/** PUT /api/progress/:courseId/current */
export function saveCurrentModule(courseId: string, currentModule: number): Promise<ProgressResponse> {
  return api<ProgressResponse>(`${base(courseId)}/current`, { method: 'PUT', body: { currentModule } });
}

/** The signed-in student's saved progress; disabled (nothing saved) for an anonymous visitor. */
export function useSavedProgress(courseId: string, userId: number | null) {
  return useQuery({
    queryKey: ['progress', courseId, userId],
    queryFn: ({ signal }) => fetchProgress(courseId, signal),
    enabled: userId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
