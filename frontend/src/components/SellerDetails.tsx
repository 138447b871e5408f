import { isPlaceholderSeller, TEST_ENVIRONMENT_SELLER_TEXT, type SellerInfo } from '@academy/contracts';
import { useSettings } from '../lib/app-state';

/**
 * The seller, named the same way everywhere (footer, terms, privacy page, receipts): name,
 * "Org.nr. 123 456 789 MVA", address. `seller` defaults to the configured one (SELLER_*);
 * a receipt passes the seller stored on the document.
 */
export function SellerDetails({
  seller,
  layout = 'inline',
  className,
}: {
  seller?: SellerInfo;
  layout?: 'inline' | 'block';
  className?: string;
}) {
  const configured = useSettings().seller;
  const s = seller ?? configured;
  // A test environment's placeholders ("Selger AS (SELLER_NAME ikke satt)", "Org.nr. 000 000 000") never pass for a seller.
  if (isPlaceholderSeller(s))
    return (
      <span className={className} data-testid="seller" data-placeholder="true">
        {TEST_ENVIRONMENT_SELLER_TEXT}
      </span>
    );
  if (layout === 'block') {
    return (
      <address className={className} data-testid="seller">
        <strong>{s.name}</strong>
        <br />
        {s.orgNrText}
        <br />
        {s.address}
      </address>
    );
  }
  return (
    <span className={className} data-testid="seller">
      {s.name} · {s.orgNrText} · {s.address}
    </span>
  );
}
