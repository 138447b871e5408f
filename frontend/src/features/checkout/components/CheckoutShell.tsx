import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../app/layout/Logo';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-state';
import { CHECKOUT_COPY } from '../content';
import '../checkout.css';

/** The checkout's own chrome: a quiet header (no navigation away from the purchase) and a small footer. */
export function CheckoutShell({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div className="checkout">
      <a className="skip-link" href="#main">
        Hopp til innholdet
      </a>
      <header className="checkout-header">
        <div className="container checkout-header__inner">
          <Link to={paths.home.href()} className="checkout-header__brand" aria-label={`${settings.siteName} – til forsiden`}>
            <Logo />
            <span>{settings.siteName}</span>
          </Link>
          <span className="checkout-header__secure">
            <Icon name="lock" size={16} />
            {CHECKOUT_COPY.secure}
          </span>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="checkout__main">
        {children}
      </main>
      <footer className="checkout-footer">
        <div className="container checkout-footer__inner">
          <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
          <nav aria-label="Juridisk">
            <ul className="checkout-footer__links">
              <li>
                <Link to={paths.terms.href()}>Vilkår</Link>
              </li>
              <li>
                <Link to={paths.privacy.href()}>Personvern</Link>
              </li>
              <li>
                <Link to={paths.cookies.href()}>Cookies</Link>
              </li>
            </ul>
          </nav>
          <p className="checkout-footer__note">Alle priser i NOK inkl. mva.</p>
        </div>
      </footer>
    </div>
  );
}
