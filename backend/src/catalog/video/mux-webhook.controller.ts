import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SkipWriteLimit } from '../../platform/security/write-limit';
import { MuxWebhookService, type MuxWebhookAnswer } from './mux-webhook.service';

/** Mux calls this; it authenticates by signature (exempt from the CSRF rule and the write limit). */
@Controller('api/mux')
@SkipWriteLimit()
export class MuxWebhookController {
  constructor(private readonly webhooks: MuxWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('mux-signature') signature: unknown): Promise<MuxWebhookAnswer> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
