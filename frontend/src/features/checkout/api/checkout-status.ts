import type { CheckoutStatusResponse } from '@academy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api';

/** While Stripe is still processing (e.g. Vipps), the page asks again this often, this many times (2 minutes). */
export const POLL_INTERVAL_MS = 2500;
export const MAX_POLLS = 48;

/** GET /api/checkout/sessions/:id: the order behind a Stripe Checkout Session (fulfilled when paid). */
export function fetchCheckoutStatus(sessionId: string, signal?: AbortSignal): Promise<CheckoutStatusResponse> {
  return apiGet<CheckoutStatusResponse>(`/api/checkout/sessions/${encodeURIComponent(sessionId)}`, signal);
}

/** The status, polled while it is pending; `gaveUp` once it has been asked {@link MAX_POLLS} times. */
export function useCheckoutStatus(sessionId: string | null) {
  const qc = useQueryClient();
  const queryKey = ['checkout', 'status', sessionId] as const;
  const result = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchCheckoutStatus(sessionId!, signal),
    enabled: !!sessionId,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 3,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < MAX_POLLS ? POLL_INTERVAL_MS : false,
  });
  const polls = qc.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...result, gaveUp: result.data?.status === 'pending' && polls >= MAX_POLLS };
}
