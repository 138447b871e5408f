import { isMysql } from '../database/dialect';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { RateLimitCounter, RateLimitRecord } from './rate-limit-counter';

/**
 * Fixed-window counters in the `rate_limits` table, so every instance behind a load balancer
 * counts the same hits. One upsert and one read per hit.
 */
@Injectable()
export class DbThrottlerStorage implements RateLimitCounter {
  private lastSweep = 0;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<RateLimitRecord> {
    const k = `${throttlerName}:${key}`.slice(0, 191);
    const now = Date.now();
    const expires = now + ttl;
    const mysql = isMysql(this.ds);
    // One statement per hit. A window restarts only when it has ended and no block is running,
    // so while blocked the count stays above the limit: blocked ⇔ hits > limit.
    let hits: number;
    let windowEnd = expires;
    if (mysql) {
      const res = await this.ds.query(
        'INSERT INTO `rate_limits` (`key`, `hits`, `expiresAt`, `blockedUntil`) VALUES (?, 1, ?, 0) ' +
          'ON DUPLICATE KEY UPDATE `hits` = LAST_INSERT_ID(IF(`expiresAt` <= ? AND `blockedUntil` <= ?, 1, `hits` + 1)), ' +
          '`expiresAt` = IF(`expiresAt` <= ? AND `blockedUntil` <= ?, ?, `expiresAt`)',
        [k, expires, now, now, now, now, expires],
      );
      // A fresh row has no LAST_INSERT_ID (0): its count is 1.
      hits = Number((res as { insertId?: number }).insertId) || 1;
    } else {
      const rows = await this.ds.query(
        'INSERT INTO "rate_limits" ("key", "hits", "expiresAt", "blockedUntil") VALUES (?, 1, ?, 0) ' +
          'ON CONFLICT("key") DO UPDATE SET ' +
          '"hits" = CASE WHEN "expiresAt" <= ? AND "blockedUntil" <= ? THEN 1 ELSE "hits" + 1 END, ' +
          '"expiresAt" = CASE WHEN "expiresAt" <= ? AND "blockedUntil" <= ? THEN ? ELSE "expiresAt" END ' +
          'RETURNING "hits", "expiresAt"',
        [k, expires, now, now, now, now, expires],
      );
      hits = Number(rows[0]?.hits ?? 1);
      windowEnd = Number(rows[0]?.expiresAt ?? expires);
    }
    const blockMs = Math.max(blockDuration, ttl);
    if (hits === limit + 1) {
      // The first hit over the limit starts the block.
      await this.ds.query(
        mysql
          ? 'UPDATE `rate_limits` SET `blockedUntil` = ? WHERE `key` = ?'
          : 'UPDATE "rate_limits" SET "blockedUntil" = ? WHERE "key" = ?',
        [now + blockMs, k],
      );
    }
    this.maybeSweep(now);
    const isBlocked = hits > limit;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil((windowEnd - now) / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockMs / 1000) : 0,
    };
  }

  /**
   * Adds `n` hits to a key's current window in one statement and answers the window's total,
   * as every instance sees it. Used by {@link BatchedThrottlerStorage} to write hits in batches.
   */
  async add(key: string, n: number, ttl: number): Promise<{ hits: number; windowEnd: number }> {
    const k = key.slice(0, 191);
    const now = Date.now();
    const expires = now + ttl;
    if (isMysql(this.ds)) {
      const res = await this.ds.query(
        'INSERT INTO `rate_limits` (`key`, `hits`, `expiresAt`, `blockedUntil`) VALUES (?, ?, ?, 0) ' +
          'ON DUPLICATE KEY UPDATE `hits` = LAST_INSERT_ID(IF(`expiresAt` <= ? AND `blockedUntil` <= ?, ?, `hits` + ?)), ' +
          '`expiresAt` = IF(`expiresAt` <= ? AND `blockedUntil` <= ?, ?, `expiresAt`)',
        [k, n, expires, now, now, n, n, now, now, expires],
      );
      this.maybeSweep(now);
      return { hits: Number((res as { insertId?: number }).insertId) || n, windowEnd: expires };
    }
    const rows = await this.ds.query(
      'INSERT INTO "rate_limits" ("key", "hits", "expiresAt", "blockedUntil") VALUES (?, ?, ?, 0) ' +
        'ON CONFLICT("key") DO UPDATE SET ' +
        '"hits" = CASE WHEN "expiresAt" <= ? AND "blockedUntil" <= ? THEN ? ELSE "hits" + ? END, ' +
        '"expiresAt" = CASE WHEN "expiresAt" <= ? AND "blockedUntil" <= ? THEN ? ELSE "expiresAt" END ' +
        'RETURNING "hits", "expiresAt"',
      [k, n, expires, now, now, n, n, now, now, expires],
    );
    this.maybeSweep(now);
    return { hits: Number(rows[0]?.hits ?? n), windowEnd: Number(rows[0]?.expiresAt ?? expires) };
  }

  /** Removes stale counters now and then. */
  private maybeSweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    const q = isMysql(this.ds)
      ? 'DELETE FROM `rate_limits` WHERE `expiresAt` < ? AND `blockedUntil` < ?'
      : 'DELETE FROM "rate_limits" WHERE "expiresAt" < ? AND "blockedUntil" < ?';
    this.ds.query(q, [now, now]).catch(() => undefined);
  }
}
