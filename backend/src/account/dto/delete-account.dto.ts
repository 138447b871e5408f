import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { DeleteAccountRequest } from '@academy/contracts';

/** DELETE /api/account: the password, or the e-mail typed again when the account has none. */
export class DeleteAccountDto implements DeleteAccountRequest {
  @IsOptional()
  @IsString({ message: 'Passordet må være tekst' })
  @MaxLength(1024, { message: 'Feil passord. Kontoen ble ikke slettet.' })
  password?: string;

  @IsOptional()
  @IsString({ message: 'E-postadressen må være tekst' })
  @MaxLength(254, { message: 'E-postadressen stemmer ikke med kontoen. Kontoen ble ikke slettet.' })
  confirmEmail?: string;
}
