import type { OrderReceiptResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api';

/** GET /api/orders/:orderId/receipt (the buyer or an admin). */
export function fetchReceipt(orderId: string, signal?: AbortSignal): Promise<OrderReceiptResponse> {
  return apiGet<OrderReceiptResponse>(`/api/orders/${encodeURIComponent(orderId)}/receipt`, signal);
}

export function useReceipt(orderId: string, userKey: number) {
  return useQuery({
    // Per user: who may see an order's receipt depends on who asks.
    queryKey: ['receipt', orderId, userKey],
    queryFn: ({ signal }) => fetchReceipt(orderId, signal),
    staleTime: 30_000,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
}
