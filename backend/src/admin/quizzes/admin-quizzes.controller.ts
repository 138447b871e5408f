import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import type { AdminQuiz } from '@academy/contracts';
import { AdminQuizzesService } from '../../access/quiz/admin-quizzes.service';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { PutQuizDto } from './put-quiz.dto';

/** A module's quiz in the panel: read with its statistics, build or replace, remove (recent sign-in, audited). */
@Controller('api/admin/modules/:id/quiz')
@AdminOnly()
export class AdminQuizzesController {
  constructor(private readonly quizzes: AdminQuizzesService) {}

  @Get()
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminQuiz> {
    return this.quizzes.get(id);
  }

  @Put()
  @RecentSignIn()
  put(@Param('id', ParseIdPipe) id: number, @Body() dto: PutQuizDto, @CurrentUser() actor: User): Promise<AdminQuiz> {
    return this.quizzes.put(id, dto, actor);
  }

  @Delete()
  @RecentSignIn()
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<{ deleted: true }> {
    return this.quizzes.remove(id, actor);
  }
}
