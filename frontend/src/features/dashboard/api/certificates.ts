import type { AccountNameResponse, CertificateListItem, UpdateAccountNameRequest } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';

const key = (userId: number) => ['certificates', userId] as const;

/** GET /api/certificates: the student's certificates. */
export function useCertificates(userId: number) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiGet<CertificateListItem[]>('/api/certificates', signal),
    // Fetched afresh on every visit: completing the last module in the player issues one.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The certificate PDF (a download: the browser keeps the session cookie). */
export const certificatePdfUrl = (courseId: string) => `/api/certificates/${encodeURIComponent(courseId)}`;

/** PATCH /api/account: the name the certificates carry. */
export function useSaveName(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountNameRequest) => api<AccountNameResponse>('/api/account', { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(userId) }),
  });
}
