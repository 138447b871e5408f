import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { securityHeaders } from '../common/security-headers';
import { APP_CONFIG, type AppConfig } from '../config';
import { UnsubscribeService } from './unsubscribe.service';

/** The unsubscribe link in e-mails: signed, no login needed, answers a small Norwegian page. */
@Controller('api/unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly unsubscribe: UnsubscribeService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get()
  async get(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.unsubscribe.handle(query);
    // A page, not JSON: the document headers with the full Content-Security-Policy.
    void reply
      .headers(securityHeaders(this.cfg))
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(page.html);
  }
}
