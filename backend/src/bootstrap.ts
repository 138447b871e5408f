import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config';
import { createHttpApp, type HttpAppOptions } from './platform/http/http-app';
import { WriteLimit } from './platform/security/write-limit';

export { CSRF_EXEMPT } from './platform/security/csrf';

export type CreateAppOptions = HttpAppOptions;

/** The application: every module on the one request pipeline, state-changing requests counted by the write limit. */
export async function createApp(cfg: AppConfig, opts: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  return createHttpApp(cfg, AppModule.register(cfg), {
    ...opts,
    rateLimiter: (app) => {
      const writes = app.get(WriteLimit);
      return (req, reply) => writes.hit(req, reply);
    },
  });
}
