import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config';
import type { Clock } from './platform/time/clock';
import { createHttpApp, type HttpAppOptions } from './platform/http/http-app';
import { MetricsRegistry } from './platform/metrics';
import { RouteLimiter, type LimitAccounts } from './platform/security/route-limiter';
import { accountLimitKey } from './identity/account-limit-key';
import { SessionCookie } from './identity/session-cookie';

export { CSRF_EXEMPT } from './platform/security/csrf';

export type CreateAppOptions = HttpAppOptions & {
  /** The time the application sees (default: the real time). Tests pass a ManualClock. */
  clock?: Clock;
};

/**
 * The application: every module on the one request pipeline, state-changing requests counted by the
 * write limit and every route by the limits its policy declares (an account's by its session).
 */
export async function createApp(cfg: AppConfig, opts: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const { clock, ...httpOpts } = opts;
  return createHttpApp(cfg, AppModule.register(cfg, clock), {
    ...httpOpts,
    rateLimiter: (app) => {
      const limiter = app.get(RouteLimiter);
      const cookie = app.get(SessionCookie);
      const ds = app.get(DataSource);
      const accounts: LimitAccounts = {
        signedIn: async (req) => (await cookie.resolve(req))?.user.id ?? null,
        named: (email) => accountLimitKey(ds, email),
      };
      return (req, reply, step) => limiter.count(req, reply, step, accounts);
    },
    observer: (app) => app.get(MetricsRegistry).observe,
  });
}
