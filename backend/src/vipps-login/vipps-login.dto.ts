import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import {
  MSG,
  VIPPS_LOGIN_MSG,
  type VippsCodeRequest,
  type VippsConfirmLinkRequest,
  type VippsConfirmRequest,
} from '@academy/contracts';

/** POST /api/auth/vipps/totp: the account's one-time code (or a recovery code) after Vipps. */
export class VippsCodeDto implements VippsCodeRequest {
  /** The account's address as the page shows it: the account's sign-in limit counts the attempt. */
  @IsString({ message: VIPPS_LOGIN_MSG.noPending })
  @MaxLength(254, { message: VIPPS_LOGIN_MSG.noPending })
  email: string;

  @IsString({ message: MSG.totpRequired })
  @Length(1, 64, { message: MSG.totpInvalid })
  totp: string;
}

/** POST /api/auth/vipps/confirm: the holder's password, and the code when the account has a second factor. */
export class VippsConfirmDto implements VippsConfirmRequest {
  @IsString({ message: VIPPS_LOGIN_MSG.noPending })
  @MaxLength(254, { message: VIPPS_LOGIN_MSG.noPending })
  email: string;

  @IsString({ message: MSG.invalidCredentials })
  @Length(1, 1024, { message: MSG.invalidCredentials })
  password: string;

  @IsOptional()
  @IsString({ message: MSG.totpInvalid })
  @MaxLength(64, { message: MSG.totpInvalid })
  totp?: string;
}

/** POST /api/auth/vipps/confirm/link: the token of the mailed link. */
export class VippsConfirmLinkDto implements VippsConfirmLinkRequest {
  @IsString({ message: VIPPS_LOGIN_MSG.invalidConfirmLink })
  @Length(20, 128, { message: VIPPS_LOGIN_MSG.invalidConfirmLink })
  token: string;
}
