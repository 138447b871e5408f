import { createContext, useContext, type ReactNode } from 'react';
import type { ConsentChoice } from './consent';

export interface CookieSettingsApi {
  /** Opens the settings dialog (footer link, cookie page). */
  openSettings: () => void;
  /** The stored choice, null before one is made (and on the server). */
  consent: ConsentChoice | null;
  /**
   * The cookie banner while it asks for a choice, else null. The skip link renders it right after
   * itself, so it is the first thing the keyboard reaches after the skip link (it shows fixed at the bottom).
   */
  banner: ReactNode;
}

/** Provided by the cookie banner in the root layout; pages open the settings dialog through it. */
export const CookieSettingsContext = createContext<CookieSettingsApi>({ openSettings: () => {}, consent: null, banner: null });

export function useCookieSettings(): CookieSettingsApi {
  return useContext(CookieSettingsContext);
}
