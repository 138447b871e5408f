import { updateConsent } from './gtag';

/** Cookie consent, stored in localStorage under `cookie-consent` once the visitor chooses. */
export const CONSENT_STORAGE_KEY = 'cookie-consent';

export interface ConsentChoice {
  necessary: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoice {
  /** ISO time of the choice. */
  savedAt: string;
  version: 1;
}

export const ACCEPT_ALL: ConsentChoice = { necessary: true, functional: true, analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { necessary: true, functional: false, analytics: false, marketing: false };
/**
 * What the settings dialog shows before a choice was made: every optional category off. A pre-ticked
 * box is not consent (GDPR Art. 4(11), Planet49; docs/decisions.md "Cookie consent").
 */
export const DIALOG_DEFAULTS: ConsentChoice = REJECT_ALL;

/** The stored choice; a corrupt value is logged and ignored (treated as no choice). */
export function readConsent(): ConsentChoice | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredConsent> | null;
    if (
      !v ||
      typeof v !== 'object' ||
      typeof v.functional !== 'boolean' ||
      typeof v.analytics !== 'boolean' ||
      typeof v.marketing !== 'boolean'
    ) {
      throw new Error('ugyldig format');
    }
    return { necessary: true, functional: v.functional, analytics: v.analytics, marketing: v.marketing };
  } catch (e) {
    console.error('Ugyldige cookie-innstillinger ble ignorert:', e);
    return null;
  }
}

type ConsentListener = (choice: ConsentChoice) => void;
const listeners = new Set<ConsentListener>();

/**
 * Runs `listener` with every choice applied from now on (the stored one at start-up and each new one).
 * What may be written to the device depends on it: attribution waits for `functional`.
 */
export function onConsentApplied(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True only when a stored choice allows functional storage (ekomloven § 3-15); false before any choice. */
export function functionalAllowed(): boolean {
  return readConsent()?.functional === true;
}

/**
 * Stores and applies a choice. The consent record is the one thing the site writes to the device
 * without consent (it is the record of the choice itself).
 */
export function saveConsent(choice: ConsentChoice): void {
  const stored: StoredConsent = { ...choice, necessary: true, savedAt: new Date().toISOString(), version: 1 };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch (e) {
    console.error('Kunne ikke lagre cookie-innstillinger', e);
  }
  applyConsent(choice);
}

export function applyConsent(choice: ConsentChoice): void {
  updateConsent(choice);
  for (const l of listeners) {
    try {
      l(choice);
    } catch (e) {
      console.error('Kunne ikke bruke cookie-valget', e);
    }
  }
}
