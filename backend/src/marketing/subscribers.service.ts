import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import {
  MARKETABLE_STATUSES,
  MARKETING_CONSENT_TEXT,
  MARKETING_CONSENT_VERSION,
  type MarketingExport,
  type SubscriberStatus,
} from '@academy/contracts';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { isMysql } from '../platform/database/dialect';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { Clock } from '../platform/time/clock';
import { OutboxService } from '../outbox/outbox.service';
import { confirmMail } from './marketing-mail';
import { Subscriber } from './entities/subscriber.entity';

/** A repeated tick of the box mails the confirmation again at most this often. */
export const CONFIRM_RESEND_MS = 3600_000;
/** A confirmation link works this long. */
export const CONFIRM_TTL_MS = 30 * 86400_000;

export interface ConsentInput {
  email: string;
  userId?: number | null;
  /** The page the box was ticked on. */
  source: string;
  ip: string | null;
  variant?: string | null;
  isLead?: boolean;
}

/** Whether marketing may go to the address now (only `subscribed` and `customer`): the list's one answer. */
export async function mayReceiveMarketing(m: EntityManager, email: string): Promise<boolean> {
  const s = await m.getRepository(Subscriber).findOneBy({ email: normalizeEmail(email) });
  return !!s && MARKETABLE_STATUSES.includes(s.status);
}

/**
 * The marketing list and its consents (markedsføringsloven § 15): double opt-in for the forms'
 * box, soft opt-in for buyers, and every way off the list (unsubscribe, bounce, complaint).
 */
@Injectable()
export class SubscribersService {
  private readonly logger = new Logger('Marketing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
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
  private async ensure(
    email: string,
    status: SubscriberStatus,
    patch: Partial<Subscriber>,
    m: EntityManager = this.ds.manager,
  ): Promise<{ row: Subscriber; created: boolean }> {
    const existing = await this.latest(email, m);
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
   * The box was ticked: the consent is recorded (text, version, time, page, client address) and the
   * confirmation link mailed. The address stays `pending` until the link is used (an address on the
   * list already stays as it is; one that left the list comes back only by confirming).
   */
  async requestConsent(input: ConsentInput): Promise<Subscriber> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    const consent: Partial<Subscriber> = {
      consentText: MARKETING_CONSENT_TEXT,
      consentVersion: MARKETING_CONSENT_VERSION,
      consentAt: now,
      consentSource: input.source.slice(0, 200),
      consentIp: input.ip ? input.ip.slice(0, 64) : null,
    };
    const { row, created } = await this.ensure(email, 'pending', consent);
    await this.noteFacts(row, input);
    if (row.status === 'subscribed') return row;
    if (!created) {
      // A fresh consent (a new link; earlier links stop working). A customer stays a customer until it confirms.
      const status: SubscriberStatus = row.status === 'customer' ? 'customer' : 'pending';
      const resendTooSoon = row.confirmSentAt && now.getTime() - row.confirmSentAt.getTime() < CONFIRM_RESEND_MS;
      if (resendTooSoon && row.status === 'pending') return row;
      await this.repo.update({ id: row.id }, { ...consent, status, updatedAt: now });
      Object.assign(row, consent, { status });
    }
    await this.sendConfirmation(row);
    return row;
  }

  private async sendConfirmation(row: Subscriber): Promise<void> {
    const now = this.clock.now();
    const claimed = await this.repo.update({ id: row.id }, { confirmSentAt: now });
    if (!claimed.affected) return;
    const mail = confirmMail(this.brand(), { confirmUrl: this.confirmUrl(row) });
    await this.outbox.enqueue({
      ...mail,
      kind: 'marketing_confirm',
      to: row.email,
      userId: row.userId,
      dedupeKey: `mconfirm:${row.id}:${row.consentAt!.getTime()}`,
    });
  }

  private brand() {
    return { siteName: this.cfg.siteName, contactEmail: this.cfg.contactEmail, publicUrl: this.cfg.publicUrl };
  }

  private sign(email: string, t: number): string {
    return createHmac('sha256', this.cfg.appSecret).update(`marketing-confirm:${email}:${t}`).digest('base64url');
  }

  /** The signed link of the current consent (a newer consent makes older links useless). */
  confirmUrl(row: Pick<Subscriber, 'email' | 'consentAt'>): string {
    const t = row.consentAt!.getTime();
    return `${this.cfg.publicUrl}/api/marketing/confirm?email=${encodeURIComponent(row.email)}&t=${t}&sig=${this.sign(row.email, t)}`;
  }

  /**
   * The row of a confirmation link that would confirm now (genuine, current, not expired, not left the
   * list since), or null. Reads only: the GET of the link (which mail scanners fetch too) uses this.
   */
  async checkConfirmLink(input: Record<string, unknown>): Promise<Subscriber | null> {
    const { email, t, sig } = input ?? {};
    if (typeof email !== 'string' || typeof t !== 'string' || typeof sig !== 'string') return null;
    if (email.length > 254 || sig.length > 128 || !/^\d{1,15}$/.test(t)) return null;
    const e = normalizeEmail(email);
    const expected = Buffer.from(this.sign(e, Number(t)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const row = await this.find(e);
    if (!row || !row.consentAt || row.consentAt.getTime() !== Number(t)) return null;
    if (this.clock.now().getTime() - Number(t) > CONFIRM_TTL_MS) return null;
    if (row.status === 'subscribed') return row;
    // Left the list after this consent was asked for: only a new tick of the box brings it back.
    if (row.unsubscribedAt && row.unsubscribedAt.getTime() >= Number(t)) return null;
    return row;
  }

  /**
   * The person pressed the button of the confirmation page (a POST of the link's `email`, `t`, `sig`):
   * `subscribed`. Null when the link is not genuine, not current or expired.
   */
  async confirm(input: Record<string, unknown>): Promise<Subscriber | null> {
    const row = await this.checkConfirmLink(input);
    if (!row || row.status === 'subscribed') return row;
    const now = this.clock.now();
    await this.repo.update({ id: row.id }, { status: 'subscribed', confirmedAt: now, previousStatus: null, updatedAt: now });
    return { ...row, status: 'subscribed', confirmedAt: now };
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
    if ((a.affected ?? 0) + (b.affected ?? 0) > 0) this.logger.log('Markedsføringsdata slettet for en konto');
    return (a.affected ?? 0) + (b.affected ?? 0);
  }
}
