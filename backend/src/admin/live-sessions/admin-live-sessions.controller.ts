import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG, type AdminLiveSession } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { parseId } from '../../platform/http/parse-id.pipe';
import { sendContentRange } from '../../platform/list/list-query';
import { CreateLiveSessionDto, UpdateLiveSessionDto } from '../../live/dto/live-session.dto';
import { AdminLiveSessionsService } from '../../live/admin-live-sessions.service';

/**
 * A numeric route id; anything else is a session that cannot exist (404). Read in the handler,
 * after the body's validation, so a bad body still answers 400 first.
 */
const idOf = (raw: string): number => parseId(raw, MSG.liveSessionNotFound);

/** The mentor's live sessions (ra-data-simple-rest). DELETE cancels: the session stays, shown as cancelled. */
@Controller('api/admin/live-sessions')
@AdminOnly()
export class AdminLiveSessionsController {
  constructor(private readonly live: AdminLiveSessionsService) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminLiveSession[]> {
    const res = await this.live.list(query);
    sendContentRange(reply, 'live-sessions', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminLiveSession> {
    return this.live.get(idOf(id));
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateLiveSessionDto, @CurrentUser() actor: User): Promise<AdminLiveSession> {
    return this.live.create(dto, actor);
  }

  @Put(':id')
  put(@Param('id') id: string, @Body() dto: UpdateLiveSessionDto, @CurrentUser() actor: User): Promise<AdminLiveSession> {
    return this.live.update(idOf(id), dto, actor);
  }

  @Patch(':id')
  patch(@Param('id') id: string, @Body() dto: UpdateLiveSessionDto, @CurrentUser() actor: User): Promise<AdminLiveSession> {
    return this.live.update(idOf(id), dto, actor);
  }

  @Delete(':id')
  cancel(@Param('id') id: string, @CurrentUser() actor: User): Promise<AdminLiveSession> {
    return this.live.cancel(idOf(id), actor);
  }
}
