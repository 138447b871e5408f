import { updateConsent } from './gtag';

/** Cookie consent (SPEC §3, §4), stored in localStorage. */
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
/** What the settings dialog shows before a choice was made. */
export const DIALOG_DEFAULTS: ConsentChoice = { necessary: true, functional: true, analytics: true, marketing: false };

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

/** Stores and applies a choice. */
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
}
