import type { PaymentMethod } from './catalog';
import type { RenewalMethod } from './membership';

/**
 * Second chances (docs/decisions.md "Checkout reminders"): a buyer who started a checkout and did not
 * pay gets one reminder after an hour and one after a day, only with a basis under
 * markedsføringsloven § 15: the unticked box below, ticked, or an existing customer who has not opted out.
 */
export const CHECKOUT_REMINDER_TEXT = 'Send meg en påminnelse hvis jeg ikke fullfører';
/** When reminder 1 and 2 are due after the buyer's last checkout. */
export const CHECKOUT_REMINDER_DELAYS_MS = [3_600_000, 86_400_000] as const;

/** What allowed a reminder: the ticked box, or an existing customer relationship (ekomloven/§ 15 second paragraph). */
export type CheckoutReminderBasis = 'consent' | 'customer';

/** GET /api/checkout-reminders/:token: the checkout as the buyer left it, for the reminder's link. */
export interface CheckoutReminderRestore {
  courseId: string;
  email: string;
  firstName: string;
  lastName: string;
  campaignCode: string | null;
  paymentMethod: PaymentMethod;
}

/** The list behind each VIP figure (the order list's `vip` filter: the first orders of the subscriptions). */
export const VIP_LIST_FILTERS = ['renewing', 'due30', 'grace', 'ended30', 'ended365'] as const;
export type VipListFilter = (typeof VIP_LIST_FILTERS)[number];

/** The list behind each reminder figure (the order list's `reminder` filter). */
export const REMINDER_LIST_FILTERS = ['started', 'reminded', 'recovered'] as const;
export type ReminderListFilter = (typeof REMINDER_LIST_FILTERS)[number];

export interface AdminVipMethodFigures {
  renewing: number;
  mrrOre: number;
  dueIn30Days: number;
  dueIn30DaysOre: number;
  inGrace: number;
  ended30Days: number;
  ended365Days: number;
  churn30Percent: number;
  churn365Percent: number;
}

/** GET /api/admin/stats `vip`: automatic VIP renewals now (the period does not apply). */
export interface AdminVipFigures extends AdminVipMethodFigures {
  byMethod: Record<RenewalMethod, AdminVipMethodFigures>;
}

/** GET /api/admin/stats `reminders`: checkouts started in the period with a reminder plan. */
export interface AdminReminderFigures {
  started: number;
  reminded: number;
  recovered: number;
  recoveredOre: number;
}

/** The reminder link's answer when it is not genuine or its checkout is gone (404). */
export const CHECKOUT_REMINDER_GONE = 'Vi fant ikke bestillingen fra påminnelsen. Du kan starte en ny bestilling.';
