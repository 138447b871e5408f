import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics.registry';

/**
 * Prometheus metrics (GET /metrics). Modules report their own gauges with `@MetricGauges` on a
 * provider's method, found at start-up; the request pipeline reports every request's duration.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [MetricsController],
  providers: [MetricsRegistry],
  exports: [MetricsRegistry],
})
export class MetricsModule {}
