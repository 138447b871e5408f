import { isMysql } from '../database/dialect';
import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Fixed-window counters in the `rate_limits` table, so every instance behind a load balancer
 * counts the same hits. One upsert and one read per hit.
 */
@Injectable()
export class DbThrottlerStorage implements ThrottlerStorage {
  private lastSweep = 0;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const k = `${throttlerName}:${key}`.slice(0, 191);
    const now = Date.now();
    const expires = now + ttl;
    const mysql = isMysql(this.ds);
    let row: { hits: number | string; expiresAt: number | string; blockedUntil: number | string } | undefined;
    if (mysql) {
      await this.ds.query(
        'INSERT INTO `rate_limits` (`key`, `hits`, `expiresAt`, `blockedUntil`) VALUES (?, 1, ?, 0) ' +
          'ON DUPLICATE KEY UPDATE `hits` = IF(`expiresAt` <= ?, 1, `hits` + 1), `expiresAt` = IF(`expiresAt` <= ?, ?, `expiresAt`)',
        [k, expires, now, now, expires],
      );
      const rows = await this.ds.query('SELECT `hits`, `expiresAt`, `blockedUntil` FROM `rate_limits` WHERE `key` = ?', [k]);
      row = rows[0];
    } else {
      const rows = await this.ds.query(
        'INSERT INTO "rate_limits" ("key", "hits", "expiresAt", "blockedUntil") VALUES (?, 1, ?, 0) ' +
          'ON CONFLICT("key") DO UPDATE SET "hits" = CASE WHEN "expiresAt" <= ? THEN 1 ELSE "hits" + 1 END, ' +
          '"expiresAt" = CASE WHEN "expiresAt" <= ? THEN ? ELSE "expiresAt" END ' +
          'RETURNING "hits", "expiresAt", "blockedUntil"',
        [k, expires, now, now, expires],
      );
      row = rows[0];
    }
    const hits = Number(row?.hits ?? 1);
    const windowEnd = Number(row?.expiresAt ?? expires);
    let blockedUntil = Number(row?.blockedUntil ?? 0);
    if (hits > limit && blockedUntil <= now) {
      blockedUntil = now + Math.max(blockDuration, windowEnd - now);
      await this.ds.query(
        mysql
          ? 'UPDATE `rate_limits` SET `blockedUntil` = ? WHERE `key` = ?'
          : 'UPDATE "rate_limits" SET "blockedUntil" = ? WHERE "key" = ?',
        [blockedUntil, k],
      );
    }
    this.maybeSweep(now);
    const isBlocked = blockedUntil > now;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil((windowEnd - now) / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((blockedUntil - now) / 1000) : 0,
    };
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
