import type { CalendarFeedResponse } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';

const key = (userId: number) => ['calendar-feed', userId] as const;

/** GET /api/account/calendar: the private calendar feed's address (made on first use). */
export function useCalendarFeed(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiGet<CalendarFeedResponse>('/api/account/calendar', signal),
    enabled,
    staleTime: Infinity,
  });
}

/** POST /api/account/calendar/reset: a new address; the old one stops working. */
export function useResetCalendarFeed(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedResponse>('/api/account/calendar/reset', { method: 'POST' }),
    onSuccess: (data) => qc.setQueryData(key(userId), data),
  });
}
