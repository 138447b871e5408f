import type { CatalogItem } from '@academy/contracts';
import { formatPriceDash, formatPriceKr } from '../lib/format';

export { formatPriceDash, formatPriceKr };

/** "1 997,-" (format dash) or "1 997 kr"; 0 is "GRATIS". */
export function Price({ ore, format = 'kr', className }: { ore: number; format?: 'kr' | 'dash'; className?: string }) {
  const text = ore === 0 ? 'GRATIS' : format === 'dash' ? formatPriceDash(ore) : formatPriceKr(ore);
  return <span className={className}>{text}</span>;
}

/**
 * Current price with the struck-through before price and the saving, all from the catalogue.
 * A before price is only shown beside a current discount (DECISIONS.md).
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
        {discounted && (
          <s className="price-tag__before">
            <span className="sr-only">Før </span>
            {formatPriceKr(item.beforePriceOre!)}
          </s>
        )}
        {showValue && item.valueOre ? <span className="price-tag__value">verdi {formatPriceKr(item.valueOre)}</span> : null}
      </div>
      {discounted && showSaving && (
        <p className="price-tag__saving">
          Lanseringsrabatt: du sparer <strong>{formatPriceKr(item.discountOre)}</strong>
        </p>
      )}
    </div>
  );
}
