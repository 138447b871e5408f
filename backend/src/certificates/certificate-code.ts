import { randomBytes } from 'node:crypto';

/** Crockford's base 32 (no I, L, O or U): 32 symbols, 5 bits each. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new verification code: 16 symbols (80 random bits) as `XXXX-XXXX-XXXX-XXXX`. */
export function newCertificateCode(): string {
  const bytes = randomBytes(16);
  let s = '';
  // 256 is a multiple of 32, so `& 31` picks every symbol equally often.
  for (const b of bytes) s += ALPHABET[b & 31];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}`;
}

const CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** A code as typed or linked (any case, surrounding blanks) in its stored form, or null when it cannot be one. */
export function normaliseCertificateCode(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  // Read as Crockford's base 32 is read: O is 0, I and L are 1.
  const v = raw.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE_PATTERN.test(v) ? v : null;
}
