import type { CourseQuizzesResponse, QuizAttemptRequest, QuizAttemptResult, QuizView } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;

/** GET /api/courses/:courseId/quizzes: which modules have a quiz, and the student's standing in each. */
export function useCourseQuizzes(courseId: string) {
  return useQuery({
    queryKey: ['course-quizzes', courseId],
    queryFn: ({ signal }) => apiGet<CourseQuizzesResponse>(`${base(courseId)}/quizzes`, signal),
    retry: false,
  });
}

/** GET …/modules/:moduleId/quiz: the questions (never which choices are right). */
export function useModuleQuiz(courseId: string, moduleId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['module-quiz', courseId, moduleId],
    queryFn: ({ signal }) => apiGet<QuizView>(`${base(courseId)}/modules/${moduleId}/quiz`, signal),
    enabled,
    retry: false,
  });
}

/** POST …/quiz/attempts: the score, and the explanations of the questions answered wrong. */
export function useQuizAttempt(courseId: string, moduleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: QuizAttemptRequest) =>
      api<QuizAttemptResult>(`${base(courseId)}/modules/${moduleId}/quiz/attempts`, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['course-quizzes', courseId] });
      void qc.invalidateQueries({ queryKey: ['certificates'] });
    },
  });
}
