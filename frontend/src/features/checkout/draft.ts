import { isCheckoutCourseId, type CheckoutCourseId, type CheckoutStatusResponse, type PaymentMethod } from '@academy/contracts';

/**
 * The order form as the buyer sent it to the payment provider, kept in this tab's sessionStorage so
 * that every way back (the provider's cancel link, a rejected Vipps payment, the back button, a
 * reload) fills the form in again as it was: course, campaign code, method, e-mail, names and ticks.
 * Written only when the buyer asks to pay (strictly necessary for the service asked for, ekomloven
 * § 3-15: no cookie consent needed), removed once the payment is confirmed; gone when the tab closes.
 */
export interface CheckoutDraft {
  course: CheckoutCourseId;
  code: string | null;
  method: PaymentMethod;
  email: string;
  firstName: string;
  lastName: string;
  acceptTerms: boolean;
  acceptRisk: boolean;
  /** Set while the buyer is away at the provider (sent there by this form). */
  leftFor: PaymentMethod | null;
  /** The reference of the payment the buyer was sent to, to ask whether it went through meanwhile. */
  reference: string | null;
}

const STORAGE_KEY = 'bestilling-utkast';
const METHODS: readonly PaymentMethod[] = ['card', 'vipps', 'klarna'];

export const isPaymentMethod = (v: unknown): v is PaymentMethod => METHODS.includes(v as PaymentMethod);

const str = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : '');

export function readCheckoutDraft(): CheckoutDraft | null {
  let raw: string | null = null;
  try {
    raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (!isCheckoutCourseId(d.course)) return null;
    return {
      course: d.course,
      code: str(d.code, 64) || null,
      method: isPaymentMethod(d.method) ? d.method : 'card',
      email: str(d.email),
      firstName: str(d.firstName),
      lastName: str(d.lastName),
      acceptTerms: d.acceptTerms === true,
      acceptRisk: d.acceptRisk === true,
      leftFor: isPaymentMethod(d.leftFor) ? d.leftFor : null,
      reference: typeof d.reference === 'string' && /^[A-Za-z0-9_-]{1,260}$/.test(d.reference) ? d.reference : null,
    };
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage unavailable (private mode): the way back fills in what its address carries.
  }
}

export function clearCheckoutDraft(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** How a payment came back without going through, as the order form's address says it (`?betaling=`). */
export type ReturnReason = 'avbrutt' | 'avvist' | 'utlopt' | 'avsluttet' | 'ikke-fullfort' | 'tilbake';
const REASONS: readonly ReturnReason[] = ['avbrutt', 'avvist', 'utlopt', 'avsluttet', 'ikke-fullfort', 'tilbake'];
export const isReturnReason = (v: unknown): v is ReturnReason => REASONS.includes(v as ReturnReason);

/** How the order form names a payment that ended without going through, from its status. */
export function returnReasonOf(data: Pick<CheckoutStatusResponse, 'status' | 'endedBy'>): ReturnReason {
  switch (data.endedBy) {
    case 'aborted':
      return 'avbrutt';
    case 'expired':
      return 'utlopt';
    case 'terminated':
      return 'avsluttet';
    case 'failed':
      return 'avvist';
    default:
      return data.status === 'failed' ? 'avvist' : 'ikke-fullfort';
  }
}
