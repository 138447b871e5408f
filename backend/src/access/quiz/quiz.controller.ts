import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { QUIZ_ATTEMPTS_PER_HOUR, type CourseQuizzesResponse, type QuizAttemptResult, type QuizView } from '@academy/contracts';
import { CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { RouteLimits } from '../../platform/security/route-policy';
import { OwnsCourse } from '../course-owner.guard';
import { ModuleIdParam } from '../module-id.param';
import { QuizAttemptDto } from './quiz-attempt.dto';
import { QuizzesService } from './quizzes.service';

/** Attempts per account and hour, counted exactly across instances (a quiz is not a guessing machine). */
export const QUIZ_ATTEMPT_LIMIT = { name: 'quiz-attempts', limit: QUIZ_ATTEMPTS_PER_HOUR, windowMs: 3_600_000 } as const;

/** A module's quiz in the player: those who may watch the module (the guard: session and ownership). */
@Controller('api/courses/:courseId/modules/:moduleId/quiz')
@OwnsCourse()
export class QuizController {
  constructor(private readonly quizzes: QuizzesService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@Param('courseId') courseId: string, @ModuleIdParam() moduleId: number, @CurrentUser() user: User): Promise<QuizView> {
    return this.quizzes.forStudent(user, courseId, moduleId);
  }

  @Post('attempts')
  @HttpCode(201)
  @RouteLimits({
    name: QUIZ_ATTEMPT_LIMIT.name,
    key: 'account',
    rate: { hits: QUIZ_ATTEMPT_LIMIT.limit, windowMs: QUIZ_ATTEMPT_LIMIT.windowMs },
    exact: true,
  })
  attempt(
    @Param('courseId') courseId: string,
    @ModuleIdParam() moduleId: number,
    @Body() dto: QuizAttemptDto,
    @CurrentUser() user: User,
  ): Promise<QuizAttemptResult> {
    return this.quizzes.attempt(user, courseId, moduleId, dto.answers);
  }
}

/** Which modules of a course have a quiz (the player asks once per course, so it never asks for a quiz that is not there). */
@Controller('api/courses/:courseId/quizzes')
@OwnsCourse()
export class CourseQuizzesController {
  constructor(private readonly quizzes: QuizzesService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  list(@Param('courseId') courseId: string, @CurrentUser() user: User): Promise<CourseQuizzesResponse> {
    return this.quizzes.overview(user, courseId);
  }
}
