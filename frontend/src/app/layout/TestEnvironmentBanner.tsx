import { useSettings } from '../../lib/app-state';
import './TestEnvironmentBanner.css';

/**
 * Outside production with placeholders in the configuration (SELLER_*, CONTACT_EMAIL): a strip on every
 * page says this is a test environment, so no one takes the placeholder seller for a real one. Rendered
 * on the server too (the settings are in the page), so it is there before any script runs.
 */
export function TestEnvironmentBanner() {
  const test = useSettings().testEnvironment;
  if (!test) return null;
  return (
    <div className="test-banner" role="note" aria-label="Testmiljø" data-testid="test-environment">
      <strong>Testmiljø</strong>
      <span> – ikke en ekte butikk</span>
      <span className="test-banner__more"> · ikke satt: {test.missing.join(', ')}</span>
    </div>
  );
}
