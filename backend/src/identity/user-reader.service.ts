import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, Repository } from 'typeorm';
import { normalizeEmail } from '../platform/crypto/tokens';
import { isMysql } from '../platform/database/dialect';
import { selectPrepared } from '../platform/database/prepared';
import { keysetBatches } from '../platform/list/keyset';
import { runList, type ListParams, type ListResult } from '../platform/list/list-query';
import { User } from './entities/user.entity';
import { usersList, type UserListConditions } from './user-list';

/**
 * Reads of the users table, for every module: by id or address (inside the caller's transaction when
 * given `m`), the addresses of many accounts, and the admin panel's user list. Its writes are
 * {@link UserWriter}'s.
 */
@Injectable()
export class UserReader {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** With `m`, read inside the caller's transaction (a user it created is already visible). */
  findById(id: number, m?: EntityManager): Promise<User | null> {
    return (m ? m.getRepository(User) : this.users).findOneBy({ id });
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

  /** The e-mail addresses of the accounts (ids of erased accounts are left out). */
  async emailsByIds(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.find({ select: { id: true, email: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((u) => [u.id, u.email]));
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

  /** The user row, locked on MySQL until `m` commits (so two grants for one student run one after the other). */
  lockForUpdate(userId: number, m: EntityManager): Promise<User | null> {
    const qb = m.getRepository(User).createQueryBuilder('user').where('user.id = :userId', { userId });
    if (isMysql(m)) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The id of the account whose address (or address waiting for confirmation) is `email`, other than `exceptId`. */
  async addressTaken(email: string, exceptId: number, m?: EntityManager): Promise<boolean> {
    const repo = m ? m.getRepository(User) : this.users;
    const other = await repo.findOne({ where: [{ email }, { pendingEmail: email }], select: { id: true } });
    return !!other && other.id !== exceptId;
  }
}
