import type { CheckoutCourseId, CheckoutQuoteResponse } from '@academy/contracts';
import { useEffect, useState } from 'react';
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
 */
export function useCheckoutQuote(
  courseId: CheckoutCourseId,
  campaignCode: string | null,
  signedInAs: string | null,
): CheckoutQuoteResponse | null {
  const [quote, setQuote] = useState<CheckoutQuoteResponse | null>(null);
  useEffect(() => {
    setQuote(null);
    if (!signedInAs) return;
    const ctl = new AbortController();
    fetchCheckoutQuote(courseId, campaignCode, ctl.signal).then(
      (q) => setQuote(q),
      () => setQuote(null),
    );
    return () => ctl.abort();
  }, [courseId, campaignCode, signedInAs]);
  return quote?.courseId === courseId ? quote : null;
}
