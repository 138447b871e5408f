import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MENTOR_MSG, type AdminMentorThread, type AdminMentorThreadDetail } from '@academy/contracts';
import { MentorMessageDto, UpdateMentorThreadDto } from '../../community/dto/mentor.dto';
import { readMentorForm } from '../../community/mentor/mentor-form';
import { AdminMentorThreadsService } from '../../community/mentor/admin-mentor-threads.service';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { parseId } from '../../platform/http/parse-id.pipe';
import { sendContentRange } from '../../platform/list/list-query';

const idOf = (raw: string): number => parseId(raw, MENTOR_MSG.notFound);

/** 'Innboks': the students' mentor threads, waiting first; answer (text, and one image), set the status. */
@Controller('api/admin/mentor-threads')
@AdminOnly()
export class AdminMentorThreadsController {
  constructor(private readonly inbox: AdminMentorThreadsService) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminMentorThread[]> {
    const res = await this.inbox.list(query);
    sendContentRange(reply, 'mentor-threads', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminMentorThreadDetail> {
    return this.inbox.get(idOf(id));
  }

  /** JSON `{body}`, or multipart/form-data with `body` and one image in `images`. */
  @Post(':id/messages')
  @HttpCode(201)
  async answer(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @CurrentUser() actor: User,
  ): Promise<AdminMentorThreadDetail> {
    const form = await readMentorForm(req, MentorMessageDto, 1);
    return this.inbox.answer(idOf(id), form.fields.body, form.files, actor);
  }

  @Patch(':id')
  update(
    @Param('id') id: string,
    @Body() dto: UpdateMentorThreadDto,
    @CurrentUser() actor: User,
  ): Promise<AdminMentorThreadDetail> {
    return this.inbox.setStatus(idOf(id), dto.status, actor);
  }
}
