import type { Attribution, CheckoutCourseId, CheckoutSessionResponse, PaymentMethod } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

export interface CreateCheckoutSessionBody {
  courseId: CheckoutCourseId;
  email: string;
  firstName: string;
  lastName: string;
  paymentMethod: PaymentMethod;
  /** Immediate delivery, and the right of withdrawal lapses (angrerettloven § 22 n). */
  acceptTerms: true;
  /** A campaign code; the server checks and prices it. */
  campaignCode?: string;
  attribution?: Attribution;
}

/**
 * POST /api/checkout/sessions → 201 {url} (Stripe Checkout) or {url, demo: true} (demo payments, already
 * signed in). No price is sent: the server charges the catalogue's price.
 */
export function createCheckoutSession(body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
  return apiPost<CheckoutSessionResponse>('/api/checkout/sessions', body);
}
