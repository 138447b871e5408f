import type { MembershipResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** GET /api/membership: the student's memberships (VIP) with their access period. */
export function useMembership(userId: number) {
  return useQuery({
    queryKey: ['membership', userId],
    queryFn: ({ signal }) => apiGet<MembershipResponse>('/api/membership', signal),
    staleTime: 60_000,
  });
}
