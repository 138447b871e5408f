import type { CourseQuizzesResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/courses/:courseId/quizzes for a course whose modules are all done: whether a quiz is still
 * open (the certificate needs every quiz passed). The player's query of the same key shares the answer.
 */
export function useOpenQuizzes(courseId: string, enabled: boolean): number | null {
  const q = useQuery({
    queryKey: ['course-quizzes', courseId],
    queryFn: ({ signal }) => apiGet<CourseQuizzesResponse>(`/api/courses/${encodeURIComponent(courseId)}/quizzes`, signal),
    enabled,
    retry: false,
  });
  return q.data ? q.data.quizzes.filter((x) => !x.passed).length : null;
}
