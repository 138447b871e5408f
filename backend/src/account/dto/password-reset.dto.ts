import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';
import { EmailField } from '../../platform/dto/email.dto';
import { ConfirmPasswordField, NewPasswordField } from '../../platform/dto/new-password.dto';

/** POST /api/auth/forgot-password */
export class ForgotPasswordDto implements ForgotPasswordRequest {
  @EmailField()
  email: string;
}

/** POST /api/auth/reset-password */
export class ResetPasswordDto implements ResetPasswordRequest {
  @IsString({ message: MSG.resetTokenInvalid })
  @Length(20, 128, { message: MSG.resetTokenInvalid })
  token: string;

  @NewPasswordField()
  newPassword: string;

  @ConfirmPasswordField()
  confirmPassword: string;

  /** The second factor, for an account that has one: a current code or a recovery code. */
  @IsOptional()
  @IsString({ message: MSG.totpInvalid })
  @MaxLength(64, { message: MSG.totpInvalid })
  totp?: string;
}
