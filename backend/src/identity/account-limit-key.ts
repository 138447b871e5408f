import type { DataSource } from 'typeorm';
import { User } from './entities/user.entity';
import { sha256 } from '../platform/crypto/tokens';
import { MAX_EMAIL_LENGTH, normalizeEmail } from '../platform/dto/email-address';

/**
 * The key a per-account limit counts by: the account when the normalised address has one, else a
 * hash of the normalised address (the same length whatever the address, compared byte for byte in
 * any collation, and no address in the rate-limit table). Every spelling of one address (case,
 * full-width letters, a decomposed å) is one key; null when the body names no address.
 */
export async function accountLimitKey(ds: DataSource, email: unknown): Promise<string | null> {
  if (typeof email !== 'string' || email.length > 4 * MAX_EMAIL_LENGTH) return null;
  const address = normalizeEmail(email);
  if (!address) return null;
  const user = await ds.getRepository(User).findOne({ select: { id: true }, where: { email: address } });
  return user ? `user:${user.id}` : `addr:${sha256(address)}`;
}
