import type { CatalogItem } from '@academy/contracts';
import { formatPriceKr } from '../lib/format';
import { inLaunch } from '../lib/launch';
import './Price.css';

/** A struck-through before price; screen readers hear "Før". */
export function BeforePrice({ ore, className }: { ore: number; className?: string }) {
  return (
    <s className={className}>
      <span className="sr-only">Før </span>
      {formatPriceKr(ore)}
    </s>
  );
}

/**
 * Current price with the struck-through before price and the saving, all from the catalogue.
 * A before price is only shown beside a current discount (docs/decisions.md "Before prices").
 */
export function PriceTag({
  item,
  size = 'md',
  showSaving = true,
  showValue = false,
  tone = 'default',
}: {
  item: CatalogItem;
  size?: 'sm' | 'md' | 'lg';
  showSaving?: boolean;
  /** For free items: show "verdi 799 kr" from valueOre. */
  showValue?: boolean;
  tone?: 'default' | 'dark';
}) {
  const discounted = item.beforePriceOre !== null && item.discountOre > 0;
  return (
    <div className={`price-tag price-tag--${size} price-tag--${tone}`}>
      <div className="price-tag__row">
        <span className="price-tag__now">{item.priceOre === 0 ? 'GRATIS' : formatPriceKr(item.priceOre)}</span>
        {discounted && <BeforePrice ore={item.beforePriceOre!} className="price-tag__before" />}
        {showValue && item.valueOre ? <span className="price-tag__value">verdi {formatPriceKr(item.valueOre)}</span> : null}
      </div>
      {discounted && showSaving && (
        <p className="price-tag__saving">
          {inLaunch(item) ? 'Lanseringsrabatt: du sparer' : 'Du sparer'} <strong>{formatPriceKr(item.discountOre)}</strong>
        </p>
      )}
    </div>
  );
}
