import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import type { CreateUserRequest, LoginRequest, SetPasswordRequest } from '@academy/contracts';
import {
  LEAD_COURSE_TYPES,
  MSG,
  TRAFFIC_SOURCES,
  type LeadCourseType,
  type TokenLoginRequest,
  type TrafficSource,
} from '@academy/contracts';
import { AttributionDto } from '../../platform/dto/attribution.dto';
import { EmailField } from '../../platform/dto/email.dto';
import { ConfirmPasswordField, NewPasswordField } from '../../platform/dto/new-password.dto';

/** POST /api/auth/login (read by passport-local; validated here for the record). */
export class LoginDto implements LoginRequest {
  @IsString({ message: MSG.invalidCredentials })
  @MaxLength(254, { message: MSG.invalidCredentials })
  email: string;

  @IsString({ message: MSG.invalidCredentials })
  @MaxLength(1024, { message: MSG.invalidCredentials })
  password: string;

  /** The second factor, for an account that has one: a current code or a recovery code. */
  @IsOptional()
  @IsString({ message: MSG.totpInvalid })
  @MaxLength(64, { message: MSG.totpInvalid })
  totp?: string;
}

/** POST /api/auth/password: sets the first password, or changes it. */
export class SetPasswordDto implements SetPasswordRequest {
  @NewPasswordField()
  newPassword: string;

  @ConfirmPasswordField()
  confirmPassword: string;

  @IsOptional()
  @IsString({ message: MSG.currentPasswordRequired })
  @MaxLength(1024, { message: MSG.wrongCurrentPassword })
  currentPassword?: string;
}

/** POST /api/auth/token-login */
export class TokenLoginDto implements TokenLoginRequest {
  @IsString({ message: MSG.invalidToken })
  @Length(20, 128, { message: MSG.invalidToken })
  token: string;

  /** Signed in as another account: end that session and sign in with the link. */
  @IsOptional()
  @IsBoolean({ message: MSG.switchAccountInvalid })
  switchAccount?: boolean;

  /** The second factor, for an account that has one: a current code or a recovery code. */
  @IsOptional()
  @IsString({ message: MSG.totpInvalid })
  @MaxLength(64, { message: MSG.totpInvalid })
  totp?: string;
}

/** POST /api/create-user. */
export class CreateUserDto implements CreateUserRequest {
  @EmailField()
  email: string;

  @IsIn(LEAD_COURSE_TYPES, { message: MSG.unknownCourseType })
  courseType: LeadCourseType;

  @IsIn(TRAFFIC_SOURCES, { message: MSG.unknownTrafficSource })
  trafficSource: TrafficSource;

  @IsOptional()
  @ValidateNested()
  @Type(() => AttributionDto)
  attribution?: AttributionDto;

  /** The unticked box "Ja takk, send meg gratis tips og tilbud på e-post …" (double opt-in follows). */
  @IsOptional()
  @IsBoolean({ message: MSG.marketingConsentInvalid })
  marketingConsent?: boolean;
}
