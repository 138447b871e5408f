import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config';
import { AppError } from '../errors/app-error';
import { clientAddressKey } from './client-address';
import type { ConfiguredRate, RouteLimit } from './route-policy';
import { WriteLimit } from './write-limit';

/** How limits keyed by an account find it (the identity module's answers, given at start-up). */
export interface LimitAccounts {
  /** The signed-in account of a request (its user id), or null. */
  signedIn(req: FastifyRequest): Promise<number | null>;
  /** The key of the account an e-mail address names (`user:<id>`, or `addr:<hash>` without one), or null for no address. */
  named(email: unknown): Promise<string | null>;
}

/** The limits the request pipeline's rate-limit step counts for one request. */
export interface LimitStep {
  /** A state-changing request its route does not exempt: counted by the write limit. */
  writes: boolean;
  /** The route's own limits ({@link RoutePolicy.limits}). */
  limits: readonly RouteLimit[];
  /** The handler has answered 404: only the limits counted for a 404 ({@link RouteLimit.notFoundOnly}). */
  notFound?: boolean;
}

/**
 * The request pipeline's rate-limit step: the write limit, then the route's declared limits in order.
 * Over a limit: 429 in the API's error shape with Retry-After, or the route's redirect.
 */
@Injectable()
export class RouteLimiter {
  /** The configured rates a limit may name. */
  private readonly rates: Record<ConfiguredRate, { hits: number; windowMs: number }>;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly counters: WriteLimit,
  ) {
    const windowMs = cfg.rateLimitWindowSeconds * 1000;
    const resetWindowMs = cfg.passwordResetWindowSeconds * 1000;
    this.rates = {
      writes: { hits: cfg.rateLimitWrites, windowMs },
      login: { hits: cfg.rateLimitLogin, windowMs },
      passwordResetPerIp: { hits: cfg.passwordResetLimitPerIp, windowMs: resetWindowMs },
      passwordResetPerAddress: { hits: cfg.passwordResetLimitPerAddress, windowMs: resetWindowMs },
    };
  }

  /**
   * Counts one request; over a limit it throws 429, or answers the limit's redirect itself (the reply
   * is then sent). A key is found only when its limit is reached: a client refused by an earlier limit
   * causes no account lookup.
   */
  async count(req: FastifyRequest, reply: FastifyReply, step: LimitStep, accounts: LimitAccounts): Promise<void> {
    if (step.writes) await this.counters.hit(req, reply);
    for (const limit of step.limits) {
      if (!!limit.notFoundOnly !== !!step.notFound) continue;
      if (limit.ifQuery !== undefined && !hasValue((req.query as Record<string, unknown> | undefined)?.[limit.ifQuery])) continue;
      const key = await this.keyOf(limit, req, accounts);
      if (key === null) continue;
      const { hits, windowMs } = typeof limit.rate === 'string' ? this.rates[limit.rate] : limit.rate;
      try {
        await this.counters.take(limit.name, key, hits, windowMs, reply, { exact: limit.exact });
      } catch (e) {
        if (limit.redirect === undefined || !(e instanceof AppError) || e.getStatus() !== 429) throw e;
        void reply.status(302).header('location', limit.redirect).header('cache-control', 'no-store').send();
        return;
      }
    }
  }

  private async keyOf(limit: RouteLimit, req: FastifyRequest, accounts: LimitAccounts): Promise<string | null> {
    if (limit.key === 'client') return clientAddressKey(req.ip);
    if (limit.key === 'account') {
      const id = await accounts.signedIn(req);
      return id === null ? null : `user:${id}`;
    }
    if (limit.key === 'email') return accounts.named(((req.body ?? {}) as { email?: unknown }).email);
    const value = (req.params as Record<string, unknown> | undefined)?.[limit.key.slice('param:'.length)];
    return typeof value === 'string' ? value : null;
  }
}

/** A query parameter given a value: not missing, not blank. */
function hasValue(v: unknown): boolean {
  return typeof v === 'string' ? v.trim() !== '' : v !== undefined;
}
