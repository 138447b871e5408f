import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MSG } from '@academy/contracts';
import { Trim } from '../../platform/dto/transforms';

/** No control characters and no angle brackets (the name goes on a PDF and a public page). */
const NAME_CHARS = /^[^\p{Cc}\p{Cf}<>]+$/u;

/** PATCH /api/account */
export class UpdateAccountNameDto {
  @Trim()
  @IsString({ message: MSG.firstNameRequired })
  @IsNotEmpty({ message: MSG.firstNameRequired })
  @MaxLength(100, { message: MSG.nameMax('Fornavnet', 100) })
  @Matches(NAME_CHARS, { message: MSG.nameInvalidChars })
  firstName: string;

  @Trim()
  @IsString({ message: MSG.lastNameRequired })
  @IsNotEmpty({ message: MSG.lastNameRequired })
  @MaxLength(100, { message: MSG.nameMax('Etternavnet', 100) })
  @Matches(NAME_CHARS, { message: MSG.nameInvalidChars })
  lastName: string;
}
