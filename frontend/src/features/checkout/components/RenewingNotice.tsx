import type { MembershipView } from '@academy/contracts';
import { Link } from 'react-router-dom';
import { formatLongDateOslo, formatPriceKr } from '../../../lib/format';

const METHOD = { card: 'trekkes fra kortet ditt', vipps: 'trekkes med Vipps' } as const;

/**
 * A member whose membership already renews by itself is sold no second year (docs/decisions.md
 * "Automatic renewal"): the order page shows her renewal (date, price, method) and what buying now
 * would do, with the way to the VIP page, instead of the order button.
 */
export function RenewingNotice({ m }: { m: MembershipView }) {
  if (!m.renewsAt || m.renewalPriceOre === null || !m.renewalMethod) return null;
  const on = formatLongDateOslo(m.renewsAt);
  return (
    <div className="checkout-message checkout-message--info" role="status" data-testid="checkout-renewing">
      <p>
        <strong>
          {m.title} fornyes allerede automatisk {on} for {formatPriceKr(m.renewalPriceOre)}
        </strong>{' '}
        ({METHOD[m.renewalMethod]}). Da får du 12 nye måneder, så du trenger ikke kjøpe noe nå: et år kjøpt her ville blitt betalt
        i tillegg til fornyelsen. Vil du endre kortet eller si opp fornyelsen, gjør du det på {m.title}-siden.
      </p>
      <Link to={`/account/settings#membership-${m.productId}`}>Gå til {m.title}-siden →</Link>
    </div>
  );
}
