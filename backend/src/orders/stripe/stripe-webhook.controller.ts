import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RoutePolicy } from '../../platform/security/route-policy';
import { SkipWriteLimit } from '../../platform/security/write-limit';
import { StripeWebhookService, type WebhookAnswer } from './stripe-webhook.service';

/** Stripe calls this; it authenticates by signature (exempt from the CSRF rule and the write limit); failures are counted in the metrics. */
@Controller('api/stripe')
@SkipWriteLimit()
@RoutePolicy({ webhook: 'stripe' })
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: unknown): Promise<WebhookAnswer> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
