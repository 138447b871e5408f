import type { CheckoutReminderRestore } from '@academy/contracts';
import { apiGet } from '../../../lib/api';

/** GET /api/checkout-reminders/:token: the checkout a reminder's link brings back, as the buyer left it. */
export function fetchCheckoutReminder(token: string, signal?: AbortSignal): Promise<CheckoutReminderRestore> {
  return apiGet<CheckoutReminderRestore>(`/api/checkout-reminders/${encodeURIComponent(token)}`, signal);
}
