import type { PartnerCodeInfo } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api';

/**
 * GET /api/partners/codes/:code → the partner a code belongs to (for «Rabattkode KODE fra …»), or null
 * when it is nobody's.
 */
export function usePartnerOfCode(code: string | null) {
  return useQuery({
    queryKey: ['partner-code', code],
    enabled: !!code,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<PartnerCodeInfo>(`/api/partners/codes/${encodeURIComponent(code!)}`, signal);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}
