import type { CatalogItem, CheckoutCourseId } from '@academy/contracts';
import { BeforePrice } from '../../../components/Price';
import { formatPriceKr } from '../../../lib/format';
import { CHECKOUT_COPY as T } from '../content';
import { CheckoutOption } from './CheckoutOption';

/**
 * The programmes shown together as radio cards: the chosen one at the price to pay (its credit and code
 * taken off), the others at the catalogue's price, each struck against its ordinary price.
 */
export function ProgramPicker({
  name,
  items,
  course,
  priced,
  amountOre,
  onChoose,
}: {
  name: string;
  items: readonly CatalogItem[];
  /** The course chosen. */
  course: CheckoutCourseId;
  /** The programme the price to pay is for (the chosen one, or the group's first). */
  priced: CatalogItem;
  amountOre: number;
  onChoose: (id: CheckoutCourseId) => void;
}) {
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-card__title">{T.programLegend}</legend>
      <div className="checkout-options">
        {items.map((i) => {
          const nowOre = i.id === priced.id ? amountOre : i.priceOre;
          const wasOre = i.beforePriceOre !== null && i.discountOre > 0 ? i.beforePriceOre : i.priceOre;
          return (
            <CheckoutOption
              key={i.id}
              name={name}
              value={i.id}
              checked={i.id === course}
              onSelect={() => onChoose(i.id as CheckoutCourseId)}
              title={
                <>
                  {i.title}
                  {i.popular && <span className="badge badge--success">Mest populær</span>}
                </>
              }
              desc={i.description}
              aside={
                <span className="checkout-option__price" data-testid={`checkout-option-price-${i.id}`}>
                  {wasOre > nowOre && <BeforePrice ore={wasOre} className="checkout-option__before" />}
                  <strong>{formatPriceKr(nowOre)}</strong>
                </span>
              }
            />
          );
        })}
      </div>
    </fieldset>
  );
}
