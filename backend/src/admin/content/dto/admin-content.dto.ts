import { Transform } from 'class-transformer';
import { OptionalText, RequiredText } from '../../../platform/dto/text-field';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  type ValidationArguments,
} from 'class-validator';
import type {
  CreateModuleRequest,
  ModuleFieldsRequest,
  UpdateCourseRequest,
  UpdateModuleRequest,
  UpdateSettingsRequest,
} from '@academy/contracts';
import {
  CAPTIONS_URL_PATTERN,
  MSG,
  PLAYER_COURSE_IDS,
  VIDEO_MSG,
  VIDEO_PROVIDERS,
  VAT_TREATMENTS,
  type PlayerCourseId,
  type VatTreatment,
  type VideoProvider,
} from '@academy/contracts';
import { Trim } from '../../../platform/dto/transforms';
import { IfPresent } from '../../common/if-present';

const YOUTUBE_URL_PATTERNS = [
  /^(?:https?:\/\/)?(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
  /^(?:https?:\/\/)?youtu\.be\/([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
];

/** The mentor may paste a YouTube link; it is stored as the bare 11-character id. Blank → null. */
export function normalizeVideoId(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value !== 'string') return value;
  const v = value.trim();
  if (v === '') return null;
  for (const re of YOUTUBE_URL_PATTERNS) {
    const m = re.exec(v);
    if (m) return m[1];
  }
  return v;
}

const VideoId = () => Transform(({ value }) => normalizeVideoId(value));
const VIDEO_ID_MESSAGE = VIDEO_MSG.invalidYouTubeId;
/** The message for a bad video id: the Mux one when the request names Mux as the provider. */
const videoIdMessage = ({ object }: ValidationArguments) =>
  (object as { videoProvider?: unknown }).videoProvider === 'mux' ? VIDEO_MSG.invalidMuxPlaybackId : VIDEO_ID_MESSAGE;
/** A YouTube id or a Mux playback id; which one the module needs is checked against its provider. */
const ANY_VIDEO_ID = /^[A-Za-z0-9_-]{10,100}$/;
const TOPICS_MESSAGE = 'Temaer må være en liste med maks 30 tekster på maks 200 tegn';

/** Topics: trimmed, blank ones dropped. */
const Topics = () =>
  Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((t) => (typeof t === 'string' ? t.trim() : t)).filter((t) => !(typeof t === 'string' && t === ''))
      : value,
  );

/** PUT/PATCH /api/admin/courses/:id */
export class UpdateCourseDto implements UpdateCourseRequest {
  @IsOptional()
  @IsIn(PLAYER_COURSE_IDS, { message: MSG.courseIdFixed })
  id?: PlayerCourseId;

  @IfPresent()
  @RequiredText('Tittel', 120)
  title?: string;

  /** Blank or null clears it. */
  @Trim()
  @OptionalText('Beskrivelse', 5000)
  description?: string | null;

  /** Months of mentorship a grant of the course carries (0: none). */
  @IfPresent()
  @IsInt({ message: MSG.wholeNumber('Mentorperiode (måneder)') })
  @Min(0, { message: MSG.notNegative('Mentorperiode (måneder)') })
  @Max(36, { message: 'Mentorperioden kan være maks 36 måneder' })
  mentorshipMonths?: number;

  /** MVA treatment (docs/decisions.md "MVA"); needs a recent sign-in. */
  @IfPresent()
  @IsIn(VAT_TREATMENTS, { message: MSG.vatTreatmentInvalid })
  vatTreatment?: VatTreatment;

  /** `split`: the exempt part of the price, øre (checked against the price by the service). */
  @IsOptional()
  @IsInt({ message: MSG.wholeNumber('Beløp unntatt MVA (øre)') })
  @Min(1, { message: MSG.vatExemptRequired })
  vatExemptOre?: number | null;
}

/** Fields of a module besides its title and course (all optional). */
class ModuleFieldsDto implements ModuleFieldsRequest {
  /** Blank or null clears it. */
  @Trim()
  @OptionalText('Beskrivelse', 5000)
  description?: string | null;

  @IfPresent()
  @IsInt({ message: MSG.durationWholeMinutes })
  @Min(0, { message: MSG.notNegative('Varighet') })
  @Max(1000, { message: MSG.durationMax })
  durationMinutes?: number;

  @IfPresent()
  @Topics()
  @IsArray({ message: TOPICS_MESSAGE })
  @ArrayMaxSize(30, { message: TOPICS_MESSAGE })
  @IsString({ each: true, message: TOPICS_MESSAGE })
  @MaxLength(200, { each: true, message: TOPICS_MESSAGE })
  topics?: string[];

  /** `youtube` or `mux`; switching to Mux needs Mux set up on the server. */
  @IfPresent()
  @IsIn(VIDEO_PROVIDERS, { message: VIDEO_MSG.invalidProvider })
  videoProvider?: VideoProvider;

  /**
   * The video of the module's provider (the one given here, else the stored one): a YouTube id or
   * link, or a Mux playback id. The service checks it against that provider.
   */
  @IsOptional()
  @VideoId()
  @IsString({ message: videoIdMessage })
  @Matches(ANY_VIDEO_ID, { message: videoIdMessage })
  videoId?: string | null;

  /** A WebVTT captions file for the Mux player; blank or null removes it. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value))
  @IsString({ message: VIDEO_MSG.invalidCaptionsUrl })
  @MaxLength(500, { message: VIDEO_MSG.invalidCaptionsUrl })
  @Matches(CAPTIONS_URL_PATTERN, { message: VIDEO_MSG.invalidCaptionsUrl })
  captionsUrl?: string | null;

  @IfPresent()
  @IsInt({ message: MSG.wholeNumber('Rekkefølge') })
  @Min(0, { message: MSG.notNegative('Rekkefølge') })
  @Max(10000, { message: MSG.sortOrderMax })
  position?: number;

  @IfPresent()
  @IsBoolean({ message: MSG.yesOrNo('Publisert') })
  published?: boolean;

  /** Drip release: days after the student's grant before the module opens (0: at once). */
  @IfPresent()
  @IsInt({ message: MSG.wholeNumber('Dager etter tilgang') })
  @Min(0, { message: MSG.notNegative('Dager etter tilgang') })
  @Max(3650, { message: 'Dager etter tilgang kan være maks 3650' })
  releaseAfterDays?: number;
}

/** PUT/PATCH /api/admin/modules/:id (the course of a module cannot change: progress refers to it). */
export class UpdateModuleDto extends ModuleFieldsDto implements UpdateModuleRequest {
  @IfPresent()
  @RequiredText('Tittel', 200)
  title?: string;
}

/** POST /api/admin/modules */
export class CreateModuleDto extends ModuleFieldsDto implements CreateModuleRequest {
  @IsIn(PLAYER_COURSE_IDS, { message: MSG.unknownPlayerCourse })
  courseId: PlayerCourseId;

  @RequiredText('Tittel', 200)
  title: string;
}

/** PUT /api/admin/settings */
export class UpdateSettingsDto implements UpdateSettingsRequest {
  @IsOptional()
  @IsIn(['site'], { message: MSG.unknownSetting })
  id?: 'site';

  /** Left out: unchanged (the panel sends only what changed); at least one setting must be given. */
  @IfPresent()
  @Trim()
  @IsString({ message: MSG.notText('Teksten') })
  @IsNotEmpty({ message: MSG.notEmpty('Teksten på videoen') })
  @MaxLength(200, { message: MSG.tooLong('Teksten på videoen', 200) })
  videoOverlayText?: string;

  /** The mentor's booking link for mentorship students; blank or null removes it (they write to the contact mailbox). */
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value,
  )
  @IsString({ message: MSG.bookingUrlInvalid })
  @MaxLength(500, { message: MSG.bookingUrlInvalid })
  @Matches(/^https:\/\/[^\s<>"]+$/, { message: MSG.bookingUrlInvalid })
  mentorBookingUrl?: string | null;

  /** From how many students the pages show the count: a whole number, 0 or more. */
  @IfPresent()
  @IsInt({ message: MSG.studentCountThresholdInvalid })
  @Min(0, { message: MSG.studentCountThresholdInvalid })
  @Max(1_000_000, { message: MSG.studentCountThresholdInvalid })
  studentCountThreshold?: number;
}
