import type { MentorshipResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** GET /api/mentorship: the student's mentorship periods and how to reach the mentor. */
export function useMentorship(userId: number) {
  return useQuery({
    queryKey: ['mentorship', userId],
    queryFn: ({ signal }) => apiGet<MentorshipResponse>('/api/mentorship', signal),
    staleTime: 60_000,
  });
}
