import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RoutePolicy } from '../platform/security/route-policy';
import { SkipWriteLimit } from '../platform/security/write-limit';
import { PostmarkWebhookService, type PostmarkWebhookAnswer } from './postmark-webhook.service';

/**
 * Postmark posts bounces and spam complaints here (JSON, basic auth in the URL). Exempt from the write
 * limit (a burst of bounces after a broadcast must all land); failures are counted in the metrics.
 */
@Controller('api/mail')
@SkipWriteLimit()
@RoutePolicy({ webhook: 'postmark' })
export class PostmarkWebhookController {
  constructor(private readonly webhooks: PostmarkWebhookService) {}

  @Post('postmark-webhook')
  @HttpCode(200)
  receive(@Headers('authorization') authorization: unknown, @Req() req: FastifyRequest): Promise<PostmarkWebhookAnswer> {
    return this.webhooks.handle(authorization, req.body);
  }
}
