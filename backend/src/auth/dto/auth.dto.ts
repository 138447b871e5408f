import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { LEAD_COURSE_TYPES, MSG, TRAFFIC_SOURCES, type LeadCourseType, type TrafficSource } from '../../contracts';
import { AttributionDto } from '../../common/dto/attribution.dto';
import { EmailField } from '../../common/dto/email.dto';

/** POST /api/auth/login (read by passport-local; validated here for the record). */
export class LoginDto {
  @IsString({ message: MSG.invalidCredentials })
  @MaxLength(254, { message: MSG.invalidCredentials })
  email: string;

  @IsString({ message: MSG.invalidCredentials })
  @MaxLength(1024, { message: MSG.invalidCredentials })
  password: string;
}

/** POST /api/auth/password: sets the first password, or changes it. */
export class SetPasswordDto {
  @IsString({ message: MSG.passwordTooShort })
  @MinLength(6, { message: MSG.passwordTooShort })
  @MaxLength(128, { message: MSG.passwordTooLong })
  newPassword: string;

  @IsString({ message: 'Bekreft passordet' })
  @MaxLength(128, { message: MSG.passwordTooLong })
  confirmPassword: string;

  @IsOptional()
  @IsString({ message: MSG.currentPasswordRequired })
  @MaxLength(1024, { message: MSG.wrongCurrentPassword })
  currentPassword?: string;
}

/** POST /api/auth/token-login */
export class TokenLoginDto {
  @IsString({ message: MSG.invalidToken })
  @Length(20, 128, { message: MSG.invalidToken })
  token: string;
}

/** POST /api/create-user (SPEC §7). */
export class CreateUserDto {
  @EmailField()
  email: string;

  @IsIn(LEAD_COURSE_TYPES, { message: 'Ukjent kurstype' })
  courseType: LeadCourseType;

  @IsIn(TRAFFIC_SOURCES, { message: 'Ukjent trafikkilde' })
  trafficSource: TrafficSource;

  @IsOptional()
  @ValidateNested()
  @Type(() => AttributionDto)
  attribution?: AttributionDto;
}
