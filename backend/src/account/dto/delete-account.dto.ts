import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { DeleteAccountRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';

/** DELETE /api/account: the password, or the e-mail typed again when the account has none. */
export class DeleteAccountDto implements DeleteAccountRequest {
  @IsOptional()
  @IsString({ message: MSG.notText('Passordet') })
  @MaxLength(1024, { message: MSG.deleteWrongPassword })
  password?: string;

  @IsOptional()
  @IsString({ message: MSG.notText('E-postadressen') })
  @MaxLength(254, { message: MSG.deleteEmailMismatch })
  confirmEmail?: string;
}
