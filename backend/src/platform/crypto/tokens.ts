import { createHash, randomBytes } from 'node:crypto';

/** A random token with 256 bits of entropy, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The one normalisation of e-mail addresses (NFKC, lower case, IDNA domain); see ../email-address. */
export { normalizeEmail } from '../dto/email-address';
