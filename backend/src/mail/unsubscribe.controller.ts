import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { UnsubscribeService } from './unsubscribe.service';

/** The unsubscribe link in e-mails: signed, no login needed, answers a small Norwegian page. */
@Controller('api/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Get()
  async get(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.unsubscribe.handle(query);
    void reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(page.html);
  }
}
