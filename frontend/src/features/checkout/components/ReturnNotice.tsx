import type { PaymentMethod } from '@academy/contracts';
import { CHECKOUT_COPY as T } from '../content';
import type { ReturnReason } from '../draft';

/** What happened at the provider, at the top of the form it brought the buyer back to. */
export function ReturnNotice({ reason, method }: { reason: ReturnReason; method: PaymentMethod }) {
  const copy = T.returned[reason];
  return (
    <div className="checkout-message checkout-message--info checkout-returned" role="alert" data-testid="checkout-returned">
      <p className="checkout-returned__title">{copy[method]}</p>
      <p className="checkout-returned__text">
        {copy.text} {T.returnedRestored}
      </p>
    </div>
  );
}
