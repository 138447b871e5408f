import { KLARNA_MIN_ORE, type PaymentMethod } from '@academy/contracts';
import { formatPriceKr } from '../../../lib/format';
import { CHECKOUT_COPY as T } from '../content';
import { PAYMENT_OPTIONS, type PaymentChoice } from '../payment-options';
import { CheckoutOption } from './CheckoutOption';

/**
 * "Betaling": the methods offered as radio cards (Klarna unavailable, with the reason, under its
 * minimum), what happened when Klarna had to give way, and how Klarna works when it is chosen.
 */
export function PaymentMethods({
  name,
  choice,
  amountOre,
  onChoose,
}: {
  name: string;
  choice: PaymentChoice;
  amountOre: number;
  onChoose: (id: PaymentMethod) => void;
}) {
  const { options, method, available, klarnaMoved } = choice;
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-card__title">{T.paymentTitle}</legend>
      <div className="checkout-options checkout-options--pay">
        {options.map((o) => (
          <CheckoutOption
            key={o.id}
            pay
            name={name}
            value={o.id}
            checked={method === o.id}
            disabled={!available(o.id)}
            onSelect={() => onChoose(o.id)}
            title={o.label}
            desc={available(o.id) ? o.hint : T.klarnaTooLow(formatPriceKr(KLARNA_MIN_ORE))}
          />
        ))}
      </div>
      {klarnaMoved && (
        <p className="checkout-message checkout-message--info checkout-klarna-moved" role="status" data-testid="klarna-moved">
          {T.klarnaMoved(
            formatPriceKr(KLARNA_MIN_ORE),
            formatPriceKr(amountOre),
            PAYMENT_OPTIONS.find((o) => o.id === method)?.label ?? method,
          )}
        </p>
      )}
      {method === 'klarna' && (
        <div className="checkout-klarna" data-testid="klarna-info">
          <p className="checkout-klarna__title">{T.klarnaInfoTitle}</p>
          <p>{T.klarnaInfo}</p>
          <a href={T.klarnaTermsUrl} target="_blank" rel="noopener noreferrer">
            {T.klarnaTermsLink}
          </a>
        </div>
      )}
    </fieldset>
  );
}
