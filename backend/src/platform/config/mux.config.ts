import { createPrivateKey } from 'node:crypto';
import type { EnvReader } from './env-reader';

/**
 * Mux (paid video with signed playback, uploads from the admin panel). All five keys together or
 * none: without them the panel offers only YouTube.
 */
export interface MuxConfig {
  /** MUX_TOKEN_ID / MUX_TOKEN_SECRET: an access token with Mux Video read and write. */
  tokenId: string;
  tokenSecret: string;
  /** MUX_WEBHOOK_SECRET: the signing secret of the webhook pointed at /api/mux/webhook. */
  webhookSecret: string;
  /** MUX_SIGNING_KEY_ID: the id of the URL signing key (the `kid` of every playback token). */
  signingKeyId: string;
  /** The signing key's private half as PEM (MUX_SIGNING_PRIVATE_KEY is it base64-encoded, as Mux's dashboard gives it). */
  signingPrivateKeyPem: string;
  /** MUX_API_BASE: send the API calls elsewhere (tests, local fakes) instead of https://api.mux.com. */
  apiBase: URL | null;
  /** MUX_STREAM_BASE: where text tracks are fetched (`<base>/<playback id>/text/<track id>.vtt`); https://stream.mux.com unless set (tests, local fakes). */
  streamBase: URL;
}

export const MUX_KEYS = [
  'MUX_TOKEN_ID',
  'MUX_TOKEN_SECRET',
  'MUX_WEBHOOK_SECRET',
  'MUX_SIGNING_KEY_ID',
  'MUX_SIGNING_PRIVATE_KEY',
] as const;

/** The PEM inside MUX_SIGNING_PRIVATE_KEY (base64 of the PEM; a pasted PEM is taken as it is), or null when it is not an RSA private key. */
export function signingKeyPem(value: string): string | null {
  const text = value.startsWith('-----BEGIN') ? value : Buffer.from(value, 'base64').toString('utf8').trim();
  if (!text.startsWith('-----BEGIN')) return null;
  try {
    const key = createPrivateKey(text);
    return key.asymmetricKeyType === 'rsa' ? text : null;
  } catch {
    return null;
  }
}

/** MUX_*: the five keys together or none (YouTube only); MUX_API_BASE only with them. Problems are named per variable. */
export function readMux(env: EnvReader): MuxConfig | null {
  const keys = env.group(MUX_KEYS, 'alle fem');
  const apiBase = env.url('MUX_API_BASE', null);
  const streamBase = env.url('MUX_STREAM_BASE', null);
  if (keys === 'none') {
    if (apiBase !== null) env.problem(`MUX_API_BASE: brukes bare når ${MUX_KEYS.join(', ')} er satt`);
    if (streamBase !== null) env.problem(`MUX_STREAM_BASE: brukes bare når ${MUX_KEYS.join(', ')} er satt`);
    return null;
  }
  if (keys === 'partial') return null;
  const [tokenId, tokenSecret, webhookSecret, signingKeyId, privateKey] = keys;
  const pem = signingKeyPem(privateKey);
  if (pem === null)
    env.problem(
      'MUX_SIGNING_PRIVATE_KEY: må være den private RSA-nøkkelen base64-kodet, slik Mux viser den når signeringsnøkkelen lages',
    );
  if (!/^[A-Za-z0-9]{10,100}$/.test(signingKeyId)) env.problem(`MUX_SIGNING_KEY_ID: bokstaver og tall, fikk "${signingKeyId}"`);
  if (webhookSecret.length < 16) env.problem('MUX_WEBHOOK_SECRET: signeringshemmeligheten fra Mux (minst 16 tegn)');
  if (pem === null) return null;
  return {
    tokenId,
    tokenSecret,
    webhookSecret,
    signingKeyId,
    signingPrivateKeyPem: pem,
    apiBase: apiBase ? new URL(apiBase) : null,
    streamBase: new URL(streamBase ?? 'https://stream.mux.com'),
  };
}
