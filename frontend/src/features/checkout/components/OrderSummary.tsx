import type { CampaignCodeQuote, CatalogItem } from '@academy/contracts';
import { formatPriceKr } from '../../../lib/format';
import { CHECKOUT_COPY as T } from '../content';
import './OrderSummary.css';

/**
 * What the order costs: the ordinary price, the launch discount (while it holds) and a campaign code's
 * discount as the server priced it, and the total.
 */
export function OrderSummary({ item, quote = null }: { item: CatalogItem; quote?: CampaignCodeQuote | null }) {
  const discounted = item.beforePriceOre !== null && item.discountOre > 0;
  const code = quote && quote.courseId === item.id ? quote : null;
  const saved = (discounted ? item.discountOre : 0) + (code?.discountOre ?? 0);
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
        {code && (
          <div className="checkout-summary__row checkout-summary__row--discount">
            <dt>{T.codeApplied(code.code)}</dt>
            <dd>−{formatPriceKr(code.discountOre)}</dd>
          </div>
        )}
        <div className="checkout-summary__row checkout-summary__row--total">
          <dt>{T.total}</dt>
          <dd data-testid="checkout-total">{formatPriceKr(code ? code.priceOre : item.priceOre)}</dd>
        </div>
      </dl>
      {saved > 0 && <p className="checkout-summary__saving">{T.saves(formatPriceKr(saved))}</p>}
    </section>
  );
}
