import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, Repository } from 'typeorm';
import type { AccountExport } from '@academy/contracts';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { keysetBatches } from '../platform/list/keyset';
import { runList, type ListParams, type ListResult } from '../platform/list/list-query';
import { LoginToken } from './entities/login-token.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';
import { TotpService } from './totp/totp.service';
import { usersList, type UserListConditions } from './user-list';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** What the account erasure removed from identity's tables (the user row itself goes too). */
export interface IdentityErasure {
  sessionsEnded: number;
  loginTokensRemoved: number;
  secondFactorRowsRemoved: number;
}

/**
 * Identity's rows as other modules need them: reads inside the caller's transaction, the admin
 * panel's user list, students the mentor creates, and the account's export and erasure.
 */
@Injectable()
export class UserRecordsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly totp: TotpService,
  ) {}

  /** With `m`, read inside the caller's transaction (a user it created is already visible). */
  findById(id: number, m?: EntityManager): Promise<User | null> {
    return (m ? m.getRepository(User) : this.users).findOneBy({ id });
  }

  /** The e-mail addresses of the accounts (ids of erased accounts are left out). */
  async emailsByIds(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.find({ select: { id: true, email: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((u) => [u.id, u.email]));
  }

  /** Sets the account's name (already validated and trimmed), inside the caller's transaction when given. */
  async setName(id: number, firstName: string, lastName: string, m?: EntityManager): Promise<void> {
    await (m ? m.getRepository(User) : this.users).update({ id }, { firstName, lastName, updatedAt: new Date() });
  }

  /** The account id of each given (normalised) address that has one. */
  async idsByEmail(emails: string[], m?: EntityManager): Promise<Map<string, number>> {
    if (emails.length === 0) return new Map();
    const rows = await (m ? m.getRepository(User) : this.users).find({
      select: { id: true, email: true },
      where: { email: In(emails) },
    });
    return new Map(rows.map((u) => [u.email, u.id]));
  }

  /** The account of each given (normalised) address that has one, with its first touch's variant (the funnel). */
  async accountsByEmail(emails: string[]): Promise<Map<string, { id: number; trafficSource: string | null }>> {
    if (emails.length === 0) return new Map();
    const rows = await this.users.find({
      select: { id: true, email: true, attribution: { trafficSource: true } },
      where: { email: In(emails) },
    });
    return new Map(rows.map((u) => [u.email, { id: u.id, trafficSource: u.attribution?.trafficSource ?? null }]));
  }

  /** One page of the admin panel's user list ({@link usersList}; the caller brings its conditions on other tables). */
  listForAdmin(params: ListParams, conditions: UserListConditions): Promise<ListResult<User>> {
    return runList(this.users.createQueryBuilder('user'), params, usersList(conditions));
  }

  /** The admin list's rows in its sort order, `batchSize` at a time (the CSV export). */
  exportBatches(
    params: Pick<ListParams, 'sort' | 'filter'>,
    conditions: UserListConditions,
    batchSize: number,
  ): AsyncGenerator<User[]> {
    return keysetBatches(() => this.users.createQueryBuilder('user'), params, usersList(conditions), batchSize);
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

  /** The user row, locked on MySQL until `m` commits (so two grants for one student run one after the other). */
  lockForUpdate(userId: number, m: EntityManager): Promise<User | null> {
    const qb = m.getRepository(User).createQueryBuilder('user').where('user.id = :userId', { userId });
    if (m.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    return qb.getOne();
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

  /** The id of the account whose address (or address waiting for confirmation) is `email`, other than `exceptId`. */
  async addressTaken(email: string, exceptId: number, m?: EntityManager): Promise<boolean> {
    const repo = m ? m.getRepository(User) : this.users;
    const other = await repo.findOne({ where: [{ email }, { pendingEmail: email }], select: { id: true } });
    return !!other && other.id !== exceptId;
  }

  /**
   * The student confirmed the new address: it becomes the account's address. Null when nothing was
   * waiting; false when another account has taken the address meanwhile.
   */
  async confirmPendingEmail(id: number, m: EntityManager): Promise<{ before: string; after: string } | null | false> {
    const user = await this.lockForUpdate(id, m);
    if (!user?.pendingEmail) return null;
    const next = user.pendingEmail;
    const other = await m.getRepository(User).findOne({ where: { email: next }, select: { id: true } });
    if (other && other.id !== id) return false;
    await m.getRepository(User).update({ id }, { email: next, pendingEmail: null, updatedAt: new Date() });
    return { before: user.email, after: next };
  }

  /** The account and its sessions for the data export: no password hash, no session token. */
  async exportFor(user: User, m: EntityManager): Promise<Pick<AccountExport, 'account' | 'sessions'>> {
    const [sessions, twoFactorEnabled] = await Promise.all([
      m.find(Session, { where: { userId: user.id }, order: { createdAt: 'ASC' } }),
      this.totp.isEnabled(user.id),
    ]);
    return {
      account: {
        id: user.id,
        email: user.email,
        role: user.role,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordSet: !!user.passwordHash,
        passwordChangedAt: iso(user.passwordChangedAt),
        claimedAt: iso(user.claimedAt),
        twoFactorEnabled,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
        attribution: attributionColumns(user.attribution),
      },
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
    };
  }

  /** Erasure, inside the caller's transaction: sessions, one-time links, the second factor, then the user row. */
  async eraseFor(userId: number, m: EntityManager): Promise<IdentityErasure> {
    const affected = (r: { affected?: number | null }) => r.affected ?? 0;
    const erased: IdentityErasure = {
      sessionsEnded: affected(await m.delete(Session, { userId })),
      loginTokensRemoved: affected(await m.delete(LoginToken, { userId })),
      secondFactorRowsRemoved: await this.totp.erase(m, userId),
    };
    await m.delete(User, { id: userId });
    return erased;
  }
}
