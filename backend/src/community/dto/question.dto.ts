import { IsBoolean, ValidateIf } from 'class-validator';
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

/** A missing field is left as it is; an explicit null is no yes or no and is refused like any other value. */
const IfGiven = () => ValidateIf((_o: unknown, v: unknown) => v !== undefined);

export class UpdateQuestionDto implements UpdateQuestionRequest {
  @IfGiven()
  @IsBoolean({ message: MSG.invalidValue('hidden') })
  hidden?: boolean;

  @IfGiven()
  @IsBoolean({ message: MSG.invalidValue('pinned') })
  pinned?: boolean;
}
