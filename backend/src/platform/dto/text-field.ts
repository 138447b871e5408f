import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
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

/** Text that may be left out or null: a string of at most `max` characters when given (each body picks its own transform). */
export const OptionalText = (label: string, max: number) =>
  applyDecorators(IsOptional(), IsString({ message: MSG.notText(label) }), MaxLength(max, { message: MSG.tooLong(label, max) }));
