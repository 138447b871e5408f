import type { CheckoutCourseId, CheckoutQuoteResponse } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/checkout/quote?courseId=…[&campaignCode=…]: what the checkout charges the student signed in
 * (an upgrade's credit, then the campaign code), priced by the server as the order will be.
 */
export function fetchCheckoutQuote(
  courseId: CheckoutCourseId,
  campaignCode: string | null,
  signal?: AbortSignal,
): Promise<CheckoutQuoteResponse> {
  const code = campaignCode ? `&campaignCode=${encodeURIComponent(campaignCode)}` : '';
  return apiGet<CheckoutQuoteResponse>(`/api/checkout/quote?courseId=${encodeURIComponent(courseId)}${code}`, signal);
}

/**
 * The signed-in student's quote for the chosen course and applied code (null for a visitor, while it
 * loads, or when it cannot be priced: the page then shows the catalogue's and the code's prices).
 * Asked afresh each time the course, the code or the student changes: a credit or a code may have
 * changed meanwhile, so no earlier answer is shown (nothing kept, no retry).
 */
export function useCheckoutQuote(
  courseId: CheckoutCourseId,
  campaignCode: string | null,
  signedInAs: string | null,
): CheckoutQuoteResponse | null {
  const { data } = useQuery({
    queryKey: ['checkout', 'quote', signedInAs, courseId, campaignCode],
    queryFn: ({ signal }) => fetchCheckoutQuote(courseId, campaignCode, signal),
    enabled: !!signedInAs,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  return signedInAs && data?.courseId === courseId ? data : null;
}
