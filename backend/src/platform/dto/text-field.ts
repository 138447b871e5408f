import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MSG } from '@academy/contracts';
import { Trim } from './transforms';

/**
 * A text field that must hold something: trimmed, a string, not empty, at most `max` characters.
 * `empty` is the message for a blank value (by default "<label> må fylles ut").
 */
export const RequiredText = (label: string, max: number, empty: string = MSG.notEmpty(label)) =>
  applyDecorators(
    Trim(),
    IsString({ message: MSG.notText(label) }),
    IsNotEmpty({ message: empty }),
    MaxLength(max, { message: MSG.tooLong(label, max) }),
  );
