import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { badRequest } from '../platform/errors/app-error';
import { securityHeaders } from '../platform/security/security-headers';
import { SkipWriteLimit } from '../platform/security/write-limit';
import { MSG } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config';
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

  /**
   * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` (form-encoded) to the
   * signed link. Authenticated by the link's signature, so it is exempt from the CSRF rule and, since one
   * provider posts for many recipients from the same addresses, from the write limit. Answers 200 without a page.
   */
  @Post()
  @HttpCode(200)
  @SkipWriteLimit()
  async oneClick(
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | undefined> {
    void reply.header('cache-control', 'no-store');
    // The unsubscribe page's undo button posts `undo=1` to the same signed link and gets a page back.
    const undone = await this.unsubscribe.undo(query, body);
    if (undone) {
      void reply
        .headers(securityHeaders(this.cfg))
        .status(undone.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('referrer-policy', 'no-referrer');
      return undone.html;
    }
    if (!(await this.unsubscribe.oneClick(query, body))) throw badRequest(MSG.invalidUnsubscribeLink);
    return undefined;
  }
}
