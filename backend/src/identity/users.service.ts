import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { Attribution } from '@academy/contracts';
import { normalizeEmail } from '../platform/crypto/tokens';
import { selectPrepared } from '../platform/database/prepared';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { User } from './entities/user.entity';

export interface NewUser {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  attribution?: Attribution | null;
}

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: normalizeEmail(email) });
  }

  /**
   * The account id of an address, or null: one prepared SELECT on the unique email index (marketing
   * asks it for a lead form with the marketing box ticked; the lead INSERT itself embeds
   * account-conditions.ts's accountIdOfAddressSql instead of asking).
   */
  async idByEmail(email: string): Promise<number | null> {
    const rows = await selectPrepared<{ id: number | string }>(
      this.users.manager.connection,
      'SELECT id FROM users WHERE email = ?',
      [normalizeEmail(email)],
    );
    return rows.length ? Number(rows[0].id) : null;
  }

  /**
   * Finds the account for an e-mail, or creates one without a password.
   * Safe under concurrency: a lost insert race returns the row the winner wrote.
   */
  async findOrCreatePasswordless(input: NewUser, repo: Repository<User> = this.users): Promise<{ user: User; created: boolean }> {
    const email = normalizeEmail(input.email);
    const existing = await repo.findOneBy({ email });
    if (existing) return { user: existing, created: false };
    const now = new Date();
    const a = input.attribution ?? {};
    try {
      const user = await repo.save(
        repo.create({
          email,
          passwordHash: null,
          role: 'student',
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          attribution: {
            trafficSource: a.trafficSource ?? null,
            landingPath: a.landingPath ?? null,
            referrer: a.referrer ?? null,
            utmSource: a.utmSource ?? null,
            utmMedium: a.utmMedium ?? null,
            utmCampaign: a.utmCampaign ?? null,
            utmTerm: a.utmTerm ?? null,
            utmContent: a.utmContent ?? null,
          },
          createdAt: now,
          updatedAt: now,
          passwordChangedAt: null,
          claimedAt: null,
        }),
        // One INSERT, without save()'s own transaction: on SQLite that transaction would hold the one
        // shared connection outside the database gate, and a concurrent buyer's failed insert would roll
        // this one back (the lost race below then finds no row).
        { transaction: false },
      );
      return { user, created: true };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const user = await repo.findOneByOrFail({ email });
      return { user, created: false };
    }
  }

  /**
   * Records that the owner proved the address (used a mailed one-time link or completed a reset).
   * The first claim's time is kept. Returns the claim time stored.
   */
  async markClaimed(userId: number, at = new Date()): Promise<Date> {
    return (await this.claim(userId, at)).claimedAt;
  }

  /** As {@link markClaimed}; `first` is true when this call made the claim (the account was unclaimed). */
  async claim(userId: number, at = new Date()): Promise<{ claimedAt: Date; first: boolean }> {
    const res = await this.users.update({ id: userId, claimedAt: IsNull() }, { claimedAt: at, updatedAt: at });
    const row = await this.users.findOne({ where: { id: userId }, select: { id: true, claimedAt: true } });
    return { claimedAt: row?.claimedAt ?? at, first: res.affected === 1 };
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    const now = new Date();
    await this.users.update({ id: userId }, { passwordHash, passwordChangedAt: now, updatedAt: now });
  }
}
