import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { MSG, TRAFFIC_SOURCES, type AdminAttribution, type Attribution, type TrafficSource } from '@academy/contracts';
import { EmptyToUndefined } from './transforms';

/** First-touch attribution the browser remembered: variant, landing page, referrer and utm values. */
export class AttributionDto implements Attribution {
  @IsOptional()
  @IsIn(TRAFFIC_SOURCES, { message: MSG.unknownTrafficSource })
  trafficSource?: TrafficSource;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('landingPath') })
  @MaxLength(200, { message: MSG.tooLong('landingPath', 200) })
  landingPath?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('referrer') })
  @MaxLength(300, { message: MSG.tooLong('referrer', 300) })
  referrer?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utmSource') })
  @MaxLength(100, { message: MSG.tooLong('utmSource', 100) })
  utmSource?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utmMedium') })
  @MaxLength(100, { message: MSG.tooLong('utmMedium', 100) })
  utmMedium?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utmCampaign') })
  @MaxLength(100, { message: MSG.tooLong('utmCampaign', 100) })
  utmCampaign?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utmTerm') })
  @MaxLength(100, { message: MSG.tooLong('utmTerm', 100) })
  utmTerm?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('utmContent') })
  @MaxLength(100, { message: MSG.tooLong('utmContent', 100) })
  utmContent?: string;
}

/** The attribution fields, given as the browser sent them or as stored (possibly null). */
export type AttributionInput = { [K in keyof AdminAttribution]?: string | null };
/** Every attribution field, null when unknown (a plain object type, so it also fits `Record<string, …>`). */
export type AttributionValues = { [K in keyof AdminAttribution]: string | null };

/**
 * The one mapping of attribution: every field present, null when unknown. Used to store it (leads,
 * users, orders) and to show it (admin panel, account export). `trafficSource` is the fallback
 * variant when the attribution has none.
 */
export function attributionColumns(a: AttributionInput | null | undefined, trafficSource?: string | null): AttributionValues {
  return {
    trafficSource: a?.trafficSource ?? trafficSource ?? null,
    landingPath: a?.landingPath ?? null,
    referrer: a?.referrer ?? null,
    utmSource: a?.utmSource ?? null,
    utmMedium: a?.utmMedium ?? null,
    utmCampaign: a?.utmCampaign ?? null,
    utmTerm: a?.utmTerm ?? null,
    utmContent: a?.utmContent ?? null,
  };
}
