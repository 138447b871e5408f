import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { badRequest } from '../platform/errors/app-error';
import { securityHeaders } from '../platform/security/security-headers';
import { SkipWriteLimit } from '../platform/security/write-limit';
import { MSG } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import type { HtmlPage } from './link-page';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * The unsubscribe link in e-mails: signed, no login needed. Opening it (GET) shows a page with a
 * button and changes nothing (mail scanners follow links); the button, the undo and the mail
 * provider's RFC 8058 one-click all POST to the same signed link.
 */
@Controller('api/unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly unsubscribe: UnsubscribeService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get()
  async get(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    this.send(reply, await this.unsubscribe.show(query));
  }

  /**
   * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` (form-encoded) to
   * the signed link, answered 200 without a page. The page's buttons post `unsubscribe=1` or `undo=1`
   * and get a page back. Authenticated by the link's signature, so exempt from the CSRF rule and, since
   * one provider posts for many recipients from the same addresses, from the write limit.
   */
  @Post()
  @HttpCode(200)
  @SkipWriteLimit()
  async post(@Query() query: Record<string, unknown>, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    const done = await this.unsubscribe.post(query, body);
    if (!done) throw badRequest(MSG.invalidUnsubscribeLink);
    if (done.page) return this.send(reply, done.page);
    void reply.status(200).header('cache-control', 'no-store').send();
  }

  /** A page, not JSON: the document headers with the full Content-Security-Policy. */
  private send(reply: FastifyReply, page: HtmlPage): void {
    void reply
      .headers(securityHeaders(this.cfg))
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(page.html);
  }
}
