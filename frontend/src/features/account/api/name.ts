import type { AccountExport, AccountNameResponse, UpdateAccountNameRequest } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api';
import { ACCOUNT_EXPORT_URL } from './account';

const key = (userId: number) => ['account', 'name', userId] as const;

/** The account's name as stored (read from the account's own data: the session answer has no name). */
export function useAccountName(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: key(userId),
    queryFn: async ({ signal }) => {
      const data = await apiGet<AccountExport>(ACCOUNT_EXPORT_URL, signal);
      return { firstName: data.account.firstName ?? '', lastName: data.account.lastName ?? '' };
    },
    enabled,
    staleTime: 60_000,
  });
}

/** PATCH /api/account: the name (certificates issued later carry it; the certificate list is asked again). */
export function useUpdateName(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountNameRequest) => api<AccountNameResponse>('/api/account', { method: 'PATCH', body }),
    onSuccess: (saved) => {
      qc.setQueryData(key(userId), { firstName: saved.firstName, lastName: saved.lastName });
      void qc.invalidateQueries({ queryKey: ['certificates', userId] });
    },
  });
}
