import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, Repository } from 'typeorm';
import type { Attribution } from '@academy/contracts';
import { normalizeEmail } from '../platform/crypto/tokens';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { User } from './entities/user.entity';
import { UserReader } from './user-reader.service';

export interface NewUser {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  attribution?: Attribution | null;
}

/**
 * Writes of the users table: the passwordless account of a buyer or sign-up, the claim of the
 * address, the password, the name, and the mentor's edits (inside the caller's transaction when given
 * `m`). Its reads are {@link UserReader}'s.
 */
@Injectable()
export class UserWriter {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly reader: UserReader,
  ) {}

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

  /** Sets the account's name (already validated and trimmed), inside the caller's transaction when given. */
  async setName(id: number, firstName: string, lastName: string, m?: EntityManager): Promise<void> {
    await (m ? m.getRepository(User) : this.users).update({ id }, { firstName, lastName, updatedAt: new Date() });
  }

  /** A passwordless student with a normalised address; null when the address already has an account. */
  async createStudent(email: string, now: Date, m: EntityManager): Promise<User | null> {
    const repo = m.getRepository(User);
    if (await repo.existsBy({ email })) return null;
    return repo.save(
      repo.create({
        email,
        passwordHash: null,
        role: 'student',
        firstName: null,
        lastName: null,
        attribution: attributionColumns(null),
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: null,
      }),
    );
  }

  /**
   * A passwordless student whose address a provider verified («Logg inn med Vipps»): claimed at once,
   * with the provider's name, inside the caller's transaction. Null when the address already has an account.
   */
  async createVerified(
    input: { email: string; firstName: string | null; lastName: string | null },
    now: Date,
    m: EntityManager,
  ): Promise<User | null> {
    const repo = m.getRepository(User);
    const email = normalizeEmail(input.email);
    if (await repo.existsBy({ email })) return null;
    return repo.save(
      repo.create({
        email,
        passwordHash: null,
        role: 'student',
        firstName: input.firstName,
        lastName: input.lastName,
        attribution: attributionColumns(null),
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: null,
        claimedAt: now,
      }),
    );
  }

  /** The mentor's edit of a student (name, notes, a new address to confirm), inside the caller's transaction. */
  async updateByAdmin(
    id: number,
    changes: Partial<Pick<User, 'firstName' | 'lastName' | 'adminNote' | 'pendingEmail'>>,
    m: EntityManager,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await m.getRepository(User).update({ id }, { ...changes, updatedAt: new Date() });
  }

  /**
   * The student confirmed the new address: it becomes the account's address. Null when nothing was
   * waiting; false when another account has taken the address meanwhile.
   */
  async confirmPendingEmail(id: number, m: EntityManager): Promise<{ before: string; after: string } | null | false> {
    const user = await this.reader.lockForUpdate(id, m);
    if (!user?.pendingEmail) return null;
    const next = user.pendingEmail;
    const other = await m.getRepository(User).findOne({ where: { email: next }, select: { id: true } });
    if (other && other.id !== id) return false;
    await m.getRepository(User).update({ id }, { email: next, pendingEmail: null, updatedAt: new Date() });
    return { before: user.email, after: next };
  }
}
