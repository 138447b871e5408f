import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { MSG } from '@academy/contracts';
import { AppError } from '../../platform/errors/app-error';
import { clientAddressKey } from '../../platform/security/client-address';
import { DbThrottlerStorage } from '../../platform/security/db-throttler.storage';

/**
 * Password and code checks behind a session (re-authentication, turning the second factor on or
 * off) count like sign-in attempts: RATE_LIMIT_LOGIN per window, per client address and per account,
 * so a stolen session cannot guess the password or a code. Part of the HTTP edge (it answers
 * Retry-After): the controller counts the attempt after validation, before the service checks it.
 */
@Injectable()
export class SecondFactorThrottle {
  constructor(
    private readonly storage: DbThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async hit(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const ttl = this.cfg.rateLimitWindowSeconds * 1000;
    for (const key of [`ip:${clientAddressKey(req.ip)}`, `acct:${userId}`]) {
      const r = await this.storage.increment(key, ttl, this.cfg.rateLimitLogin, ttl, 'reauth');
      if (r.isBlocked) {
        reply.header('retry-after', String(r.timeToBlockExpire));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    }
  }
}
