import type { MembershipPortalResponse, MembershipResponse } from '@academy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from './api';

/** GET /api/membership: the student's memberships (VIP) with their access period and renewal (dashboard, account settings). */
export function useMembership(userId: number, enabled = true) {
  return useQuery({
    queryKey: ['membership', userId],
    queryFn: ({ signal }) => apiGet<MembershipResponse>('/api/membership', signal),
    staleTime: 60_000,
    enabled,
  });
}

/** «Si opp» / «Slå på fornyelse igjen»: POST /api/membership/cancel-renewal | resume-renewal; the answer replaces the memberships. */
export function useRenewalAction(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel-renewal' | 'resume-renewal') => apiPost<MembershipResponse>(`/api/membership/${action}`, {}),
    onSuccess: (data) => qc.setQueryData(['membership', userId], data),
  });
}

/** POST /api/membership/portal-session: Stripe's customer portal, where the card is changed. */
export function openCardPortal(): Promise<MembershipPortalResponse> {
  return apiPost<MembershipPortalResponse>('/api/membership/portal-session', {});
}

/**
 * The id of a membership's section on the member's VIP page, so `/account/settings#membership-vip`
 * (and `/dashboard#membership-vip`) opens at it: the mails' links, Stripe's portal return and the
 * Vipps agreement's `merchantAgreementUrl` point there.
 */
export const membershipAnchor = (productId: string) => `membership-${productId}`;
