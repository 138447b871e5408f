import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DbThrottlerStorage } from './db-throttler.storage';
import type { RateLimitCounter, RateLimitRecord } from './rate-limit-counter';

interface Entry {
  /** The window's total as the database last told it (all instances). */
  known: number;
  /** Hits counted here and not yet written. */
  pending: number;
  windowEnd: number;
  ttl: number;
}

const FLUSH_MS = 250;

/**
 * The limit for state-changing API calls. The first hit of a window asks the database (exact, so
 * a fresh instance knows what the others counted); later hits are counted here and written in one
 * statement per key every 250 ms. Every instance therefore sees the others' hits within a quarter
 * of a second, and one busy client no longer turns one database row into a queue. Logins and
 * password resets keep the exact per-hit counter ({@link DbThrottlerStorage}).
 */
@Injectable()
export class BatchedThrottlerStorage implements RateLimitCounter, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: DbThrottlerStorage) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<RateLimitRecord> {
    const k = `${throttlerName}:${key}`;
    const now = Date.now();
    let e = this.entries.get(k);
    if (!e || (e.windowEnd <= now && e.pending === 0)) {
      const r = await this.db.add(k, 1, ttl);
      e = { known: r.hits, pending: 0, windowEnd: r.windowEnd, ttl };
      this.entries.set(k, e);
    } else {
      e.pending++;
      this.schedule();
    }
    const total = e.known + e.pending;
    const left = Math.max(0, Math.ceil((e.windowEnd - now) / 1000));
    return {
      totalHits: total,
      timeToExpire: left,
      isBlocked: total > limit,
      timeToBlockExpire: total > limit ? Math.max(1, left) : 0,
    };
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_MS);
    this.timer.unref();
  }

  /** Writes the pending hits, one statement per key, and learns the totals. */
  async flush(): Promise<void> {
    const now = Date.now();
    for (const [k, e] of this.entries) {
      if (e.pending === 0) {
        if (e.windowEnd + e.ttl < now) this.entries.delete(k);
        continue;
      }
      const n = e.pending;
      e.pending = 0;
      try {
        const r = await this.db.add(k, n, e.ttl);
        // Hits counted while this was written stay in `pending`; the total is known + pending.
        e.known = r.hits;
        // The database started a new window with this batch: follow it.
        if (r.hits === n) e.windowEnd = r.windowEnd;
      } catch (err) {
        e.pending += n;
        this.logger.warn(`Could not store rate-limit counters: ${String(err)}`);
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}
