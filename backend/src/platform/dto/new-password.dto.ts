import { applyDecorators } from '@nestjs/common';
import { IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MSG } from '@academy/contracts';
import { isCommonPassword } from './common-passwords';

/**
 * Every field that sets a password: a string of MIN_PASSWORD_LENGTH to MAX_PASSWORD_LENGTH
 * characters, not among the 10 000 most common passwords (400 with code PASSWORD_TOO_COMMON).
 */
export const NewPasswordField = () =>
  applyDecorators(
    IsString({ message: MSG.passwordTooShort }),
    MinLength(MIN_PASSWORD_LENGTH, { message: MSG.passwordTooShort }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: MSG.passwordTooLong }),
    ValidateBy(
      { name: 'isNotCommonPassword', validator: { validate: (v: unknown) => typeof v !== 'string' || !isCommonPassword(v) } },
      { message: MSG.passwordTooCommon, context: { code: 'PASSWORD_TOO_COMMON' } },
    ),
  );

/**
 * The repeated new password beside a {@link NewPasswordField}: text of at most MAX_PASSWORD_LENGTH
 * characters (whether it matches is the service's check, with its own code PASSWORD_MISMATCH).
 */
export const ConfirmPasswordField = () =>
  applyDecorators(
    IsString({ message: MSG.confirmPasswordRequired }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: MSG.passwordTooLong }),
  );
