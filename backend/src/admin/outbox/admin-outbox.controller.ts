import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminOutboxMessage, AdminOutboxMessageDetail, ResendOutboxResponse } from '@academy/contracts';
import { AdminOnly } from '../../identity/current-user.decorator';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminOutboxService } from '../../outbox/admin-outbox.service';
import { MailService } from '../../notifications/mail.service';
import { notFound } from '../../platform/errors/app-error';
import { MSG } from '@academy/contracts';

/** 'Utgående e-post' (ra-data-simple-rest): list, show, resend. */
@Controller('api/admin/outbox')
@AdminOnly()
export class AdminOutboxController {
  constructor(
    private readonly outbox: AdminOutboxService,
    private readonly mail: MailService,
  ) {}

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
  async resend(@Param('id', ParseIdPipe) id: number): Promise<ResendOutboxResponse> {
    // A receipt that has gone out is built again, with a fresh sign-in link; anything else is sent as it was.
    const orderId = await this.outbox.sentReceiptOrder(id);
    if (orderId === null) return this.outbox.resend(id);
    const copyId = await this.mail.resendReceipt(orderId);
    if (copyId === null) throw notFound(MSG.orderNotFound);
    return { action: 'copied', message: await this.outbox.get(copyId) };
  }
}
