import { CONTACT_EMAIL_PLACEHOLDER, isDiscordFrontPage } from '@academy/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LegalLinks } from '../../components/LegalLinks';
import { Logo } from '../../components/Logo';
import { SellerDetails } from '../../components/SellerDetails';
import { paths } from '../../config/paths';
import { useCatalogVat, useSettings } from '../../lib/app-state';
import { useCookieSettings } from '../../lib/cookie-settings';
import { useSignedIn } from '../../lib/signed-in';
import './Footer.css';

/** One titled link list of the footer. */
function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title} className="footer__col">
      <h2 className="footer__heading">{title}</h2>
      <ul>{children}</ul>
    </nav>
  );
}

export function Footer() {
  const settings = useSettings();
  const vat = useCatalogVat();
  const { openSettings } = useCookieSettings();
  const signedIn = useSignedIn();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <Link to={paths.home.href()} className="footer__logo">
            <Logo size={28} />
            <span>{settings.siteName}</span>
          </Link>
          <p>Trading-utdanning på norsk: markedsstruktur, Wyckoff, risikostyring og psykologi, fra første chart til egen plan.</p>
        </div>
        <FooterColumn title="Kurs">
          <li>
            <Link to={paths.free.href()}>Gratis startkurs</Link>
          </li>
          <li>
            <Link to={paths.courseSales.href('foundation')}>Foundation</Link>
          </li>
          <li>
            <Link to={paths.courseSales.href('accelerator')}>Accelerator</Link>
          </li>
          <li>
            <Link to={paths.crypto.href()}>Kryptovaluta</Link>
          </li>
          <li>{signedIn ? <Link to={paths.dashboard.href()}>Mine kurs</Link> : <Link to={paths.login.href()}>Logg inn</Link>}</li>
        </FooterColumn>
        <FooterColumn title="Kontakt">
          {settings.contactEmail !== CONTACT_EMAIL_PLACEHOLDER && (
            <li>
              <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
            </li>
          )}
          {!isDiscordFrontPage(settings.communityUrl) && (
            <li>
              <a href={settings.communityUrl} target="_blank" rel="noopener noreferrer">
                Bli med i fellesskapet (Discord)
              </a>
            </li>
          )}
        </FooterColumn>
        <FooterColumn title="Juridisk">
          <LegalLinks />
          <li>
            <button type="button" className="footer__linkbutton" onClick={openSettings}>
              Cookie-innstillinger
            </button>
          </li>
        </FooterColumn>
      </div>
      <div className="container footer__legal">
        <p>
          Innholdet er opplæring, ikke finansiell rådgivning. Trading innebærer risiko for tap, og tidligere resultater er ingen
          garanti for fremtidig avkastning.
        </p>
        <p>
          © {new Date().getFullYear()} {settings.siteName}. {vat}
        </p>
        <p className="footer__seller">
          Selger: <SellerDetails />
        </p>
      </div>
    </footer>
  );
}
