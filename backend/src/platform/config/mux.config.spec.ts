import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, parseEnv } from './env.schema';

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const MUX = {
  MUX_TOKEN_ID: 'token-id',
  MUX_TOKEN_SECRET: 'token-secret',
  MUX_WEBHOOK_SECRET: 'webhook-signing-secret-123',
  MUX_SIGNING_KEY_ID: 'SigningKey0123456789',
  MUX_SIGNING_PRIVATE_KEY: Buffer.from(pem).toString('base64'),
};
const problems = (env: Record<string, string>): string[] => {
  try {
    parseEnv(env);
    return [];
  } catch (e) {
    return (e as ConfigError).problems;
  }
};

describe('MUX_* settings', () => {
  it('none: Mux is off (YouTube only)', () => {
    expect(parseEnv({}).mux).toBeNull();
  });

  it('all five: the signing key is read from base64 as Mux gives it', () => {
    const cfg = parseEnv({ ...MUX, MUX_API_BASE: 'http://127.0.0.1:9999' }).mux!;
    expect(cfg).toMatchObject({ tokenId: 'token-id', signingKeyId: 'SigningKey0123456789' });
    expect(cfg.signingPrivateKeyPem).toBe(pem.trim());
    expect(cfg.apiBase?.origin).toBe('http://127.0.0.1:9999');
  });

  it('a partial set names what is missing; a key that is not an RSA private key is refused', () => {
    const { MUX_WEBHOOK_SECRET: _w, MUX_SIGNING_PRIVATE_KEY: _k, ...three } = MUX;
    expect(problems(three)).toEqual([
      'MUX_WEBHOOK_SECRET, MUX_SIGNING_PRIVATE_KEY: påkrevd når MUX_TOKEN_ID, MUX_TOKEN_SECRET, MUX_SIGNING_KEY_ID er satt (alle fem eller ingen)',
    ]);
    expect(problems({ ...MUX, MUX_SIGNING_PRIVATE_KEY: Buffer.from('ikke en nøkkel').toString('base64') })[0]).toMatch(
      /^MUX_SIGNING_PRIVATE_KEY: /,
    );
    expect(problems({ MUX_API_BASE: 'http://127.0.0.1:9999' })[0]).toMatch(/^MUX_API_BASE: /);
  });
});
