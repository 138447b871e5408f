import { generateKeyPairSync } from 'node:crypto';
import { configProblems } from './testing/config-problems';
import { parseEnv } from './env.schema';

const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const MUX = {
  MUX_TOKEN_ID: 'token-id',
  MUX_TOKEN_SECRET: 'token-secret',
  MUX_WEBHOOK_SECRET: 'webhook-signing-secret-123',
  MUX_SIGNING_KEY_ID: 'SigningKey0123456789',
  MUX_SIGNING_PRIVATE_KEY: Buffer.from(pem).toString('base64'),
};
const problems = configProblems;

describe('MUX_* settings', () => {
  it('none: Mux is off (YouTube only)', () => {
    expect(parseEnv({}).mux).toBeNull();
  });

  it('all five: the signing key is read from base64 as Mux gives it', () => {
    const cfg = parseEnv({ ...MUX, MUX_API_BASE: 'http://127.0.0.1:9999' }).mux!;
    expect(cfg).toMatchObject({ tokenId: 'token-id', signingKeyId: 'SigningKey0123456789' });
    expect(cfg.signingPrivateKeyPem).toBe(pem.trim());
    expect(cfg.apiBase?.origin).toBe('http://127.0.0.1:9999');
    // Text tracks (generated captions) come from stream.mux.com unless MUX_STREAM_BASE says otherwise.
    expect(cfg.streamBase.href).toBe('https://stream.mux.com/');
    expect(parseEnv({ ...MUX, MUX_STREAM_BASE: 'http://127.0.0.1:9999/stream' }).mux!.streamBase.href).toBe(
      'http://127.0.0.1:9999/stream',
    );
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
    expect(problems({ MUX_STREAM_BASE: 'http://127.0.0.1:9999' })[0]).toMatch(/^MUX_STREAM_BASE: /);
  });
});
