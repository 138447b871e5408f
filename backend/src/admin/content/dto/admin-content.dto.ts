import { Transform } from 'class-transformer';
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
} from 'class-validator';
import { PLAYER_COURSE_IDS, YOUTUBE_ID_PATTERN, type PlayerCourseId } from '@academy/contracts';
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
const VIDEO_ID_MESSAGE = 'Video-id må være en YouTube-id på 11 tegn (eller en YouTube-lenke)';
const TOPICS_MESSAGE = 'Temaer må være en liste med maks 30 tekster på maks 200 tegn';

/** Topics: trimmed, blank ones dropped. */
const Topics = () =>
  Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((t) => (typeof t === 'string' ? t.trim() : t)).filter((t) => !(typeof t === 'string' && t === ''))
      : value,
  );

/** PUT/PATCH /api/admin/courses/:id */
export class UpdateCourseDto {
  @IsOptional()
  @IsIn(PLAYER_COURSE_IDS, { message: 'Kurs-id kan ikke endres' })
  id?: PlayerCourseId;

  @IfPresent()
  @Trim()
  @IsString({ message: 'Tittel må være tekst' })
  @IsNotEmpty({ message: 'Tittel kan ikke være tom' })
  @MaxLength(120, { message: 'Tittel kan være maks 120 tegn' })
  title?: string;

  /** Blank or null clears it. */
  @IsOptional()
  @Trim()
  @IsString({ message: 'Beskrivelse må være tekst' })
  @MaxLength(5000, { message: 'Beskrivelse kan være maks 5000 tegn' })
  description?: string | null;
}

/** Fields of a module besides its title and course (all optional). */
class ModuleFieldsDto {
  /** Blank or null clears it. */
  @IsOptional()
  @Trim()
  @IsString({ message: 'Beskrivelse må være tekst' })
  @MaxLength(5000, { message: 'Beskrivelse kan være maks 5000 tegn' })
  description?: string | null;

  @IfPresent()
  @IsInt({ message: 'Varighet må være et helt antall minutter' })
  @Min(0, { message: 'Varighet kan ikke være negativ' })
  @Max(1000, { message: 'Varighet kan være maks 1000 minutter' })
  durationMinutes?: number;

  @IfPresent()
  @Topics()
  @IsArray({ message: TOPICS_MESSAGE })
  @ArrayMaxSize(30, { message: TOPICS_MESSAGE })
  @IsString({ each: true, message: TOPICS_MESSAGE })
  @MaxLength(200, { each: true, message: TOPICS_MESSAGE })
  topics?: string[];

  @IsOptional()
  @VideoId()
  @IsString({ message: VIDEO_ID_MESSAGE })
  @Matches(YOUTUBE_ID_PATTERN, { message: VIDEO_ID_MESSAGE })
  videoId?: string | null;

  @IfPresent()
  @IsInt({ message: 'Rekkefølge må være et helt tall' })
  @Min(0, { message: 'Rekkefølge kan ikke være negativ' })
  @Max(10000, { message: 'Rekkefølge kan være maks 10000' })
  position?: number;

  @IfPresent()
  @IsBoolean({ message: 'Publisert må være ja eller nei' })
  published?: boolean;
}

/** PUT/PATCH /api/admin/modules/:id (the course of a module cannot change: progress refers to it). */
export class UpdateModuleDto extends ModuleFieldsDto {
  @IfPresent()
  @Trim()
  @IsString({ message: 'Tittel må være tekst' })
  @IsNotEmpty({ message: 'Tittel kan ikke være tom' })
  @MaxLength(200, { message: 'Tittel kan være maks 200 tegn' })
  title?: string;
}

/** POST /api/admin/modules */
export class CreateModuleDto extends ModuleFieldsDto {
  @IsIn(PLAYER_COURSE_IDS, { message: 'Ukjent kurs' })
  courseId: PlayerCourseId;

  @Trim()
  @IsString({ message: 'Tittel må være tekst' })
  @IsNotEmpty({ message: 'Tittel kan ikke være tom' })
  @MaxLength(200, { message: 'Tittel kan være maks 200 tegn' })
  title: string;
}

/** PUT /api/admin/settings */
export class UpdateSettingsDto {
  @IsOptional()
  @IsIn(['site'], { message: 'Ukjent innstilling' })
  id?: 'site';

  @Trim()
  @IsString({ message: 'Teksten må være tekst' })
  @IsNotEmpty({ message: 'Teksten på videoen kan ikke være tom' })
  @MaxLength(200, { message: 'Teksten på videoen kan være maks 200 tegn' })
  videoOverlayText: string;
}
