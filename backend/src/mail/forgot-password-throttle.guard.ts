import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config';
import { MSG } from '../contracts';
import { AppError } from '../common/app-error';
import { normalizeEmail } from '../common/crypto/tokens';
import { DbThrottlerStorage } from '../common/db-throttler.storage';

/**
 * 'Glemt passord?' requests are limited per client address and per e-mail address, across
 * instances. Known and unknown addresses count alike, so the limit tells nothing either.
 */
@Injectable()
export class ForgotPasswordThrottleGuard implements CanActivate {
  constructor(
    private readonly storage: DbThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<{ header(k: string, v: string): void }>();
    const ttl = this.cfg.passwordResetWindowSeconds * 1000;
    const body = (req.body ?? {}) as { email?: unknown };
    const checks: Array<[string, number]> = [[`ip:${req.ip}`, this.cfg.passwordResetLimitPerIp]];
    if (typeof body.email === 'string' && body.email.length <= 254)
      checks.push([`addr:${normalizeEmail(body.email)}`, this.cfg.passwordResetLimitPerAddress]);
    for (const [key, limit] of checks) {
      const r = await this.storage.increment(key, ttl, limit, ttl, 'pwreset');
      if (r.isBlocked) {
        reply.header('retry-after', String(r.timeToBlockExpire));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    }
    return true;
  }
}
