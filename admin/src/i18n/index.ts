import polyglotI18nProvider from 'ra-i18n-polyglot';
import { nb } from './nb';

/** Norsk bokmål only; a missing key falls back to the key's own default text. */
export const i18nProvider = polyglotI18nProvider(() => nb, 'nb', [{ locale: 'nb', name: 'Norsk bokmål' }], {
  allowMissing: true,
});
