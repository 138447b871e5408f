import type { CatalogItem } from '@academy/contracts';
import { formatPriceKr } from '../../../lib/format';
import { CHECKOUT_COPY as T } from '../content';
import './OrderSummary.css';

/** What the order costs: the ordinary price, the launch discount and the total, from the catalogue. */
export function OrderSummary({ item }: { item: CatalogItem }) {
  const discounted = item.beforePriceOre !== null && item.discountOre > 0;
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-card__title">
        {T.summaryTitle}
      </h2>
      <dl className="checkout-summary__rows">
        <div className="checkout-summary__row">
          <dt>
            {item.title}
            {discounted && <span className="checkout-summary__sub">{T.originalPrice}</span>}
          </dt>
          <dd>{formatPriceKr(discounted ? item.beforePriceOre! : item.priceOre)}</dd>
        </div>
        {discounted && (
          <div className="checkout-summary__row checkout-summary__row--discount">
            <dt>{T.launchDiscount}</dt>
            <dd>−{formatPriceKr(item.discountOre)}</dd>
          </div>
        )}
        <div className="checkout-summary__row checkout-summary__row--total">
          <dt>{T.total}</dt>
          <dd data-testid="checkout-total">{formatPriceKr(item.priceOre)}</dd>
        </div>
      </dl>
      {discounted && <p className="checkout-summary__saving">{T.saves(formatPriceKr(item.discountOre))}</p>}
    </section>
  );
}
