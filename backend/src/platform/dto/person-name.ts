import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MSG } from '@academy/contracts';
import { Trim } from './transforms';

/** The longest first or last name stored (users.firstName / lastName are varchar(100)). */
export const PERSON_NAME_MAX = 100;

/**
 * What a person's name may hold: no control characters (CR, LF, tab…), no invisible format
 * characters (bidi overrides, zero-width), no line or paragraph separators, and no angle brackets.
 * A name goes into mail headers and bodies, receipts, a certificate's PDF and its public page.
 */
export const PERSON_NAME_CHARS = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]*$/u;

/**
 * The one rule for a person's first or last name, wherever one is accepted (the checkout, the
 * account's name, …): trimmed, required, at most 100 characters, and only {@link PERSON_NAME_CHARS}.
 * `empty` is the form's own text for a missing value (the checkout's is SPEC's "fyll ut alle feltene");
 * the length and character texts are the same everywhere.
 */
export const PersonName = (part: 'first' | 'last', opts: { empty?: string } = {}) => {
  const empty = opts.empty ?? (part === 'first' ? MSG.firstNameRequired : MSG.lastNameRequired);
  return applyDecorators(
    Trim(),
    IsString({ message: empty }),
    IsNotEmpty({ message: empty }),
    MaxLength(PERSON_NAME_MAX, { message: MSG.nameMax(part === 'first' ? 'Fornavnet' : 'Etternavnet', PERSON_NAME_MAX) }),
    Matches(PERSON_NAME_CHARS, { message: MSG.nameInvalidChars }),
  );
};
