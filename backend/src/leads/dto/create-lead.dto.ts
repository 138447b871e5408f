import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { LEAD_COURSE_TYPES, TRAFFIC_SOURCES, type LeadCourseType, type TrafficSource } from '@academy/contracts';
import { AttributionDto } from '../../platform/dto/attribution.dto';
import { EmailField } from '../../platform/dto/email.dto';
import { EmptyToUndefined, Trim } from '../../platform/dto/transforms';

export class UtmDto {
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utm.source må være tekst' })
  @MaxLength(100, { message: 'utm.source kan være maks 100 tegn' })
  source?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utm.medium må være tekst' })
  @MaxLength(100, { message: 'utm.medium kan være maks 100 tegn' })
  medium?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utm.campaign må være tekst' })
  @MaxLength(100, { message: 'utm.campaign kan være maks 100 tegn' })
  campaign?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utm.term må være tekst' })
  @MaxLength(100, { message: 'utm.term kan være maks 100 tegn' })
  term?: string;
  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utm.content må være tekst' })
  @MaxLength(100, { message: 'utm.content kan være maks 100 tegn' })
  content?: string;
}

/** POST /api/leads */
export class CreateLeadDto {
  @EmailField()
  email: string;

  @IsIn(LEAD_COURSE_TYPES, { message: 'Ukjent kurstype' })
  courseType: LeadCourseType;

  /** Page path or code the form was sent from. */
  @Trim()
  @IsString({ message: 'Kilde mangler' })
  @IsNotEmpty({ message: 'Kilde mangler' })
  @MaxLength(200, { message: 'Kilde kan være maks 200 tegn' })
  source: string;

  @IsOptional()
  @IsIn(TRAFFIC_SOURCES, { message: 'Ukjent trafikkilde' })
  trafficSource?: TrafficSource;

  @IsOptional()
  @ValidateNested()
  @Type(() => UtmDto)
  utm?: UtmDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => AttributionDto)
  attribution?: AttributionDto;
}
