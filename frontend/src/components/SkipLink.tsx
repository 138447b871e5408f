import { useCookieSettings } from '../lib/cookie-settings';
import './SkipLink.css';

/**
 * The first link on every page: jumps over the header to `<main id="main">`. The cookie banner, while it
 * asks, comes right after it in the tab order (it shows fixed at the bottom of the window).
 */
export function SkipLink() {
  const { banner } = useCookieSettings();
  return (
    <>
      <a className="skip-link" href="#main">
        Hopp til innholdet
      </a>
      {banner}
    </>
  );
}
