import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RoutePolicy } from '../../platform/security/route-policy';
import { SkipWriteLimit } from '../../platform/security/write-limit';
import { MuxWebhookService, type MuxWebhookAnswer } from './mux-webhook.service';

/** Mux calls this; it authenticates by signature (exempt from the CSRF rule and the write limit); failures are counted in the metrics. */
@Controller('api/mux')
@SkipWriteLimit()
@RoutePolicy({ webhook: 'mux' })
export class MuxWebhookController {
  constructor(private readonly webhooks: MuxWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('mux-signature') signature: unknown): Promise<MuxWebhookAnswer> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
