import type { ReactNode } from 'react';
import { AppShell } from '../../../components/AppShell';
import { Icon } from '../../../components/Icon';
import { LegalLinks } from '../../../components/LegalLinks';
import { MailLink } from '../../../components/MailLink';
import { SellerDetails } from '../../../components/SellerDetails';
import { SiteHeader } from '../../../components/SiteHeader';
import { useCatalogVat, useSettings } from '../../../lib/app-state';
import { CHECKOUT_COPY } from '../content';
import './CheckoutShell.css';

/** The checkout's own chrome: a quiet header (no navigation away from the purchase) and a small footer. */
export function CheckoutShell({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const vat = useCatalogVat();
  return (
    <AppShell
      variant="checkout"
      header={
        <SiteHeader
          variant="checkout"
          actions={
            <span className="checkout-header__secure">
              <Icon name="lock" size={16} />
              {CHECKOUT_COPY.secure}
            </span>
          }
        />
      }
      footer={
        <footer className="checkout-footer">
          <div className="container checkout-footer__inner">
            <MailLink address={settings.contactEmail} />
            <nav aria-label="Juridisk">
              <ul className="checkout-footer__links">
                <LegalLinks />
              </ul>
            </nav>
            <p className="checkout-footer__note">{vat}</p>
            <p className="checkout-footer__note">
              Selger: <SellerDetails />
            </p>
          </div>
        </footer>
      }
    >
      {children}
    </AppShell>
  );
}
