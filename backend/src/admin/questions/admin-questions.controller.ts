import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminQuestion } from '@academy/contracts';
import { QUESTION_MSG } from '@academy/contracts';
import { AnswerQuestionDto, UpdateQuestionDto } from '../../community/dto/question.dto';
import { AdminQuestionsService } from '../../community/admin-questions.service';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { parseId } from '../../platform/http/parse-id.pipe';
import { sendContentRange } from '../../platform/list/list-query';

/** A numeric route id, read after the body's validation; anything else is a question that cannot exist (404). */
const idOf = (raw: string): number => parseId(raw, QUESTION_MSG.notFound);

/** 'Spørsmål': lesson questions, unanswered first; answer, hide, pin, delete (each audited). */
@Controller('api/admin/questions')
@AdminOnly()
export class AdminQuestionsController {
  constructor(private readonly questions: AdminQuestionsService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminQuestion[]> {
    const res = await this.questions.list(query);
    sendContentRange(reply, 'questions', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminQuestion> {
    return this.questions.get(idOf(id));
  }

  @Post(':id/answer')
  @HttpCode(200)
  answer(@Param('id') id: string, @Body() dto: AnswerQuestionDto, @CurrentUser() actor: User): Promise<AdminQuestion> {
    return this.questions.answer(idOf(id), dto.body, actor);
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() dto: UpdateQuestionDto, @CurrentUser() actor: User): Promise<AdminQuestion> {
    return this.questions.update(idOf(id), dto, actor);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentUser() actor: User): Promise<AdminQuestion> {
    return this.questions.remove(idOf(id), actor);
  }
}
