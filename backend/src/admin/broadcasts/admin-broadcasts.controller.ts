import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminBroadcast, BroadcastPreview, CreateBroadcastResponse } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminBroadcastsService } from '../../marketing/admin-broadcasts.service';
import { BroadcastProgressService } from '../../marketing/broadcast-progress.service';
import {
  BroadcastContentDto,
  BroadcastDto,
  BroadcastSendDto,
  BroadcastTestDto,
  SegmentCountDto,
  UpdateBroadcastDto,
} from '../../marketing/dto/broadcast.dto';

/** 'E-post' → 'Utsendelser' (ra-data-simple-rest): admin only, every write audited. */
@Controller('api/admin/broadcasts')
@AdminOnly()
export class AdminBroadcastsController {
  constructor(
    private readonly broadcasts: AdminBroadcastsService,
    private readonly progress: BroadcastProgressService,
  ) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminBroadcast[]> {
    const res = await this.progress.list(query);
    sendContentRange(reply, 'broadcasts', res);
    return res.rows;
  }

  /** The segment's size now (only addresses that may get marketing). */
  @Post('count')
  @HttpCode(200)
  async count(@Body() dto: SegmentCountDto): Promise<{ recipients: number }> {
    return { recipients: await this.broadcasts.count(dto.segment) };
  }

  /** The mail as it will look (HTML and plain text), from unsaved content. */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() dto: BroadcastContentDto, @CurrentUser() actor: User): BroadcastPreview {
    return this.broadcasts.preview(dto, actor);
  }

  @Post()
  create(@Body() dto: BroadcastDto, @CurrentUser() actor: User): Promise<CreateBroadcastResponse & AdminBroadcast> {
    return this.broadcasts.create(dto, actor);
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminBroadcast> {
    return this.progress.get(id);
  }

  @Get(':id/preview')
  async previewSaved(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<BroadcastPreview> {
    const b = await this.progress.get(id);
    return this.broadcasts.preview(b, actor);
  }

  @Put(':id')
  put(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateBroadcastDto,
    @CurrentUser() actor: User,
  ): Promise<AdminBroadcast> {
    return this.broadcasts.update(id, dto, actor);
  }

  @Patch(':id')
  patch(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateBroadcastDto,
    @CurrentUser() actor: User,
  ): Promise<AdminBroadcast> {
    return this.broadcasts.update(id, dto, actor);
  }

  @Post(':id/test')
  @HttpCode(200)
  test(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: BroadcastTestDto,
    @CurrentUser() actor: User,
  ): Promise<{ queued: true }> {
    return this.broadcasts.test(id, dto.email, actor);
  }

  /** Sends now, or schedules for `at`. Needs a recent sign-in. */
  @Post(':id/send')
  @HttpCode(200)
  @RecentSignIn()
  send(@Param('id', ParseIdPipe) id: number, @Body() dto: BroadcastSendDto, @CurrentUser() actor: User): Promise<AdminBroadcast> {
    return this.broadcasts.send(id, dto.at, actor);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminBroadcast> {
    return this.broadcasts.cancel(id, actor);
  }
}
