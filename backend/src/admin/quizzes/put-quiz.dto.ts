import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { QUIZ_LIMITS, QUIZ_MSG, type PutQuizRequest, type QuizQuestionInput } from '@academy/contracts';

/** The questions' shape (texts, 2–6 choices, at least one right) is checked by the quiz's own rules (access/quiz/quiz-rules.ts). */
export class PutQuizDto implements PutQuizRequest {
  @IsInt({ message: QUIZ_MSG.passPercent })
  @Min(QUIZ_LIMITS.minPassPercent, { message: QUIZ_MSG.passPercent })
  @Max(QUIZ_LIMITS.maxPassPercent, { message: QUIZ_MSG.passPercent })
  passPercent: number;

  @IsArray({ message: QUIZ_MSG.noQuestions })
  @ArrayMinSize(QUIZ_LIMITS.minQuestions, { message: QUIZ_MSG.noQuestions })
  @ArrayMaxSize(QUIZ_LIMITS.maxQuestions, { message: QUIZ_MSG.noQuestions })
  questions: QuizQuestionInput[];
}
