import type { CourseContentResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api';

/** GET /api/courses/:courseId */
export function fetchCourse(courseId: string, signal?: AbortSignal): Promise<CourseContentResponse> {
  return apiGet<CourseContentResponse>(`/api/courses/${encodeURIComponent(courseId)}`, signal);
}

export function useCourse(courseId: string, userKey: number | null) {
  return useQuery({
    // Per user: what an answer holds (video ids) depends on who asks.
    queryKey: ['course', courseId, userKey],
    queryFn: ({ signal }) => fetchCourse(courseId, signal),
    staleTime: 10_000,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
}
