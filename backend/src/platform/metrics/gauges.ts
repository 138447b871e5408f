/** One gauge a provider reports: its help text and label names. */
export interface GaugeSpec {
  help: string;
  labelNames?: readonly string[];
}

/** A gauge's value now: one number, or one per label set. */
export type GaugeReading = number | ReadonlyArray<{ labels: Record<string, string>; value: number }>;

export const METRIC_GAUGES = Symbol('METRIC_GAUGES');

/**
 * Declares a provider's method as the source of some gauges, found at start-up by the metrics
 * registry (as `@OnEvent` handlers are found by the event bus): the module that owns the numbers
 * answers them, and platform never imports it. The method is called once per scrape of /metrics and
 * answers a reading for each gauge it declares (a gauge it leaves out has no value in that scrape).
 *
 * ```ts
 * @MetricGauges({ academy_outbox_depth: { help: 'Messages waiting' } })
 * async metrics(): Promise<Record<string, GaugeReading>> { … }
 * ```
 */
export function MetricGauges(specs: Record<string, GaugeSpec>): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(METRIC_GAUGES, specs, descriptor.value as object);
  };
}
