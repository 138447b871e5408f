import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config';
import { MSG } from '../../contracts';
import { AppError } from '../../common/app-error';
import { normalizeEmail } from '../../common/crypto/tokens';
import { DbThrottlerStorage } from '../../common/db-throttler.storage';

/** Login attempts are limited per client address and per account, across instances. */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  constructor(
    private readonly storage: DbThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<{ header(k: string, v: string): void }>();
    const ttl = this.cfg.rateLimitWindowSeconds * 1000;
    const limit = this.cfg.rateLimitLogin;
    const body = (req.body ?? {}) as { email?: unknown };
    const keys = [`ip:${req.ip}`];
    if (typeof body.email === 'string' && body.email.length <= 254) keys.push(`acct:${normalizeEmail(body.email)}`);
    for (const key of keys) {
      const r = await this.storage.increment(key, ttl, limit, ttl, 'login');
      if (r.isBlocked) {
        reply.header('retry-after', String(r.timeToBlockExpire));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    }
    return true;
  }
}
