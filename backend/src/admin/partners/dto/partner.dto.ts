import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { CAMPAIGN_CODE_PATTERN, MSG, type CreatePartnerPayoutRequest, type CreatePartnerRequest } from '@academy/contracts';
import { EmailField } from '../../../platform/dto/email.dto';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/admin/partners. Exactly one of commissionPercent and commissionOre (checked by the service). */
export class CreatePartnerDto implements CreatePartnerRequest {
  @Transform(trimmed)
  @IsString({ message: MSG.notText('Navn') })
  @IsNotEmpty({ message: MSG.notText('Navn') })
  @MaxLength(200, { message: MSG.notText('Navn') })
  name: string;

  @EmailField()
  email: string;

  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: MSG.partnerCommission })
  @Min(0.01, { message: MSG.partnerCommission })
  @Max(100, { message: MSG.partnerCommission })
  commissionPercent?: number;

  @IsOptional()
  @IsInt({ message: MSG.partnerCommission })
  @Min(100, { message: MSG.partnerCommission })
  @Max(100_000_000, { message: MSG.partnerCommission })
  commissionOre?: number;

  @IsArray({ message: MSG.partnerCodes })
  @ArrayMinSize(1, { message: MSG.partnerCodes })
  @ArrayMaxSize(20, { message: MSG.partnerCodes })
  @IsString({ each: true, message: MSG.campaignCodeInvalid })
  @Matches(CAMPAIGN_CODE_PATTERN, { each: true, message: MSG.campaignCodeInvalid })
  codes: string[];

  @IsOptional()
  @IsBoolean({ message: MSG.yesOrNo('Også fornyelser') })
  includeRenewals?: boolean;
}

/** POST /api/admin/partners/:id/payouts */
export class CreatePartnerPayoutDto implements CreatePartnerPayoutRequest {
  @IsString({ message: MSG.partnerPayoutDate })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.partnerPayoutDate })
  paidAt: string;

  @Transform(trimmed)
  @IsString({ message: MSG.partnerPayoutReference })
  @IsNotEmpty({ message: MSG.partnerPayoutReference })
  @MaxLength(140, { message: MSG.partnerPayoutReference })
  reference: string;
}
