import { ArrayMaxSize, IsArray } from 'class-validator';
import { QUIZ_LIMITS, QUIZ_MSG, type QuizAttemptRequest } from '@academy/contracts';

/** The answers' shape is checked against the quiz itself (quiz-rules.ts parseAnswers). */
export class QuizAttemptDto implements QuizAttemptRequest {
  @IsArray({ message: QUIZ_MSG.answersShape })
  @ArrayMaxSize(QUIZ_LIMITS.maxQuestions, { message: QUIZ_MSG.answersShape })
  answers: number[][];
}
