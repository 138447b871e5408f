import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { CreateLeadRequest, LeadUtm } from '@academy/contracts';
import { LEAD_COURSE_TYPES, MSG, TRAFFIC_SOURCES, type LeadCourseType, type TrafficSource } from '@academy/contracts';
import { AttributionDto } from '../../platform/dto/attribution.dto';
import { EmailField } from '../../platform/dto/email.dto';
import { EmptyToUndefined, Trim } from '../../platform/dto/transforms';

export class UtmDto implements LeadUtm {
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utm.source') })
  @MaxLength(100, { message: MSG.tooLong('utm.source', 100) })
  source?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utm.medium') })
  @MaxLength(100, { message: MSG.tooLong('utm.medium', 100) })
  medium?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utm.campaign') })
  @MaxLength(100, { message: MSG.tooLong('utm.campaign', 100) })
  campaign?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utm.term') })
  @MaxLength(100, { message: MSG.tooLong('utm.term', 100) })
  term?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utm.content') })
  @MaxLength(100, { message: MSG.tooLong('utm.content', 100) })
  content?: string;
}

/** POST /api/leads */
export class CreateLeadDto implements CreateLeadRequest {
  @EmailField()
  email: string;

  @IsIn(LEAD_COURSE_TYPES, { message: MSG.unknownCourseType })
  courseType: LeadCourseType;

  /** Page path or code the form was sent from. */
  @Trim()
  @IsString({ message: MSG.sourceMissing })
  @IsNotEmpty({ message: MSG.sourceMissing })
  @MaxLength(200, { message: MSG.tooLong('Kilde', 200) })
  source: string;

  @IsOptional()
  @IsIn(TRAFFIC_SOURCES, { message: MSG.unknownTrafficSource })
  trafficSource?: TrafficSource;

  @IsOptional()
  @ValidateNested()
  @Type(() => UtmDto)
  utm?: UtmDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => AttributionDto)
  attribution?: AttributionDto;

  /** The unticked box "Ja takk, send meg gratis tips og tilbud på e-post …" (double opt-in follows). */
  @IsOptional()
  @IsBoolean({ message: MSG.marketingConsentInvalid })
  marketingConsent?: boolean;
}
