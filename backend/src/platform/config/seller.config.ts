import { SELLER_PLACEHOLDER } from '@academy/contracts';
import type { EnvReader } from './env-reader';

/** SELLER_NAME, SELLER_ORG_NR (nine digits), SELLER_ADDRESS: required in production. */
export interface SellerConfig {
  name: string;
  /** Nine digits, no spaces. */
  orgNr: string;
  address: string;
  /** SELLER_VAT_REGISTERED (default true): registered in Merverdiavgiftsregisteret (docs/decisions.md "MVA"). */
  vatRegistered: boolean;
}

/** The neutral placeholders used outside production when SELLER_* is not set. */
export const DEFAULT_SELLER: SellerConfig = { ...SELLER_PLACEHOLDER, vatRegistered: true };

/** The seller named on receipts, credit notes, the terms, the privacy page and the footer (SELLER_*): each missing one is named in production. */
export function readSeller(env: EnvReader): SellerConfig {
  const required = (name: string, def: string, hint: string): string => {
    const v = env.str(name);
    if (v === null && env.production)
      env.problem(`${name}: påkrevd i produksjon (${hint}); selgeren skal stå på kvitteringer, vilkår og personvernside`);
    return v ?? def;
  };
  const name = required('SELLER_NAME', DEFAULT_SELLER.name, 'firmanavnet, f.eks. «Trading Akademiet AS»');
  const address = required('SELLER_ADDRESS', DEFAULT_SELLER.address, 'forretningsadressen, f.eks. «Storgata 1, 0155 Oslo»');
  if (name.length > 200) env.problem('SELLER_NAME: høyst 200 tegn');
  if (address.length > 300) env.problem('SELLER_ADDRESS: høyst 300 tegn');
  const vatRegistered = env.bool('SELLER_VAT_REGISTERED', true);
  const orgRaw = required('SELLER_ORG_NR', DEFAULT_SELLER.orgNr, 'organisasjonsnummeret, ni sifre');
  const orgNr = orgRaw.replace(/[\s\u00a0]+/g, '');
  if (!/^\d{9}$/.test(orgNr)) {
    env.problem(`SELLER_ORG_NR: organisasjonsnummeret er ni sifre (mellomrom er lov), fikk "${orgRaw}"`);
    return { name, orgNr: DEFAULT_SELLER.orgNr, address, vatRegistered };
  }
  return { name, orgNr, address, vatRegistered };
}
