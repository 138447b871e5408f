import { Transform, Type } from 'class-transformer';
import { OptionalText, RequiredText } from '../../platform/dto/text-field';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { CreateLiveSessionRequest, LiveRecurrence, UpdateLiveSessionRequest } from '@academy/contracts';
import {
  LIVE_RECURRENCE_FREQUENCIES,
  LIVE_SESSION_COURSE_IDS,
  MSG,
  YOUTUBE_ID_PATTERN,
  type LiveRecurrenceFrequency,
  type LiveSessionCourseId,
} from '@academy/contracts';
import { Trim } from '../../platform/dto/transforms';

/** Like IsOptional, but only for a missing field: an explicit null is validated (and rejected). */
const IfPresent = () => ValidateIf((_o: unknown, v: unknown) => v !== undefined);

const YOUTUBE_URL_PATTERNS = [
  /^(?:https?:\/\/)?(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
  /^(?:https?:\/\/)?youtu\.be\/([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
];

/** A pasted YouTube link becomes its 11-character id; blank becomes null. */
const RecordingId = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (v === '') return null;
    for (const re of YOUTUBE_URL_PATTERNS) {
      const m = re.exec(v);
      if (m) return m[1];
    }
    return v;
  });

/** Blank text becomes null. */
const BlankToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));

export class LiveRecurrenceDto implements LiveRecurrence {
  @IsIn(LIVE_RECURRENCE_FREQUENCIES, { message: MSG.liveRecurrenceFrequency })
  frequency: LiveRecurrenceFrequency;

  @IsOptional()
  @IsInt({ message: MSG.liveRecurrence })
  @Min(2, { message: MSG.liveRecurrence })
  @Max(52, { message: MSG.liveRecurrence })
  count?: number;

  @IsOptional()
  @IsString({ message: MSG.liveRecurrenceUntil })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: MSG.liveRecurrenceUntil })
  until?: string;
}

/** POST /api/admin/live-sessions */
export class CreateLiveSessionDto implements CreateLiveSessionRequest {
  @IsArray({ message: MSG.liveCourseIds })
  @ArrayMinSize(1, { message: MSG.liveCourseIds })
  @ArrayMaxSize(LIVE_SESSION_COURSE_IDS.length, { message: MSG.liveCourseIds })
  @ArrayUnique({ message: MSG.liveCourseIds })
  @IsIn(LIVE_SESSION_COURSE_IDS, { each: true, message: MSG.liveCourseIds })
  courseIds: LiveSessionCourseId[];

  @RequiredText('Tittel', 200)
  title: string;

  @BlankToNull()
  @OptionalText('Beskrivelse', 5000)
  description?: string | null;

  /** Checked by the service (Oslo wall time or an ISO instant). */
  @IsString({ message: MSG.liveStartsAt })
  @MaxLength(40, { message: MSG.liveStartsAt })
  startsAt: string;

  @IsInt({ message: MSG.liveDuration })
  @Min(5, { message: MSG.liveDuration })
  @Max(600, { message: MSG.liveDuration })
  durationMinutes: number;

  /** Checked by the service (https only). */
  @Trim()
  @IsString({ message: MSG.liveJoinUrl })
  @MaxLength(500, { message: MSG.liveJoinUrl })
  joinUrl: string;

  @IsOptional()
  @IsObject({ message: MSG.liveRecurrenceFrequency })
  @ValidateNested()
  @Type(() => LiveRecurrenceDto)
  recurrence?: LiveRecurrenceDto | null;
}

/** PUT/PATCH /api/admin/live-sessions/:id: only the fields sent change. */
export class UpdateLiveSessionDto implements UpdateLiveSessionRequest {
  @IfPresent()
  @IsArray({ message: MSG.liveCourseIds })
  @ArrayMinSize(1, { message: MSG.liveCourseIds })
  @ArrayMaxSize(LIVE_SESSION_COURSE_IDS.length, { message: MSG.liveCourseIds })
  @ArrayUnique({ message: MSG.liveCourseIds })
  @IsIn(LIVE_SESSION_COURSE_IDS, { each: true, message: MSG.liveCourseIds })
  courseIds?: LiveSessionCourseId[];

  @IfPresent()
  @RequiredText('Tittel', 200)
  title?: string;

  @BlankToNull()
  @OptionalText('Beskrivelse', 5000)
  description?: string | null;

  @IfPresent()
  @IsString({ message: MSG.liveStartsAt })
  @MaxLength(40, { message: MSG.liveStartsAt })
  startsAt?: string;

  @IfPresent()
  @IsInt({ message: MSG.liveDuration })
  @Min(5, { message: MSG.liveDuration })
  @Max(600, { message: MSG.liveDuration })
  durationMinutes?: number;

  @IfPresent()
  @Trim()
  @IsString({ message: MSG.liveJoinUrl })
  @MaxLength(500, { message: MSG.liveJoinUrl })
  joinUrl?: string;

  @IsOptional()
  @RecordingId()
  @IsString({ message: MSG.liveRecording })
  @Matches(YOUTUBE_ID_PATTERN, { message: MSG.liveRecording })
  recordingVideoId?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsString({ message: MSG.notText('Notater') })
  @MaxLength(10000, { message: MSG.tooLong('Notater', 10000) })
  notes?: string | null;
}
