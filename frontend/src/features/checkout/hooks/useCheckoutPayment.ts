import type { PaymentMethod } from '@academy/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { fetchCheckoutStatus } from '../api/checkout-status';
import { createCheckoutSession, type CreateCheckoutSessionBody } from '../api/create-checkout-session';
import { CHECKOUT_COPY as T } from '../content';
import { readCheckoutDraft, returnReasonOf, saveCheckoutDraft, type CheckoutDraft } from '../draft';
import { rememberCheckoutSessionId } from '../session-id';
import type { CheckoutStart } from './useCheckoutStart';

/**
 * Sending the order and the ways back from the provider: busy while the order is made, then off to the
 * provider (or, for a demo payment, to the confirmation); the error or "already owned" when it is
 * refused; and what happened at the provider when the buyer comes back to the form.
 */
export function useCheckoutPayment(start: CheckoutStart) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [owned, setOwned] = useState<string | null>(null);
  const [returned, setReturned] = useState(start.returned);
  // Back in this tab from the provider without its way back: the payment may have gone through
  // meanwhile (in another tab, or approved in the Vipps app). Paid: the confirmation, not the form;
  // ended: what ended it.
  const checkLeft = useCallback(
    (reference: string, method: PaymentMethod) => {
      fetchCheckoutStatus(reference).then(
        (s) => {
          if (s.status === 'paid') {
            rememberCheckoutSessionId(reference);
            void navigate(paths.paymentComplete.href(), { replace: true });
          } else if (s.status === 'failed' || s.status === 'expired') {
            setReturned({ reason: returnReasonOf(s), method: s.paymentMethod ?? method });
          }
        },
        () => undefined,
      );
    },
    [navigate],
  );
  useEffect(() => {
    if (start.leftReference && start.returned) checkLeft(start.leftReference, start.returned.method);
  }, [start, checkLeft]);
  // Back from the provider with the browser's back button, the page comes out of the back/forward cache
  // as it was left: busy. The payment was not made here, so the form is ready again and says so (as a
  // fresh load after leaving does), unless the payment went through meanwhile.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setBusy(false);
      const draft = readCheckoutDraft();
      if (draft?.leftFor) {
        setReturned({ reason: 'tilbake', method: draft.leftFor });
        saveCheckoutDraft({ ...draft, leftFor: null });
        if (draft.reference) checkLeft(draft.reference, draft.leftFor);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [checkLeft]);

  /** Another course chosen: what was said about the last one goes. */
  const resetMessages = () => {
    setOwned(null);
    setError(null);
  };

  /** Makes the order and leaves for the provider; `draft` is the form as sent, kept for the way back. */
  const pay = async (draft: CheckoutDraft, order: CreateCheckoutSessionBody) => {
    setBusy(true);
    setError(null);
    setOwned(null);
    setReturned(null);
    try {
      const res = await createCheckoutSession(order);
      if (res.reference) rememberCheckoutSessionId(res.reference);
      if (res.demo) {
        // Paid at once: the same confirmation page as a paid purchase, which says it was a demo.
        saveCheckoutDraft(draft);
        await refresh();
        void navigate(res.url);
        return;
      }
      // Kept for the way back: the form as sent, and that the buyer is away at the provider.
      saveCheckoutDraft({ ...draft, leftFor: draft.method, reference: res.reference ?? null });
      try {
        window.location.assign(res.url);
      } catch (navErr) {
        console.error('Kunne ikke åpne betalingssiden', navErr);
        saveCheckoutDraft(draft);
        setError(T.redirectError);
        setBusy(false);
      }
    } catch (err) {
      console.error('Det oppstod en feil ved opprettelse av betalingen', err);
      setBusy(false);
      if (err instanceof ApiError && err.code === 'ALREADY_OWNED') {
        setOwned(err.message);
        return;
      }
      // Whatever the server refused (a detail, a running renewal, payments switched off): its own words.
      if (err instanceof ApiError) {
        setError(err.message);
        return;
      }
      setError(T.paymentError);
    }
  };

  return { busy, error, owned, returned, pay, resetMessages };
}
