import { createContext, useContext } from 'react';
import type { ConsentChoice } from './consent';

export interface CookieSettingsApi {
  /** Opens the settings dialog (footer link, cookie page). */
  openSettings: () => void;
  /** The stored choice, null before one is made (and on the server). */
  consent: ConsentChoice | null;
}

/** Provided by the cookie banner in the root layout; pages open the settings dialog through it. */
export const CookieSettingsContext = createContext<CookieSettingsApi>({ openSettings: () => {}, consent: null });

export function useCookieSettings(): CookieSettingsApi {
  return useContext(CookieSettingsContext);
}
