import { parseEnv } from '../../platform/config/env.schema';
import { normaliseRecoveryCode } from './totp.service';

describe('recovery codes as typed', () => {
  it('accepts capitals, spaces and dashes', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pq23')).toBe('abcdefghjkmnpq23');
    expect(normaliseRecoveryCode(' ABCD EFGH JKMN PQ23 ')).toBe('abcdefghjkmnpq23');
  });

  it('refuses other lengths and characters outside the alphabet', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pq2')).toBeNull();
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pq230')).toBeNull();
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pq0l')).toBeNull();
    expect(normaliseRecoveryCode('123456')).toBeNull();
  });
});

describe('ADMIN_2FA', () => {
  const prod = {
    NODE_ENV: 'production',
    APP_SECRET: 'x'.repeat(40),
    MAIL_DISABLED: 'true',
    SELLER_NAME: 'Eksempel Trading AS',
    SELLER_ORG_NR: '923456789',
    SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
  };

  it('is required by default in production and optional elsewhere', () => {
    expect(parseEnv(prod).admin2fa).toBe('required');
    expect(parseEnv({ NODE_ENV: 'development' }).admin2fa).toBe('optional');
    expect(parseEnv({ NODE_ENV: 'test' }).admin2fa).toBe('optional');
  });

  it('can be set either way, and refuses anything else by name', () => {
    expect(parseEnv({ ...prod, ADMIN_2FA: 'optional' }).admin2fa).toBe('optional');
    expect(parseEnv({ NODE_ENV: 'development', ADMIN_2FA: 'required' }).admin2fa).toBe('required');
    expect(() => parseEnv({ ADMIN_2FA: 'yes' })).toThrow(/ADMIN_2FA: må være required eller optional/);
  });
});
