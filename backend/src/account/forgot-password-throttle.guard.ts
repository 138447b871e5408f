import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { accountLimitKey } from '../identity/account-limit-key';
import { ClientAccountThrottleGuard, type ClientAccountLimits } from '../platform/security/client-account-throttle';
import { DbThrottlerStorage } from '../platform/security/db-throttler.storage';

/**
 * 'Glemt passord?' requests are limited per client address (an IPv6 client by its /64) and per
 * account or, without one, per normalised e-mail address, across instances. Known and unknown
 * addresses count alike, so the limit tells nothing either.
 */
@Injectable()
export class ForgotPasswordThrottleGuard extends ClientAccountThrottleGuard {
  constructor(
    storage: DbThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    super(storage);
  }

  protected limits(): ClientAccountLimits {
    return {
      name: 'pwreset',
      windowMs: this.cfg.passwordResetWindowSeconds * 1000,
      perClient: this.cfg.passwordResetLimitPerIp,
      perAccount: this.cfg.passwordResetLimitPerAddress,
    };
  }

  protected accountKey(req: FastifyRequest): Promise<string | null> {
    return accountLimitKey(this.ds, ((req.body ?? {}) as { email?: unknown }).email);
  }
}
