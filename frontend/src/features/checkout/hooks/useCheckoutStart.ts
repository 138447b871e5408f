import { isCheckoutCourseId, PARTNER_QUERY_PARAM, type CheckoutCourseId, type PaymentMethod } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { partnerCode } from '../../../lib/partner';
import {
  isPaymentMethod,
  isReturnReason,
  readCheckoutDraft,
  saveCheckoutDraft,
  type CheckoutDraft,
  type ReturnReason,
} from '../draft';

/**
 * How the page was opened: the address (a campaign link, the provider's way back) and, in this tab, the
 * form as the buyer last sent it to the provider (restored when it is for the same course). The buyer's
 * e-mail address never travels in a way back: it comes from this tab's copy (or the router's state); a
 * way back from an older link with `?email=` has it taken out of the address bar.
 */
export function useCheckoutStart() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [start] = useState(() => {
    const stateEmail = (location.state as { email?: unknown } | null)?.email;
    const queryCourse = params.get('course');
    const saved = readCheckoutDraft();
    const draft: CheckoutDraft | null = saved && (queryCourse === null || saved.course === queryCourse) ? saved : null;
    const course: CheckoutCourseId = isCheckoutCourseId(queryCourse) ? queryCourse : (draft?.course ?? 'foundation');
    const queryMethod = params.get('metode');
    const method: PaymentMethod = isPaymentMethod(queryMethod) ? queryMethod : (draft?.method ?? 'card');
    const queryReason = params.get('betaling');
    // Back in this tab from the provider without its way back (the back button, a reload): said too.
    const reason: ReturnReason | null = isReturnReason(queryReason) ? queryReason : draft?.leftFor ? 'tilbake' : null;
    const returnedFrom: PaymentMethod = isPaymentMethod(queryMethod) ? queryMethod : (draft?.leftFor ?? method);
    return {
      course,
      method,
      email: (typeof stateEmail === 'string' ? stateEmail : null) ?? params.get('email') ?? draft?.email ?? '',
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      acceptTerms: draft?.acceptTerms ?? false,
      acceptRisk: draft?.acceptRisk ?? false,
      code: params.get('kode') ?? params.get(PARTNER_QUERY_PARAM) ?? draft?.code ?? partnerCode() ?? null,
      returned: reason ? { reason, method: returnedFrom } : null,
      /** Back without the provider's word (the back button, a reload): the payment to ask about. */
      leftReference: reason === 'tilbake' ? (draft?.reference ?? null) : null,
    };
  });
  useEffect(() => {
    // Said once: a reload afterwards shows the filled-in form without the message.
    if (!start.returned) return;
    const draft = readCheckoutDraft();
    if (draft?.leftFor) saveCheckoutDraft({ ...draft, leftFor: null });
    if (params.has('betaling') || params.has('metode') || params.has('email')) {
      const next = new URLSearchParams(params);
      next.delete('betaling');
      next.delete('metode');
      next.delete('email');
      setParams(next, { replace: true });
    }
    // Once, on the way in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return start;
}

export type CheckoutStart = ReturnType<typeof useCheckoutStart>;
