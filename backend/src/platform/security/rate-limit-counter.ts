/** What one hit on a rate-limit counter answers (times in seconds). */
export interface RateLimitRecord {
  /** Hits in the current window, as every instance counted them. */
  totalHits: number;
  /** Seconds until the window ends. */
  timeToExpire: number;
  /** Over the limit: the request is refused. */
  isBlocked: boolean;
  /** Seconds until a refused client may try again (the Retry-After), 0 when not blocked. */
  timeToBlockExpire: number;
}

/** Fixed-window counters shared by every instance: one hit on `name:key`, `limit` per `ttlMs`. */
export interface RateLimitCounter {
  increment(key: string, ttlMs: number, limit: number, blockDurationMs: number, name: string): Promise<RateLimitRecord>;
}
