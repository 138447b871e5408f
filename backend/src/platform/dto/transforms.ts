import { Transform } from 'class-transformer';
import { normalizeEmailAddress } from './email-address';

/** Trims strings; leaves anything else for the validators to reject. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Normalises an e-mail address (NFKC, lower case, IDNA domain: see common/email-address). Text that
 * cannot be normalised is only trimmed, for `IsEmailAddress` to reject.
 */
export const NormalizeEmail = () =>
  Transform(({ value }) => (typeof value === 'string' ? (normalizeEmailAddress(value) ?? value.trim()) : value));

/** Empty strings become undefined (optional fields sent blank by forms). */
export const EmptyToUndefined = () =>
  Transform(({ value }) =>
    typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value,
  );
