import type { OrderStatus } from './api';
import type { PaymentMethod } from './catalog';

/**
 * Norwegian names of an order's codes, one place for the panel and the CSV exports (which speak
 * the panel's words, never the API's codes).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Venter',
  paid: 'Betalt',
  failed: 'Feilet',
  expired: 'Utløpt',
  refunded: 'Refundert',
  partially_refunded: 'Delvis refundert',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Kort', vipps: 'Vipps', klarna: 'Klarna' };

export const PAYMENT_PROVIDER_LABELS: Record<'stripe' | 'vipps' | 'demo', string> = {
  stripe: 'Stripe',
  vipps: 'Vipps MobilePay',
  demo: 'Demo',
};

export const ROLE_LABELS: Record<'student' | 'admin', string> = { student: 'Elev', admin: 'Administrator' };

/**
 * The list filter `refusal` (GET /api/admin/orders): `awaiting_refund` is a payment refused when it
 * landed whose refund has not gone through yet (the work queue's count), `refused` every refused one.
 */
export const ORDER_REFUSAL_FILTERS = ['awaiting_refund', 'refused'] as const;
export type OrderRefusalFilter = (typeof ORDER_REFUSAL_FILTERS)[number];

/**
 * An order's status as the mentor reads it. A payment refused when it landed (`refusal` set) never
 * gave the course: while its refund waits it is «Avvist – venter på refusjon», not «Betalt».
 */
export function orderStatusLabel(status: OrderStatus, refusal?: string | null): string {
  if (refusal && status === 'paid') return 'Avvist – venter på refusjon';
  if (refusal && status === 'refunded') return 'Avvist og refundert';
  return ORDER_STATUS_LABELS[status] ?? status;
}
