import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import type { LessonQuestion, LessonQuestionsResponse } from '@academy/contracts';
import { OwnsCourse } from '../access/course-owner.guard';
import { ModuleIdParam } from '../access/module-id.param';
import { CurrentUser } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { RouteLimits } from '../platform/security/route-policy';
import { AskQuestionDto } from './dto/question.dto';
import { QUESTION_LIMIT, QuestionsService } from './questions.service';

/** Questions under a module of the player: owners of the course (and admins) read and ask. */
@Controller('api/courses/:courseId/modules/:moduleId/questions')
@OwnsCourse()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  list(
    @Param('courseId') courseId: string,
    @ModuleIdParam() moduleId: number,
    @CurrentUser() user: User,
  ): Promise<LessonQuestionsResponse> {
    return this.questions.list(user, courseId, moduleId);
  }

  /** Counted per account, exactly ({@link QUESTION_LIMIT}), beside the per-address write limit every write has. */
  @Post()
  @HttpCode(201)
  @RouteLimits({
    name: QUESTION_LIMIT.name,
    key: 'account',
    rate: { hits: QUESTION_LIMIT.limit, windowMs: QUESTION_LIMIT.windowMs },
    exact: true,
  })
  ask(
    @Param('courseId') courseId: string,
    @ModuleIdParam() moduleId: number,
    @Body() dto: AskQuestionDto,
    @CurrentUser() user: User,
  ): Promise<LessonQuestion> {
    return this.questions.ask(user, courseId, moduleId, dto.body);
  }
}
