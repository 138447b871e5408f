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
import { CAMPAIGN_CODE_PATTERN, MSG } from '@academy/contracts';
import { CODE_COURSE_IDS } from '../../../orders/campaign-codes.service';
import { IfPresent } from '../../common/if-present';

/** A blank form field ('' from the panel) means "not set". */
const BlankIsNull = () => Transform(({ value }) => (value === '' ? null : value));
const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** POST /api/admin/campaign-codes. Exactly one of percentOff and amountOffOre (checked by the service). */
export class CreateCampaignCodeDto {
  @Trimmed()
  @IsString({ message: MSG.campaignCodeInvalid })
  @Matches(CAMPAIGN_CODE_PATTERN, { message: MSG.campaignCodeInvalid })
  code: string;

  @BlankIsNull()
  @IsOptional()
  @IsInt({ message: MSG.campaignCodePercent })
  @Min(1, { message: MSG.campaignCodePercent })
  @Max(100, { message: MSG.campaignCodePercent })
  percentOff?: number | null;

  @BlankIsNull()
  @IsOptional()
  @IsInt({ message: MSG.campaignCodeAmount })
  @Min(100, { message: MSG.campaignCodeAmount })
  @Max(100_000_000, { message: MSG.campaignCodeAmount })
  amountOffOre?: number | null;

  @IsArray({ message: MSG.campaignCodeCourses })
  @ArrayMaxSize(20, { message: MSG.campaignCodeCourses })
  @IsIn(CODE_COURSE_IDS, { each: true, message: MSG.campaignCodeCourses })
  courseIds: string[];

  @BlankIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: MSG.campaignCodeDate('Gyldig fra') })
  validFrom?: string | null;

  @BlankIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: MSG.campaignCodeDate('Gyldig til') })
  validTo?: string | null;

  @BlankIsNull()
  @IsOptional()
  @IsInt({ message: MSG.campaignCodeMaxUses })
  @Min(1, { message: MSG.campaignCodeMaxUses })
  @Max(10_000_000, { message: MSG.campaignCodeMaxUses })
  maxUses?: number | null;

  @IfPresent()
  @IsBoolean({ message: MSG.yesOrNo('Aktiv') })
  active?: boolean;
}

/** PUT/PATCH /api/admin/campaign-codes/:id: the fields that change (null clears an optional one). */
export class UpdateCampaignCodeDto {
  @IfPresent()
  @Trimmed()
  @IsString({ message: MSG.campaignCodeInvalid })
  @Matches(CAMPAIGN_CODE_PATTERN, { message: MSG.campaignCodeInvalid })
  code?: string;

  @BlankIsNull()
  @IsOptional()
  @IsInt({ message: MSG.campaignCodePercent })
  @Min(1, { message: MSG.campaignCodePercent })
  @Max(100, { message: MSG.campaignCodePercent })
  percentOff?: number | null;

  @BlankIsNull()
  @IsOptional()
  @IsInt({ message: MSG.campaignCodeAmount })
  @Min(100, { message: MSG.campaignCodeAmount })
  @Max(100_000_000, { message: MSG.campaignCodeAmount })
  amountOffOre?: number | null;

  @IfPresent()
  @IsArray({ message: MSG.campaignCodeCourses })
  @ArrayMaxSize(20, { message: MSG.campaignCodeCourses })
  @IsIn(CODE_COURSE_IDS, { each: true, message: MSG.campaignCodeCourses })
  courseIds?: string[];

  @BlankIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: MSG.campaignCodeDate('Gyldig fra') })
  validFrom?: string | null;

  @BlankIsNull()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: MSG.campaignCodeDate('Gyldig til') })
  validTo?: string | null;

  @BlankIsNull()
  @IsOptional()
  @IsInt({ message: MSG.campaignCodeMaxUses })
  @Min(1, { message: MSG.campaignCodeMaxUses })
  @Max(10_000_000, { message: MSG.campaignCodeMaxUses })
  maxUses?: number | null;

  @IfPresent()
  @IsBoolean({ message: MSG.yesOrNo('Aktiv') })
  active?: boolean;
}
