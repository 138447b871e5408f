import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { MARKETABLE_STATUSES, type MarketingExport, type SubscriberStatus } from '@academy/contracts';
import { normalizeEmail } from '../platform/crypto/tokens';
import { isMysql } from '../platform/database/dialect';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { Clock } from '../platform/time/clock';
import { Subscriber } from './entities/subscriber.entity';

/** Whether marketing may go to the address now (only `subscribed` and `customer`): the list's one answer. */
export async function mayReceiveMarketing(m: EntityManager, email: string): Promise<boolean> {
  const s = await m.getRepository(Subscriber).findOneBy({ email: normalizeEmail(email) });
  return !!s && MARKETABLE_STATUSES.includes(s.status);
}

/** Which of the addresses marketing may go to now (as {@link mayReceiveMarketing}), in one read: normalised addresses. */
export async function marketableOf(m: EntityManager, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalizeEmail))];
  if (wanted.length === 0) return new Set();
  const rows = await m.getRepository(Subscriber).find({ select: { email: true, status: true }, where: { email: In(wanted) } });
  return new Set(rows.filter((s) => MARKETABLE_STATUSES.includes(s.status)).map((s) => s.email));
}

/**
 * The marketing list and its consents (markedsføringsloven § 15): one row per address, soft opt-in
 * for buyers, and every way off the list (unsubscribe, bounce, complaint). The forms' double opt-in
 * is {@link MarketingConsentService}'s.
 */
@Injectable()
export class SubscribersService {
  private readonly logger = new Logger('Marketing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  private get repo() {
    return this.ds.getRepository(Subscriber);
  }

  find(email: string, m?: EntityManager): Promise<Subscriber | null> {
    return (m ?? this.ds.manager).getRepository(Subscriber).findOneBy({ email: normalizeEmail(email) });
  }

  /** Whether marketing may go to the address now (only `subscribed` and `customer`). */
  mayReceive(email: string): Promise<boolean> {
    return mayReceiveMarketing(this.ds.manager, email);
  }

  /** The addresses (normalised) of these that marketing may go to now, in one read. */
  marketableOf(emails: string[], m: EntityManager = this.ds.manager): Promise<Set<string>> {
    return marketableOf(m, emails);
  }

  /**
   * The row as last committed. Inside a transaction on MySQL a plain read sees the transaction's first
   * snapshot, so the read locks the row (until the commit) and sees what another transaction committed
   * since; outside one, and on SQLite (one writer at a time), a plain read already does.
   */
  private latest(email: string, m: EntityManager): Promise<Subscriber | null> {
    const qb = m
      .getRepository(Subscriber)
      .createQueryBuilder('s')
      .where('s.email = :email', { email: normalizeEmail(email) });
    if (isMysql(m) && m.queryRunner?.isTransactionActive) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /**
   * The row of the address, made (with `status`) when there is none; concurrent calls agree on one row.
   * Every query goes through `m` (the caller's transaction, if any).
   */
  async ensure(
    email: string,
    status: SubscriberStatus,
    patch: Partial<Subscriber>,
    m: EntityManager = this.ds.manager,
  ): Promise<{ row: Subscriber; created: boolean }> {
    // Seen without a lock first: a locking read of an address that has no row yet locks the gap where it
    // would go, and two payments by new addresses in the same gap then each waited for the other's insert
    // (a deadlock). An existing row is then locked by itself; a new one is inserted.
    const seen = await m.getRepository(Subscriber).exists({ where: { email: normalizeEmail(email) } });
    const existing = seen ? await this.latest(email, m) : null;
    if (existing) return { row: existing, created: false };
    const now = this.clock.now();
    const repo = m.getRepository(Subscriber);
    try {
      const row = repo.create({
        email,
        status,
        previousStatus: null,
        userId: null,
        isLead: false,
        variants: '',
        consentText: null,
        consentVersion: null,
        consentAt: null,
        consentSource: null,
        consentIp: null,
        confirmedAt: null,
        unsubscribedAt: null,
        confirmSentAt: null,
        createdAt: now,
        updatedAt: now,
        ...patch,
      });
      await repo.insert(row);
      return { row, created: true };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      return { row: (await this.latest(email, m))!, created: false };
    }
  }

  /** What the lead and sign-up forms tell about an address (variants, account): kept for segments. */
  async noteFacts(
    s: Subscriber,
    facts: { userId?: number | null; variant?: string | null; isLead?: boolean },
    m: EntityManager = this.ds.manager,
  ): Promise<void> {
    const patch: Partial<Subscriber> = {};
    if (facts.userId && s.userId !== facts.userId) patch.userId = facts.userId;
    if (facts.isLead && !s.isLead) patch.isLead = true;
    if (facts.variant && !s.variants.includes(`,${facts.variant},`))
      patch.variants = `${s.variants || ','}${facts.variant},`.slice(0, 100);
    if (Object.keys(patch).length === 0) return;
    Object.assign(s, patch);
    await m.getRepository(Subscriber).update({ id: s.id }, { ...patch, updatedAt: this.clock.now() });
  }

  /**
   * A buyer: `customer` (soft opt-in for similar courses, with the opt-out on the receipt), unless the
   * address is subscribed already or has left the list (then it stays off). Inside the payment's
   * transaction when `m` is given.
   */
  async markCustomer(email: string, userId: number | null, m: EntityManager = this.ds.manager): Promise<void> {
    const e = normalizeEmail(email);
    const { row, created } = await this.ensure(e, 'customer', { userId, consentSource: 'kjøp', consentAt: this.clock.now() }, m);
    if (created) return;
    await this.noteFacts(row, { userId }, m);
    if (row.status === 'pending')
      await m
        .getRepository(Subscriber)
        .update({ id: row.id, status: 'pending' }, { status: 'customer', updatedAt: this.clock.now() });
  }

  /** Off the list (the signed link, one-click, or the mailto); remembers the status for the undo. */
  async unsubscribe(email: string): Promise<void> {
    const row = await this.find(email);
    if (!row || row.status === 'unsubscribed') return;
    const now = this.clock.now();
    await this.repo.update(
      { id: row.id, status: row.status },
      { status: 'unsubscribed', previousStatus: row.status, unsubscribedAt: now, updatedAt: now },
    );
  }

  /** The undo on the unsubscribe page: back to the status before (never to one it did not have). */
  async resubscribe(email: string): Promise<void> {
    const row = await this.find(email);
    if (!row || row.status !== 'unsubscribed' || !row.previousStatus) return;
    if (!MARKETABLE_STATUSES.includes(row.previousStatus) && row.previousStatus !== 'pending') return;
    await this.repo.update(
      { id: row.id, status: 'unsubscribed' },
      { status: row.previousStatus, previousStatus: null, unsubscribedAt: null, updatedAt: this.clock.now() },
    );
  }

  /** A hard bounce or a spam complaint: never marketing again. */
  async markUndeliverable(email: string, status: 'bounced' | 'complained'): Promise<void> {
    const now = this.clock.now();
    await this.repo.update(
      { email: normalizeEmail(email) },
      { status, previousStatus: null, unsubscribedAt: now, updatedAt: now },
    );
  }

  /** The addresses that may get marketing now. */
  marketable(): Promise<Subscriber[]> {
    return this.repo.find({ where: { status: In([...MARKETABLE_STATUSES]) }, order: { id: 'ASC' } });
  }

  async exportFor(owner: { userId: number; email: string }, m: EntityManager): Promise<MarketingExport | null> {
    const row =
      (await m.getRepository(Subscriber).findOneBy({ email: owner.email })) ??
      (await m.getRepository(Subscriber).findOneBy({ userId: owner.userId }));
    if (!row) return null;
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      email: row.email,
      status: row.status,
      consentText: row.consentText,
      consentVersion: row.consentVersion,
      consentAt: iso(row.consentAt),
      consentSource: row.consentSource,
      consentIp: row.consentIp,
      confirmedAt: iso(row.confirmedAt),
      unsubscribedAt: iso(row.unsubscribedAt),
      sequences: [],
      broadcasts: [],
    };
  }

  async eraseFor(owner: { userId: number; email: string }, m: EntityManager): Promise<number> {
    const a = await m.delete(Subscriber, { email: owner.email });
    const b = await m.delete(Subscriber, { userId: owner.userId });
    if ((a.affected ?? 0) + (b.affected ?? 0) > 0) this.logger.log('Marketing data erased for an account');
    return (a.affected ?? 0) + (b.affected ?? 0);
  }
}
