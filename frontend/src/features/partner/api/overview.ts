import type { PartnerOverview } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** GET /api/partner/overview: the signed-in partner's orders (no buyer data), totals, clicks and payouts. */
export function usePartnerOverview() {
  return useQuery({
    queryKey: ['partner-overview'],
    retry: false,
    queryFn: ({ signal }) => apiGet<PartnerOverview>('/api/partner/overview', signal),
  });
}
