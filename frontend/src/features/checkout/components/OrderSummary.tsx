import type { CampaignCodeQuote, CatalogItem, CheckoutQuoteResponse } from '@academy/contracts';
import { usePriceVat } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { CHECKOUT_COPY as T } from '../content';
import './OrderSummary.css';

/**
 * What the order costs: the ordinary price, the launch discount (while it holds), an upgrade's credit
 * on its own line (the signed-in student's quote), a campaign code's discount as the server priced it
 * (after the credit), and the total.
 */
export function OrderSummary({
  item,
  quote = null,
  checkoutQuote = null,
  upgradeFromTitle = null,
}: {
  item: CatalogItem;
  quote?: CampaignCodeQuote | null;
  /** The signed-in student's quote for this course (and code): its numbers are what is charged. */
  checkoutQuote?: CheckoutQuoteResponse | null;
  upgradeFromTitle?: string | null;
}) {
  const vat = usePriceVat(item);
  const discounted = item.beforePriceOre !== null && item.discountOre > 0;
  const code = quote && quote.courseId === item.id ? quote : null;
  const priced = checkoutQuote && checkoutQuote.courseId === item.id ? checkoutQuote : null;
  const creditOre = priced?.upgradeCreditOre ?? 0;
  const codeDiscountOre = priced ? priced.discountOre : (code?.discountOre ?? 0);
  const totalOre = priced ? priced.amountOre : code ? code.priceOre : item.priceOre;
  const saved = (discounted ? item.discountOre : 0) + codeDiscountOre;
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
        {creditOre > 0 && (
          <div className="checkout-summary__row checkout-summary__row--discount" data-testid="checkout-upgrade-credit">
            <dt>{T.upgradeCredit(upgradeFromTitle ?? '')}</dt>
            <dd>−{formatPriceKr(creditOre)}</dd>
          </div>
        )}
        {code && codeDiscountOre > 0 && (
          <div className="checkout-summary__row checkout-summary__row--discount">
            <dt>{T.codeApplied(code.code)}</dt>
            <dd>−{formatPriceKr(codeDiscountOre)}</dd>
          </div>
        )}
        <div className="checkout-summary__row checkout-summary__row--total">
          <dt>{T.total(vat.short)}</dt>
          <dd data-testid="checkout-total">{formatPriceKr(totalOre)}</dd>
        </div>
      </dl>
      {creditOre > 0 && upgradeFromTitle && (
        <p className="checkout-summary__upgrade">{T.upgradeNote(upgradeFromTitle, item.title)}</p>
      )}
      {saved > 0 && <p className="checkout-summary__saving">{T.saves(formatPriceKr(saved))}</p>}
    </section>
  );
}
