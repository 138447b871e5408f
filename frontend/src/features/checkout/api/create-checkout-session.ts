import type { CheckoutCourseId, CheckoutSessionResponse, CreateCheckoutSessionRequest } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

/** The checkout's body; the page offers only the courses sold there. No price is sent. */
export interface CreateCheckoutSessionBody extends CreateCheckoutSessionRequest {
  courseId: CheckoutCourseId;
}

/**
 * POST /api/checkout/sessions → 201 {url} (Stripe Checkout) or {url, demo: true} (demo payments, already
 * signed in). No price is sent: the server charges the catalogue's price.
 */
export function createCheckoutSession(body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
  return apiPost<CheckoutSessionResponse>('/api/checkout/sessions', body);
}
