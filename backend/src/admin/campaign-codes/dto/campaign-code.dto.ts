import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import type { CreateCampaignCodeRequest, UpdateCampaignCodeRequest } from '@academy/contracts';
import { CAMPAIGN_CODE_PATTERN, MSG } from '@academy/contracts';
import { CODE_COURSE_IDS } from '../../../orders/pricing/campaign-codes.service';
import { IfPresent } from '../../common/if-present';

/** A blank form field ('' from the panel) means "not set". */
const BlankIsNull = () => Transform(({ value }) => (value === '' ? null : value));
const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

// The rule of each field, shared by the create and the update body.
const Code = () =>
  applyDecorators(
    Trimmed(),
    IsString({ message: MSG.campaignCodeInvalid }),
    Matches(CAMPAIGN_CODE_PATTERN, { message: MSG.campaignCodeInvalid }),
  );
const OptionalInt = (min: number, max: number, message: string) =>
  applyDecorators(BlankIsNull(), IsOptional(), IsInt({ message }), Min(min, { message }), Max(max, { message }));
const PercentOff = () => OptionalInt(1, 100, MSG.campaignCodePercent);
const AmountOffOre = () => OptionalInt(100, 100_000_000, MSG.campaignCodeAmount);
const MaxUses = () => OptionalInt(1, 10_000_000, MSG.campaignCodeMaxUses);
const CourseIds = () =>
  applyDecorators(
    IsArray({ message: MSG.campaignCodeCourses }),
    ArrayMaxSize(20, { message: MSG.campaignCodeCourses }),
    IsIn(CODE_COURSE_IDS, { each: true, message: MSG.campaignCodeCourses }),
  );
const OptionalDate = (label: string) =>
  applyDecorators(BlankIsNull(), IsOptional(), IsISO8601({ strict: true }, { message: MSG.campaignCodeDate(label) }));
const Active = () => applyDecorators(IfPresent(), IsBoolean({ message: MSG.yesOrNo('Aktiv') }));

/** POST /api/admin/campaign-codes. Exactly one of percentOff and amountOffOre (checked by the service). */
export class CreateCampaignCodeDto implements CreateCampaignCodeRequest {
  @Code()
  code: string;

  @PercentOff()
  percentOff?: number | null;

  @AmountOffOre()
  amountOffOre?: number | null;

  @CourseIds()
  courseIds: string[];

  @OptionalDate('Gyldig fra')
  validFrom?: string | null;

  @OptionalDate('Gyldig til')
  validTo?: string | null;

  @MaxUses()
  maxUses?: number | null;

  @Active()
  active?: boolean;
}

/** PUT/PATCH /api/admin/campaign-codes/:id: the fields that change (null clears an optional one). */
export class UpdateCampaignCodeDto implements UpdateCampaignCodeRequest {
  @IfPresent()
  @Code()
  code?: string;

  @PercentOff()
  percentOff?: number | null;

  @AmountOffOre()
  amountOffOre?: number | null;

  @IfPresent()
  @CourseIds()
  courseIds?: string[];

  @OptionalDate('Gyldig fra')
  validFrom?: string | null;

  @OptionalDate('Gyldig til')
  validTo?: string | null;

  @MaxUses()
  maxUses?: number | null;

  @Active()
  active?: boolean;
}
