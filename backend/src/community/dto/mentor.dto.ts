import { IsIn } from 'class-validator';
import {
  MENTOR_BODY_MAX_LENGTH,
  MENTOR_MSG,
  MENTOR_TITLE_MAX_LENGTH,
  type CreateMentorThreadRequest,
  type MentorMessageRequest,
  type MentorThreadStatus,
  type UpdateMentorThreadRequest,
} from '@academy/contracts';
import { RequiredText } from '../../platform/dto/text-field';

export class CreateMentorThreadDto implements CreateMentorThreadRequest {
  @RequiredText('Tittelen', MENTOR_TITLE_MAX_LENGTH, MENTOR_MSG.title)
  title!: string;

  @RequiredText('Meldingen', MENTOR_BODY_MAX_LENGTH, MENTOR_MSG.body)
  body!: string;
}

export class MentorMessageDto implements MentorMessageRequest {
  @RequiredText('Meldingen', MENTOR_BODY_MAX_LENGTH, MENTOR_MSG.body)
  body!: string;
}

export class UpdateMentorThreadDto implements UpdateMentorThreadRequest {
  @IsIn(['waiting', 'answered', 'closed'], { message: MENTOR_MSG.status })
  status!: MentorThreadStatus;
}
