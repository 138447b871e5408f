import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { DisableTotpRequest, EnableTotpRequest, ReauthRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';

/** POST /api/auth/totp/enable: the code the app shows for the new secret. */
export class EnableTotpDto implements EnableTotpRequest {
  @IsString({ message: MSG.totpRequired })
  @MaxLength(16, { message: MSG.totpInvalid })
  code: string;
}

/** POST /api/auth/totp/disable: the password and a code (or a recovery code). */
export class DisableTotpDto implements DisableTotpRequest {
  @IsString({ message: MSG.reauthWrongPassword })
  @MaxLength(1024, { message: MSG.reauthWrongPassword })
  password: string;

  @IsString({ message: MSG.totpRequired })
  @MaxLength(64, { message: MSG.totpInvalid })
  code: string;
}

/** POST /api/auth/reauth: the password again, and the second factor when the account has one. */
export class ReauthDto implements ReauthRequest {
  @IsString({ message: MSG.reauthWrongPassword })
  @MaxLength(1024, { message: MSG.reauthWrongPassword })
  password: string;

  @IsOptional()
  @IsString({ message: MSG.totpInvalid })
  @MaxLength(64, { message: MSG.totpInvalid })
  totp?: string;
}
