import { IsBoolean, IsOptional } from 'class-validator';
import {
  QUESTION_MAX_LENGTH,
  QUESTION_MSG,
  type AnswerQuestionRequest,
  type AskQuestionRequest,
  type UpdateQuestionRequest,
} from '@academy/contracts';
import { MSG } from '@academy/contracts';
import { RequiredText } from '../../platform/dto/text-field';

export class AskQuestionDto implements AskQuestionRequest {
  @RequiredText('Spørsmålet', QUESTION_MAX_LENGTH, QUESTION_MSG.body)
  body!: string;
}

export class AnswerQuestionDto implements AnswerQuestionRequest {
  @RequiredText('Svaret', QUESTION_MAX_LENGTH, QUESTION_MSG.answer)
  body!: string;
}

export class UpdateQuestionDto implements UpdateQuestionRequest {
  @IsOptional()
  @IsBoolean({ message: MSG.invalidValue('hidden') })
  hidden?: boolean;

  @IsOptional()
  @IsBoolean({ message: MSG.invalidValue('pinned') })
  pinned?: boolean;
}
