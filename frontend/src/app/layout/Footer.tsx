import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSettings } from '../../lib/app-state';
import { useCookieSettings } from './CookieConsent';
import { Logo } from './Logo';

export function Footer() {
  const settings = useSettings();
  const { openSettings } = useCookieSettings();
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
        <nav aria-label="Kurs" className="footer__col">
          <h2 className="footer__heading">Kurs</h2>
          <ul>
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
            <li>
              <Link to={paths.login.href()}>Logg inn</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Kontakt" className="footer__col">
          <h2 className="footer__heading">Kontakt</h2>
          <ul>
            <li>
              <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
            </li>
            <li>
              <a href={settings.communityUrl} target="_blank" rel="noopener noreferrer">
                Bli med i fellesskapet (Discord)
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Juridisk" className="footer__col">
          <h2 className="footer__heading">Juridisk</h2>
          <ul>
            <li>
              <Link to={paths.terms.href()}>Vilkår</Link>
            </li>
            <li>
              <Link to={paths.privacy.href()}>Personvern</Link>
            </li>
            <li>
              <Link to={paths.cookies.href()}>Cookies</Link>
            </li>
            <li>
              <button type="button" className="footer__linkbutton" onClick={openSettings}>
                Cookie-innstillinger
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer__legal">
        <p>
          Innholdet er opplæring, ikke finansiell rådgivning. Trading innebærer risiko for tap, og tidligere resultater er ingen
          garanti for fremtidig avkastning.
        </p>
        <p>
          © {new Date().getFullYear()} {settings.siteName}. Alle priser i NOK inkl. mva.
        </p>
      </div>
    </footer>
  );
}
