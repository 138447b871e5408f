import { Transform, Type } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { CreateCheckoutSessionRequest } from '@academy/contracts';
import { CAMPAIGN_CODE_PATTERN, MSG, PAYMENT_METHODS, RISK_MSG, type PaymentMethod } from '@academy/contracts';
import { AttributionDto } from '../../platform/dto/attribution.dto';
import { IsEmailAddress } from '../../platform/dto/email.dto';
import { PersonName } from '../../platform/dto/person-name';
import { NormalizeEmail } from '../../platform/dto/transforms';

/**
 * POST /api/checkout/sessions. There is no price field: the amount comes from the catalogue, and an
 * unknown field (a `price` or `amount` from the client) is rejected.
 */
export class CreateCheckoutSessionDto implements CreateCheckoutSessionRequest {
  /** Checked against the checkout catalogue by the service ('Invalid course ID'). */
  @IsString({ message: MSG.invalidCourseId })
  @IsNotEmpty({ message: MSG.invalidCourseId })
  @MaxLength(32, { message: MSG.invalidCourseId })
  courseId: string;

  @NormalizeEmail()
  @IsString({ message: MSG.fillAllFields })
  @IsNotEmpty({ message: MSG.fillAllFields })
  @MaxLength(254, { message: MSG.invalidEmail })
  @IsEmail({}, { message: MSG.invalidEmail })
  @IsEmailAddress({ message: MSG.invalidEmail })
  email: string;

  @PersonName('first', { empty: MSG.fillAllFields })
  firstName: string;

  @PersonName('last', { empty: MSG.fillAllFields })
  lastName: string;

  @IsIn(PAYMENT_METHODS, { message: MSG.paymentMethod })
  paymentMethod: PaymentMethod;

  /** Immediate delivery and the lapse of the right of withdrawal (angrerettloven § 22 n), accepted. */
  @Equals(true, { message: MSG.acceptTermsRequired })
  acceptTerms: true;

  /** "Jeg forstår at trading innebærer risiko for tap og at kurset ikke er investeringsrådgivning" (RISK_ACKNOWLEDGEMENT_TEXT). */
  @Equals(true, { message: RISK_MSG.required })
  acceptRisk: true;

  /** A campaign code (any case; blank = none). The server checks and prices it. */
  @Transform(({ value }) =>
    typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value,
  )
  @IsOptional()
  @IsString({ message: MSG.campaignCodeInvalid })
  @Matches(CAMPAIGN_CODE_PATTERN, { message: MSG.campaignCodeInvalid })
  campaignCode?: string;

  /** «Forny automatisk hvert år» (VIP only; checked by the service). */
  @IsOptional()
  @IsBoolean({ message: MSG.autoRenewOnlyMembership })
  autoRenew?: boolean;

  /** «Send meg en påminnelse hvis jeg ikke fullfører» (CHECKOUT_REMINDER_TEXT): the consent to the checkout's reminders. */
  @IsOptional()
  @IsBoolean({ message: MSG.fillAllFields })
  remindMe?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => AttributionDto)
  attribution?: AttributionDto;
}
