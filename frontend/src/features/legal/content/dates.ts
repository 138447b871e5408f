/** The date each legal text last changed (ISO). Update when the text changes – never "today". */
export const TERMS_UPDATED = '2026-11-23';
export const PRIVACY_UPDATED = '2026-11-29';
export const COOKIES_UPDATED = '2026-11-26';
