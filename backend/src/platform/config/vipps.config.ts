import type { EnvReader } from './env-reader';

/** VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_MSN (all four or none), and the rest. */
export interface VippsConfig {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** The merchant serial number of the sales unit (4 to 7 digits). */
  msn: string;
  /** The secret Vipps gave when the webhook was registered; without it every webhook is refused. */
  webhookSecret: string | null;
  /** Vipps' test environment (apitest.vipps.no) instead of production. */
  testMode: boolean;
  /** Send the calls elsewhere (tests, local mocks) instead of Vipps' own address. */
  apiBase: URL | null;
}

const VIPPS_KEYS = ['VIPPS_CLIENT_ID', 'VIPPS_CLIENT_SECRET', 'VIPPS_SUBSCRIPTION_KEY', 'VIPPS_MSN'] as const;

/** Vipps MobilePay's ePayment API (VIPPS_*): the four keys together or none (no Vipps button); the rest only with them. */
export function readVipps(env: EnvReader): VippsConfig | null {
  const keys = env.group(VIPPS_KEYS, 'alle fire');
  const webhookSecret = env.str('VIPPS_WEBHOOK_SECRET');
  const testMode = env.bool('VIPPS_TEST_MODE', false);
  const apiBase = env.url('VIPPS_API_BASE', null);
  if (keys === 'none') {
    if (webhookSecret !== null || apiBase !== null)
      env.problem(
        'VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY og VIPPS_MSN: mangler (Vipps er delvis satt opp)',
      );
    return null;
  }
  if (keys === 'partial') return null;
  const [clientId, clientSecret, subscriptionKey, msn] = keys;
  if (!/^[0-9]{4,7}$/.test(msn)) env.problem(`VIPPS_MSN: salgsstedets nummer (MSN), 4 til 7 sifre, fikk "${msn}"`);
  return { clientId, clientSecret, subscriptionKey, msn, webhookSecret, testMode, apiBase: apiBase ? new URL(apiBase) : null };
}
