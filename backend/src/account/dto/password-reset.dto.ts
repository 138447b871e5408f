import { IsString, Length, MaxLength } from 'class-validator';
import { MSG } from '@academy/contracts';
import { EmailField } from '../../platform/dto/email.dto';
import { NewPasswordField } from '../../platform/dto/new-password.dto';

/** POST /api/auth/forgot-password */
export class ForgotPasswordDto {
  @EmailField()
  email: string;
}

/** POST /api/auth/reset-password */
export class ResetPasswordDto {
  @IsString({ message: MSG.resetTokenInvalid })
  @Length(20, 128, { message: MSG.resetTokenInvalid })
  token: string;

  @NewPasswordField()
  newPassword: string;

  @IsString({ message: 'Bekreft passordet' })
  @MaxLength(128, { message: MSG.passwordTooLong })
  confirmPassword: string;
}
