import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TRAFFIC_SOURCES, type AdminAttribution, type Attribution, type TrafficSource } from '@academy/contracts';
import { EmptyToUndefined } from './transforms';

const msg = (f: string, n: number) => `${f} kan være maks ${n} tegn`;

/** First-touch attribution the browser remembered: variant, landing page, referrer and utm values. */
export class AttributionDto implements Attribution {
  @IsOptional()
  @IsIn(TRAFFIC_SOURCES, { message: 'Ukjent trafikkilde' })
  trafficSource?: TrafficSource;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'landingPath må være tekst' })
  @MaxLength(200, { message: msg('landingPath', 200) })
  landingPath?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'referrer må være tekst' })
  @MaxLength(300, { message: msg('referrer', 300) })
  referrer?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utmSource må være tekst' })
  @MaxLength(100, { message: msg('utmSource', 100) })
  utmSource?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utmMedium må være tekst' })
  @MaxLength(100, { message: msg('utmMedium', 100) })
  utmMedium?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utmCampaign må være tekst' })
  @MaxLength(100, { message: msg('utmCampaign', 100) })
  utmCampaign?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utmTerm må være tekst' })
  @MaxLength(100, { message: msg('utmTerm', 100) })
  utmTerm?: string;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'utmContent må være tekst' })
  @MaxLength(100, { message: msg('utmContent', 100) })
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
