import { createHash } from 'node:crypto';
import { Inject, Injectable, SetMetadata } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config';
import { MSG } from '../contracts';
import { AppError } from './app-error';
import { BatchedThrottlerStorage } from './batched-throttler.storage';

export const SKIP_WRITE_LIMIT = 'writeLimit:skip';

/** Exempts a controller or a route from the write limit (a caller that authenticates by signature). */
export const SkipWriteLimit = (): ClassDecorator & MethodDecorator => SetMetadata(SKIP_WRITE_LIMIT, true);

/**
 * The limit on state-changing API calls: RATE_LIMIT_WRITES per RATE_LIMIT_WINDOW_SECONDS per client
 * address and route, counted across instances ({@link BatchedThrottlerStorage}). Used by the global
 * guard for Nest's routes and called directly by the plain Fastify ones.
 */
@Injectable()
export class WriteLimit {
  private readonly ttl: number;
  private readonly limit: number;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly storage: BatchedThrottlerStorage,
  ) {
    this.ttl = cfg.rateLimitWindowSeconds * 1000;
    this.limit = cfg.rateLimitWrites;
  }

  /** Counts one request; over the limit it throws 429 with Retry-After. */
  async hit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const route = `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
    // Hashed: the table of counters holds no client addresses.
    const key = createHash('sha256')
      .update(`${route}|${normalizeIp(req.ip)}`)
      .digest('hex');
    const r = await this.storage.increment(key, this.ttl, this.limit, this.ttl, 'writes');
    if (r.isBlocked) {
      void reply.header('retry-after', String(r.timeToBlockExpire));
      throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
    }
  }
}
