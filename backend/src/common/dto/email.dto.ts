import { applyDecorators } from '@nestjs/common';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MSG } from '../../contracts';
import { NormalizeEmail } from './transforms';

/** A required e-mail field: trimmed, lowercased, well-formed, at most 254 characters. */
export const EmailField = () =>
  applyDecorators(
    NormalizeEmail(),
    IsString({ message: MSG.emailRequired }),
    IsNotEmpty({ message: MSG.emailRequired }),
    MaxLength(254, { message: MSG.invalidEmail }),
    IsEmail({}, { message: MSG.invalidEmail }),
  );
