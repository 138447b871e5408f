import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { MSG } from '@academy/contracts';
import { AppError } from '../../platform/errors/app-error';
import { accountLimitKey } from '../account-limit-key';
import { clientAddressKey } from '../../platform/security/client-address';
import { DbThrottlerStorage } from '../../platform/security/db-throttler.storage';

/**
 * Login attempts are limited per client address (an IPv6 client by its /64) and per account (every
 * spelling of an address counts against the one account it names), across instances.
 */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  constructor(
    private readonly storage: DbThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<{ header(k: string, v: string): void }>();
    const ttl = this.cfg.rateLimitWindowSeconds * 1000;
    const limit = this.cfg.rateLimitLogin;
    const body = (req.body ?? {}) as { email?: unknown };
    const count = async (key: string) => {
      const r = await this.storage.increment(key, ttl, limit, ttl, 'login');
      if (r.isBlocked) {
        reply.header('retry-after', String(r.timeToBlockExpire));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    };
    await count(`ip:${clientAddressKey(req.ip)}`);
    // The account is looked up only for a client that is not blocked already.
    const account = await accountLimitKey(this.ds, body.email);
    if (account) await count(`acct:${account}`);
    return true;
  }
}
