import { Controller, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RoutePolicy } from '../../platform/security/route-policy';
import { SkipWriteLimit } from '../../platform/security/write-limit';
import type { WebhookAnswer } from '../stripe/stripe-webhook.service';
import { VippsWebhookService } from './vipps-webhook.service';

/**
 * Vipps MobilePay calls this with ePayment events; it authenticates by Vipps' HMAC signature over the
 * path, the Host header and the body (exempt from the CSRF rule and the write limit); failures are
 * counted in the metrics.
 */
@Controller('api/vipps')
@SkipWriteLimit()
@RoutePolicy({ webhook: 'vipps' })
export class VippsWebhookController {
  constructor(private readonly webhooks: VippsWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<FastifyRequest>): Promise<WebhookAnswer> {
    return this.webhooks.handle({ rawBody: req.rawBody, pathAndQuery: req.url, headers: req.headers });
  }
}
