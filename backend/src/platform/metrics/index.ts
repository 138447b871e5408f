export { MetricGauges, type GaugeReading, type GaugeSpec } from './gauges';
export { MetricsModule } from './metrics.module';
export { MetricsRegistry, UNMATCHED_ROUTE } from './metrics.registry';
