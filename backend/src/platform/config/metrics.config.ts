import type { EnvReader } from './env-reader';

export interface MetricsConfig {
  /** METRICS_TOKEN: GET /metrics answers only with `Authorization: Bearer <token>`; null: /metrics is closed (404). */
  metricsToken: string | null;
}

export function readMetrics(env: EnvReader): MetricsConfig {
  const metricsToken = env.str('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16)
    env.problem('METRICS_TOKEN: minst 16 tegn (f.eks. openssl rand -hex 24)');
  return { metricsToken };
}
