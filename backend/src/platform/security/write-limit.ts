import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config';
import { MSG } from '@academy/contracts';
import { AppError } from '../errors/app-error';
import { BatchedThrottlerStorage } from './batched-throttler.storage';
import { clientAddressKey } from './client-address';
import { DbThrottlerStorage } from './db-throttler.storage';
import { RoutePolicy } from './route-policy';

/** Exempts a controller or a route from the write limit (a caller that authenticates by signature). */
export const SkipWriteLimit = (): ClassDecorator & MethodDecorator => RoutePolicy({ writeLimit: false });

/**
 * The limit on state-changing API calls: RATE_LIMIT_WRITES per RATE_LIMIT_WINDOW_SECONDS per client
 * address and route, counted across instances ({@link BatchedThrottlerStorage}). The request pipeline's
 * rate-limit step counts every state-changing request with it, whatever kind of route answers it.
 */
@Injectable()
export class WriteLimit {
  private readonly ttl: number;
  private readonly limit: number;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly storage: BatchedThrottlerStorage,
    private readonly exact: DbThrottlerStorage,
  ) {
    this.ttl = cfg.rateLimitWindowSeconds * 1000;
    this.limit = cfg.rateLimitWrites;
  }

  /** Counts one request; over the limit it throws 429 with Retry-After. */
  async hit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const route = `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
    await this.take('writes', `${route}|${clientAddressKey(req.ip)}`, this.limit, this.ttl, reply);
  }

  /**
   * Counts one hit on `key` in the named limit (`limit` per `ttlMs`, shared by every instance); over the
   * limit it throws 429 in the API's error shape with Retry-After. For limits other than the write limit.
   * `exact`: every hit is one statement in the database ({@link DbThrottlerStorage}), so a burst of
   * concurrent hits can never pass more than `limit`; otherwise hits are batched like the write limit's.
   */
  async take(
    name: string,
    key: string,
    limit: number,
    ttlMs: number,
    reply: FastifyReply,
    opts: { exact?: boolean } = {},
  ): Promise<void> {
    // Hashed: the table of counters holds no client addresses or ids.
    const hashed = createHash('sha256').update(key).digest('hex');
    const storage = opts.exact ? this.exact : this.storage;
    const r = await storage.increment(hashed, ttlMs, limit, ttlMs, name);
    if (r.isBlocked) {
      void reply.header('retry-after', String(r.timeToBlockExpire));
      throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
    }
  }
}
