import type { EnvReader } from './env-reader';

/**
 * «Logg inn med Vipps» (VIPPS_LOGIN_*): Vipps MobilePay's Login API (OpenID Connect). The client id and
 * secret together or none; without them no Vipps button shows on the sign-in, sign-up and order pages.
 * The sales unit may be the one of the ePayment keys (VIPPS_*), with Login switched on for it.
 */
export interface VippsLoginConfig {
  clientId: string;
  clientSecret: string;
  /**
   * The issuer (Vipps' OpenID provider): `<base>/access-management-1.0/access/`, its discovery document
   * under it. Base api.vipps.no, apitest.vipps.no with VIPPS_TEST_MODE, or VIPPS_LOGIN_API_BASE.
   */
  issuer: string;
}

export const VIPPS_LOGIN_KEYS = ['VIPPS_LOGIN_CLIENT_ID', 'VIPPS_LOGIN_CLIENT_SECRET'] as const;
/** The path of Vipps' OpenID provider under the API's base (its discovery document adds `.well-known/openid-configuration`). */
export const VIPPS_LOGIN_ISSUER_PATH = '/access-management-1.0/access/';

export function readVippsLogin(env: EnvReader): VippsLoginConfig | null {
  const keys = env.group(VIPPS_LOGIN_KEYS, 'begge');
  const apiBase = env.url('VIPPS_LOGIN_API_BASE', null);
  const testMode = env.bool('VIPPS_TEST_MODE', false);
  if (keys === 'none') {
    if (apiBase !== null) env.problem(`VIPPS_LOGIN_API_BASE: brukes bare når ${VIPPS_LOGIN_KEYS.join(' og ')} er satt`);
    return null;
  }
  if (keys === 'partial') return null;
  const [clientId, clientSecret] = keys;
  const base = (apiBase ?? (testMode ? 'https://apitest.vipps.no' : 'https://api.vipps.no')).replace(/\/+$/, '');
  return { clientId, clientSecret, issuer: `${base}${VIPPS_LOGIN_ISSUER_PATH}` };
}
