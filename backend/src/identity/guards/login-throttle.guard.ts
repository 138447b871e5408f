import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { accountLimitKey } from '../account-limit-key';
import { ClientAccountThrottleGuard, type ClientAccountLimits } from '../../platform/security/client-account-throttle';
import { DbThrottlerStorage } from '../../platform/security/db-throttler.storage';

/**
 * Login attempts are limited per client address (an IPv6 client by its /64) and per account (every
 * spelling of an address counts against the one account it names), across instances.
 */
@Injectable()
export class LoginThrottleGuard extends ClientAccountThrottleGuard {
  constructor(
    storage: DbThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    super(storage);
  }

  protected limits(): ClientAccountLimits {
    const windowMs = this.cfg.rateLimitWindowSeconds * 1000;
    return { name: 'login', windowMs, perClient: this.cfg.rateLimitLogin, perAccount: this.cfg.rateLimitLogin };
  }

  protected accountKey(req: FastifyRequest): Promise<string | null> {
    return accountLimitKey(this.ds, ((req.body ?? {}) as { email?: unknown }).email);
  }
}
