import { IsString, Length, MaxLength, MinLength } from 'class-validator';
import { MSG } from '../../contracts';
import { EmailField } from '../../common/dto/email.dto';

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

  @IsString({ message: MSG.passwordTooShort })
  @MinLength(6, { message: MSG.passwordTooShort })
  @MaxLength(128, { message: MSG.passwordTooLong })
  newPassword: string;

  @IsString({ message: 'Bekreft passordet' })
  @MaxLength(128, { message: MSG.passwordTooLong })
  confirmPassword: string;
}
