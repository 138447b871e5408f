import type { EnvReader } from './env-reader';

/**
 * Fiken (the bookkeeping system): every receipt is posted as a cash sale and every credit note as its
 * refund. All eight keys together or none: without them nothing is posted to Fiken.
 */
export interface FikenConfig {
  /** FIKEN_API_TOKEN: a personal API token (Fiken: Innstillinger → Andre innstillinger → API). */
  apiToken: string;
  /** FIKEN_COMPANY_SLUG: the company's slug in Fiken's addresses (`/companies/<slug>`). */
  companySlug: string;
  /** FIKEN_API_BASE: where the API is; https://api.fiken.no/api/v2 unless set (tests, local fakes). */
  apiBase: URL;
  /** The Fiken account each payment provider's money lands in (bank or clearing account code, e.g. 1920:10001). */
  paymentAccounts: { card: string; klarna: string; vipps: string };
  /** The revenue account for sales with 25 % MVA and for sales exempt from MVA (e.g. 3000 and 3100). */
  revenueAccounts: { standard: string; exempt: string };
  /** FIKEN_POLL_INTERVAL_MS: how often the worker looks for waiting postings; 10 s unless set (tests shorten it). */
  pollIntervalMs: number;
}

export const FIKEN_KEYS = [
  'FIKEN_API_TOKEN',
  'FIKEN_COMPANY_SLUG',
  'FIKEN_ACCOUNT_CARD',
  'FIKEN_ACCOUNT_KLARNA',
  'FIKEN_ACCOUNT_VIPPS',
  'FIKEN_REVENUE_ACCOUNT_STANDARD',
  'FIKEN_REVENUE_ACCOUNT_EXEMPT',
] as const;

export const FIKEN_DEFAULT_API_BASE = 'https://api.fiken.no/api/v2';

/** A Fiken account code: four digits, optionally `:` and a sub-account (bank accounts are 1920:10001). */
const ACCOUNT = /^\d{4}(:\d{1,10})?$/;

/** FIKEN_*: the keys together or none (nothing posted); FIKEN_API_BASE only with them. Problems are named per variable. */
export function readFiken(env: EnvReader): FikenConfig | null {
  const keys = env.group(FIKEN_KEYS, 'alle');
  const apiBase = env.url('FIKEN_API_BASE', null);
  const pollIntervalMs = env.int('FIKEN_POLL_INTERVAL_MS', 10_000, 200, 3_600_000);
  if (keys === 'none') {
    if (apiBase !== null) env.problem(`FIKEN_API_BASE: brukes bare når ${FIKEN_KEYS.join(', ')} er satt`);
    return null;
  }
  if (keys === 'partial') return null;
  const [apiToken, companySlug, card, klarna, vipps, standard, exempt] = keys;
  let ok = true;
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(companySlug)) {
    env.problem(`FIKEN_COMPANY_SLUG: små bokstaver, tall og bindestrek, slik den står i Fiken-adressen, fikk "${companySlug}"`);
    ok = false;
  }
  const accounts: [string, string][] = [
    ['FIKEN_ACCOUNT_CARD', card],
    ['FIKEN_ACCOUNT_KLARNA', klarna],
    ['FIKEN_ACCOUNT_VIPPS', vipps],
    ['FIKEN_REVENUE_ACCOUNT_STANDARD', standard],
    ['FIKEN_REVENUE_ACCOUNT_EXEMPT', exempt],
  ];
  for (const [name, value] of accounts) {
    if (!ACCOUNT.test(value)) {
      env.problem(`${name}: en kontokode fra Fiken (fire siffer, ev. med underkonto som 1920:10001), fikk "${value}"`);
      ok = false;
    }
  }
  if (!ok) return null;
  return {
    apiToken,
    companySlug,
    apiBase: new URL(apiBase ?? FIKEN_DEFAULT_API_BASE),
    paymentAccounts: { card, klarna, vipps },
    revenueAccounts: { standard, exempt },
    pollIntervalMs,
  };
}
