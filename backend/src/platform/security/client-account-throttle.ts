import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { clientAddressKey } from './client-address';
import type { DbThrottlerStorage } from './db-throttler.storage';

/** One limit of {@link ClientAccountThrottleGuard}: attempts per window, per client and per account. */
export interface ClientAccountLimits {
  /** The counters' name in the table (`login`, `pwreset`, …). */
  name: string;
  windowMs: number;
  perClient: number;
  perAccount: number;
}

/**
 * The shape of the limits on guessing (sign-in, password reset): every attempt counts per client
 * address (an IPv6 client by its /64) and, for a client that is not blocked already, per account the
 * request names (every spelling of an address counts against the one account), with exact counters
 * shared by every instance. Over a limit: 429 with Retry-After. A guard of one such limit says which
 * numbers it uses and how it finds the account; the counting is here.
 */
export abstract class ClientAccountThrottleGuard implements CanActivate {
  constructor(private readonly counters: DbThrottlerStorage) {}

  /** The numbers, read when a request comes (they are configuration). */
  protected abstract limits(): ClientAccountLimits;

  /** The key of the account the request names, or null when it names none. */
  protected abstract accountKey(req: FastifyRequest): Promise<string | null>;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<{ header(k: string, v: string): void }>();
    const limits = this.limits();
    const count = async (key: string, limit: number) => {
      const r = await this.counters.increment(key, limits.windowMs, limit, limits.windowMs, limits.name);
      if (r.isBlocked) {
        reply.header('retry-after', String(r.timeToBlockExpire));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    };
    await count(`ip:${clientAddressKey(req.ip)}`, limits.perClient);
    // The account is looked up only for a client that is not blocked already.
    const account = await this.accountKey(req);
    if (account) await count(`acct:${account}`, limits.perAccount);
    return true;
  }
}
