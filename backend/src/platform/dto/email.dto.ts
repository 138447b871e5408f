import { applyDecorators } from '@nestjs/common';
import { IsEmail, IsNotEmpty, IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { MSG } from '@academy/contracts';
import { normalizeEmailAddress } from './email-address';
import { NormalizeEmail } from './transforms';

/** The value is an address in its normalised form (what `NormalizeEmail` makes of a valid one). */
export const IsEmailAddress = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isEmailAddress',
      validator: { validate: (value: unknown) => typeof value === 'string' && normalizeEmailAddress(value) === value },
    },
    options,
  );

/**
 * A required e-mail field, normalised on the way in (NFKC, lower case, IDNA domain), well-formed,
 * at most 254 characters once normalised. What cannot be normalised is an invalid address.
 */
export const EmailField = () =>
  applyDecorators(
    NormalizeEmail(),
    IsString({ message: MSG.emailRequired }),
    IsNotEmpty({ message: MSG.emailRequired }),
    MaxLength(254, { message: MSG.invalidEmail }),
    IsEmail({}, { message: MSG.invalidEmail }),
    IsEmailAddress({ message: MSG.invalidEmail }),
  );
