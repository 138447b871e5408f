import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../config';
import { sameSecret } from '../crypto/same-secret';
import { notFound, unauthenticated } from '../errors/app-error';
import { MetricsRegistry } from './metrics.registry';

/**
 * GET /metrics for Prometheus. Closed (404, as an unknown address) unless METRICS_TOKEN is set; then
 * only `Authorization: Bearer <METRICS_TOKEN>` gets it (401 otherwise, compared in constant time).
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly metrics: MetricsRegistry,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.cfg.metricsToken;
    if (token === null) throw notFound(MSG.notFound);
    const presented = typeof authorization === 'string' ? /^Bearer ([^\s]+)$/i.exec(authorization.trim())?.[1] : undefined;
    if (presented === undefined || !sameSecret(presented, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated(MSG.unauthenticated);
    }
    reply.header('content-type', this.metrics.contentType);
    reply.header('cache-control', 'no-store');
    return this.metrics.render();
  }
}
