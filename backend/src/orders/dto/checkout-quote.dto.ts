import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CAMPAIGN_CODE_PATTERN, MSG, type CheckoutQuoteQuery } from '@academy/contracts';

/** GET /api/checkout/quote?courseId=…[&campaignCode=…]. The course is checked against the catalogue by the service. */
export class CheckoutQuoteQueryDto implements CheckoutQuoteQuery {
  @IsString({ message: MSG.invalidCourseId })
  @IsNotEmpty({ message: MSG.invalidCourseId })
  @MaxLength(32, { message: MSG.invalidCourseId })
  courseId: string;

  /** A campaign code (any case; blank = none). */
  @Transform(({ value }) =>
    typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value,
  )
  @IsOptional()
  @IsString({ message: MSG.campaignCodeInvalid })
  @Matches(CAMPAIGN_CODE_PATTERN, { message: MSG.campaignCodeInvalid })
  campaignCode?: string;
}
