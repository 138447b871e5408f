import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminOutboxMessage, AdminOutboxMessageDetail, ResendOutboxResponse } from '@academy/contracts';
import { AdminOnly } from '../../identity/current-user.decorator';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { OutboxAdminService } from '../../outbox/outbox-admin.service';

/** 'Utgående e-post' (ra-data-simple-rest): list, show, resend. */
@Controller('api/admin/outbox')
@AdminOnly()
export class OutboxAdminController {
  constructor(private readonly outbox: OutboxAdminService) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminOutboxMessage[]> {
    const res = await this.outbox.list(query);
    sendContentRange(reply, 'outbox', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminOutboxMessageDetail> {
    return this.outbox.get(id);
  }

  @Post(':id/resend')
  @HttpCode(200)
  resend(@Param('id', ParseIdPipe) id: number): Promise<ResendOutboxResponse> {
    return this.outbox.resend(id);
  }
}
