import type { AskQuestionRequest, LessonQuestion, LessonQuestionsResponse } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';

const path = (courseId: string, moduleId: number) => `/api/courses/${encodeURIComponent(courseId)}/modules/${moduleId}/questions`;
const key = (courseId: string, moduleId: number) => ['lesson-questions', courseId, moduleId] as const;

/** GET /api/courses/:courseId/modules/:moduleId/questions: pinned first, then newest. */
export function useLessonQuestions(courseId: string, moduleId: number) {
  return useQuery({
    queryKey: key(courseId, moduleId),
    queryFn: ({ signal }) => apiGet<LessonQuestionsResponse>(path(courseId, moduleId), signal),
    retry: false,
  });
}

/** POST …/questions: the new question shows at once (after any pinned ones). */
export function useAskQuestion(courseId: string, moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AskQuestionRequest) => api<LessonQuestion>(path(courseId, moduleId), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(courseId, moduleId) }),
  });
}
