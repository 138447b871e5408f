import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config';
import type { Clock } from './platform/time/clock';
import { createHttpApp, type HttpAppOptions } from './platform/http/http-app';
import { MetricsRegistry } from './platform/metrics';
import { WriteLimit } from './platform/security/write-limit';

export { CSRF_EXEMPT } from './platform/security/csrf';

export type CreateAppOptions = HttpAppOptions & {
  /** The time the application sees (default: the real time). Tests pass a ManualClock. */
  clock?: Clock;
};

/** The application: every module on the one request pipeline, state-changing requests counted by the write limit. */
export async function createApp(cfg: AppConfig, opts: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const { clock, ...httpOpts } = opts;
  return createHttpApp(cfg, AppModule.register(cfg, clock), {
    ...httpOpts,
    rateLimiter: (app) => {
      const writes = app.get(WriteLimit);
      return (req, reply) => writes.hit(req, reply);
    },
    observer: (app) => app.get(MetricsRegistry).observe,
  });
}
