import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MARKETING_CONSENT_TEXT, MARKETING_CONSENT_VERSION, type SubscriberStatus } from '@academy/contracts';
import { OutboxService } from '../outbox/outbox.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { Clock } from '../platform/time/clock';
import { Subscriber } from './entities/subscriber.entity';
import { confirmMail } from './marketing-mail';
import { SubscribersService } from './subscribers.service';

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

/**
 * The double opt-in of the forms' marketing box (markedsføringsloven § 15): the consent is recorded
 * and a signed confirmation link mailed; the link's page checks it, and its button confirms.
 */
@Injectable()
export class MarketingConsentService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly subscribers: SubscribersService,
  ) {}

  private get repo() {
    return this.ds.getRepository(Subscriber);
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
    const { row, created } = await this.subscribers.ensure(email, 'pending', consent);
    await this.subscribers.noteFacts(row, input);
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
    const row = await this.subscribers.find(e);
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
}
