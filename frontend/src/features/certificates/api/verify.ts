import type { CertificateVerification } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api';

/** GET /api/certificates/verify/:code (public). */
export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: ['certificate-verification', code],
    queryFn: ({ signal }) => apiGet<CertificateVerification>(`/api/certificates/verify/${encodeURIComponent(code)}`, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
}
