import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { RequiredText } from '../../platform/dto/text-field';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type {
  BroadcastContentRequest,
  BroadcastRequest,
  BroadcastSendRequest,
  BroadcastTestRequest,
  SegmentCountRequest,
  SegmentRequest,
  SequenceRequest,
  SequenceStepInput,
  UpdateBroadcastRequest,
  UpdateSequenceRequest,
} from '@academy/contracts';
import {
  MSG,
  SEGMENT_AUDIENCES,
  SEGMENT_VARIANTS,
  SEQUENCE_TRIGGERS,
  type SegmentAudience,
  type SequenceTrigger,
} from '@academy/contracts';
import { EmailField } from '../../platform/dto/email.dto';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// The rule of each field that several bodies share (create and update, broadcast and sequence step).
const Subject = () => RequiredText('subject', 200, MSG.notText('subject'));
const MarkdownBody = () =>
  applyDecorators(
    IsString({ message: MSG.notText('body') }),
    IsNotEmpty({ message: MSG.notText('body') }),
    MaxLength(50_000, { message: MSG.tooLong('body', 50_000) }),
  );
const OptionalFlag = (name: string) => applyDecorators(IsOptional(), IsBoolean({ message: `${name} må være true eller false` }));
const SequenceName = () => RequiredText('name', 120, MSG.notText('name'));
const Trigger = () => IsIn(SEQUENCE_TRIGGERS, { message: 'trigger må være lead, starter_completed eller bought' });
const TriggerValue = () =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'triggerValue må være tekst eller null' }),
    MaxLength(64, { message: MSG.tooLong('triggerValue', 64) }),
  );
const Steps = () =>
  applyDecorators(
    IsArray({ message: MSG.sequenceStepsMissing }),
    ArrayMaxSize(30, { message: 'En sekvens kan ha maks 30 steg' }),
    ValidateNested({ each: true }),
    Type(() => SequenceStepDto),
  );

export class SegmentDto implements SegmentRequest {
  @IsIn(SEGMENT_AUDIENCES, { message: MSG.segmentInvalid('audience må være leads, students eller all') })
  audience: SegmentAudience;

  @IsOptional()
  @IsArray({ message: MSG.segmentInvalid('variants må være en liste') })
  @ArrayMaxSize(10, { message: MSG.segmentInvalid('for mange varianter') })
  @IsIn(SEGMENT_VARIANTS, { each: true, message: MSG.segmentInvalid('variants kan være A, B, C, D eller starter') })
  variants?: string[];

  @IsOptional()
  @IsArray({ message: MSG.segmentInvalid('owns må være en liste') })
  @ArrayMaxSize(20, { message: MSG.segmentInvalid('for mange kurs') })
  @IsString({ each: true, message: MSG.segmentInvalid('owns må være kurs-id-er') })
  @MaxLength(64, { each: true, message: MSG.segmentInvalid('ukjent kurs') })
  owns?: string[];

  @IsOptional()
  @IsArray({ message: MSG.segmentInvalid('notOwns må være en liste') })
  @ArrayMaxSize(20, { message: MSG.segmentInvalid('for mange kurs') })
  @IsString({ each: true, message: MSG.segmentInvalid('notOwns må være kurs-id-er') })
  @MaxLength(64, { each: true, message: MSG.segmentInvalid('ukjent kurs') })
  notOwns?: string[];

  @IsOptional()
  @Matches(DAY, { message: MSG.segmentInvalid('from må være en dato (ÅÅÅÅ-MM-DD)') })
  from?: string;

  @IsOptional()
  @Matches(DAY, { message: MSG.segmentInvalid('to må være en dato (ÅÅÅÅ-MM-DD)') })
  to?: string;
}

export class BroadcastContentDto implements BroadcastContentRequest {
  @Subject()
  subject: string;

  @MarkdownBody()
  body: string;

  @OptionalFlag('utm')
  utm?: boolean;
}

/** POST /api/admin/broadcasts, PUT /api/admin/broadcasts/:id */
export class BroadcastDto extends BroadcastContentDto implements BroadcastRequest {
  @ValidateNested()
  @Type(() => SegmentDto)
  @IsNotEmpty({ message: MSG.segmentInvalid('mangler') })
  segment: SegmentDto;
}

/** POST /api/admin/broadcasts/count */
export class SegmentCountDto implements SegmentCountRequest {
  @ValidateNested()
  @Type(() => SegmentDto)
  @IsNotEmpty({ message: MSG.segmentInvalid('mangler') })
  segment: SegmentDto;
}

/** POST /api/admin/broadcasts/:id/test */
export class BroadcastTestDto implements BroadcastTestRequest {
  @EmailField()
  email: string;
}

/** POST /api/admin/broadcasts/:id/send */
export class BroadcastSendDto implements BroadcastSendRequest {
  @IsOptional()
  @IsDateString({ strict: true }, { message: 'at må være et tidspunkt (ISO 8601)' })
  at?: string;
}

export class SequenceStepDto implements SequenceStepInput {
  @IsOptional()
  @IsInt({ message: 'id må være et heltall' })
  id?: number;

  @IsInt({ message: 'waitDays må være et helt antall dager' })
  @Min(0, { message: 'waitDays kan ikke være negativ' })
  @Max(365, { message: 'waitDays kan være maks 365' })
  waitDays: number;

  @IsInt({ message: 'sendHour må være en time (0–23)' })
  @Min(0, { message: 'sendHour må være en time (0–23)' })
  @Max(23, { message: 'sendHour må være en time (0–23)' })
  sendHour: number;

  @Subject()
  subject: string;

  @MarkdownBody()
  body: string;

  @IsOptional()
  @IsString({ message: 'stopIfBought må være en kurs-id, any eller null' })
  @MaxLength(64, { message: 'stopIfBought må være en kurs-id, any eller null' })
  stopIfBought?: string | null;
}

/** POST /api/admin/sequences, PUT /api/admin/sequences/:id */
export class SequenceDto implements SequenceRequest {
  @SequenceName()
  name: string;

  @Trigger()
  trigger: SequenceTrigger;

  @TriggerValue()
  triggerValue?: string | null;

  @OptionalFlag('active')
  active?: boolean;

  @OptionalFlag('utm')
  utm?: boolean;

  @Steps()
  steps: SequenceStepDto[];
}

/** PUT/PATCH /api/admin/broadcasts/:id (a draft): the fields given change, the rest stay. */
export class UpdateBroadcastDto implements UpdateBroadcastRequest {
  @IsOptional()
  @Subject()
  subject?: string;

  @IsOptional()
  @MarkdownBody()
  body?: string;

  @OptionalFlag('utm')
  utm?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => SegmentDto)
  segment?: SegmentDto;
}

/** PUT/PATCH /api/admin/sequences/:id: the fields given change (steps as a whole list), the rest stay. */
export class UpdateSequenceDto implements UpdateSequenceRequest {
  @IsOptional()
  @SequenceName()
  name?: string;

  @IsOptional()
  @Trigger()
  trigger?: SequenceTrigger;

  @TriggerValue()
  triggerValue?: string | null;

  @OptionalFlag('active')
  active?: boolean;

  @OptionalFlag('utm')
  utm?: boolean;

  @IsOptional()
  @Steps()
  steps?: SequenceStepDto[];
}
