import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { paths } from '../../config/paths';
import { ACCEPT_ALL, DIALOG_DEFAULTS, REJECT_ALL, readConsent, saveConsent, type ConsentChoice } from '../../lib/consent';
import { CookieSettingsContext } from '../../lib/cookie-settings';
import { CookieSettingsDialog } from './CookieSettingsDialog';
import './CookieConsent.css';

/** Delay before the banner shows when no choice is stored. */
export const BANNER_DELAY_MS = 1000;

/**
 * Cookie banner and settings dialog: hidden at first; without a stored choice the banner
 * appears after 1 s. Every choice is stored, applied to the Google tag (Consent Mode v2) and closes both.
 * The stored choice is applied at start-up by entry-client.
 */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const [consent, setConsent] = useState<ConsentChoice | null>(null);
  const [bannerVisible, setBannerVisible] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    const stored = readConsent();
    if (stored) {
      setConsent(stored);
      return;
    }
    const t = setTimeout(() => setBannerVisible(true), BANNER_DELAY_MS);
    return () => clearTimeout(t);
  }, []);

  const choose = useCallback((choice: ConsentChoice) => {
    saveConsent(choice);
    setConsent(choice);
    setBannerVisible(false);
    setDialogOpen(false);
  }, []);

  const openSettings = useCallback(() => setDialogOpen(true), []);
  const showBanner = bannerVisible && !dialogOpen;
  const banner = useMemo(
    () =>
      showBanner && (
        <section className="cookie-banner" role="region" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
          <div className="cookie-banner__inner">
            <div className="cookie-banner__text">
              <h2 id="cookie-banner-title" className="cookie-banner__title">
                Vi bruker informasjonskapsler
              </h2>
              <p>
                Nødvendige cookies får nettsiden til å fungere. Med ditt samtykke bruker vi også cookies for innstillinger,
                statistikk og markedsføring. Les mer i <Link to={paths.cookies.href()}>cookie-erklæringen</Link>.
              </p>
            </div>
            <div className="cookie-banner__actions">
              <Button variant="ghost" size="sm" onClick={() => setDialogOpen(true)}>
                Tilpass
              </Button>
              <Button variant="secondary" size="sm" onClick={() => choose(REJECT_ALL)}>
                Avvis alle
              </Button>
              <Button variant="primary" size="sm" onClick={() => choose(ACCEPT_ALL)}>
                Aksepter alle
              </Button>
            </div>
          </div>
        </section>
      ),
    [showBanner, choose],
  );
  // Rendered by the page's skip link (first in the tab order after it), not at the end of the page.
  const api = useMemo(() => ({ openSettings, consent, banner: banner || null }), [openSettings, consent, banner]);

  return (
    <CookieSettingsContext.Provider value={api}>
      {children}
      {dialogOpen && (
        <CookieSettingsDialog
          initial={consent ?? DIALOG_DEFAULTS}
          onSave={choose}
          onAcceptAll={() => choose(ACCEPT_ALL)}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </CookieSettingsContext.Provider>
  );
}
