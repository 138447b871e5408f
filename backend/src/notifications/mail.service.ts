import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccessRecordsService } from '../access/access-records.service';
import { CatalogContentService } from '../catalog/catalog-content.service';
import type { User } from '../identity/entities/user.entity';
import { LoginTokensService } from '../identity/login-tokens.service';
import { oneTimeLink } from '../identity/one-time-link';
import { UserReader } from '../identity/user-reader.service';
import { OrderRecordsService } from '../orders/order-records.service';
import type { Receipt } from '../orders/entities/receipt.entity';
import { documentSeller, linesOf, ReceiptsService } from '../orders/receipts/receipts.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { PaymentMethod } from '@academy/contracts';
import { OutboxService } from '../outbox/outbox.service';
import { mailBrand, type MailBrand } from '../outbox/mail-layout';
import {
  accessGrantedMail,
  emailChangeMail,
  emailChangeNoticeMail,
  totpChangedMail,
  receiptMail,
  signInLinkMail,
  refundMail,
  resetPasswordMail,
  welcomeMail,
  type MailDocument,
  type RefundInput,
} from './templates/messages';
import { UnsubscribeService } from '../outbox/unsubscribe.service';
import { formatOsloDateTime } from '../outbox/mail-format';
import type { TotpChanged } from '../platform/events';

export const RECEIPT_LINK_TTL_MS = 7 * 86400_000;
export const WELCOME_LINK_TTL_MS = 7 * 86400_000;
export const RESET_LINK_TTL_MS = 3600_000;
/** A sign-in link the mentor sends (with a course given by hand, or 'Send ny innloggingslenke'). */
export const MENTOR_LINK_TTL_MS = 7 * 86400_000;
/** A repeated sign-up mails a new welcome link at most this often, and at most this many welcomes in all. */
export const WELCOME_RESEND_AFTER_MS = 3600_000;
export const WELCOME_MAX_PER_ACCOUNT = 3;

/** A stored receipt or credit note as the mails show it (the seller as it was when it was issued). */
function mailDocument(r: Receipt): MailDocument {
  return {
    number: r.number,
    issuedAt: r.issuedAt,
    description: r.description,
    amountExclVatOre: r.amountExclVatOre,
    vatOre: r.vatOre,
    vatRatePercent: r.vatRatePercent,
    totalOre: r.totalOre,
    refersToNumber: r.refersToNumber,
    seller: documentSeller(r),
    lines: linesOf(r),
    vatRegistered: r.sellerVatRegistered !== false,
    renewalTerms: r.renewalTerms ?? null,
  };
}

/** What checkout reports for a paid or refunded order. */
export interface OrderMailEvent {
  orderId: number;
  userId: number | null;
  email: string;
  courseId: string;
  amountOre: number;
}

/**
 * Builds the messages (Norwegian, HTML + text) and puts them in the outbox, in the caller's
 * transaction when there is one. One-time links are issued in the same transaction.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxService,
    private readonly tokens: LoginTokensService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly users: UserReader,
    private readonly orders: OrderRecordsService,
    private readonly access: AccessRecordsService,
    private readonly content: CatalogContentService,
    private readonly receipts: ReceiptsService,
  ) {}

  get brand(): MailBrand {
    return mailBrand(this.cfg);
  }

  /** `${PUBLIC_URL}/auto-login#token=…&next=…` (the token in the fragment: it never reaches a server log). */
  signInUrl(token: string, next: string): string {
    return oneTimeLink(this.cfg.publicUrl, '/auto-login', token, next);
  }

  /**
   * Purchase receipt with the order, the guarantee and (for a passwordless account) a 7-day one-time
   * sign-in link. It goes to the account's stored address: the address typed on the order may be a
   * different mailbox that the database only compares as equal, and the link must reach the owner.
   */
  async sendReceipt(e: OrderMailEvent, manager?: EntityManager): Promise<number | null> {
    const m = manager ?? this.ds.manager;
    const dedupeKey = `receipt:${e.orderId}`;
    if (await this.outbox.exists(dedupeKey, m)) return null;
    return this.queueReceipt(e, dedupeKey, m);
  }

  /**
   * 'Send på nytt' of a receipt that has gone out: the same receipt again, built anew, so a
   * passwordless buyer gets a fresh one-time sign-in link (the first one may have been used or have
   * run out). Null when the order is gone.
   */
  async resendReceipt(orderId: number): Promise<number | null> {
    return this.ds.transaction(async (m) => {
      const order = await this.orders.findById(orderId, m);
      if (!order) return null;
      const e = { orderId, userId: order.userId, email: order.email, courseId: order.courseId, amountOre: order.amountOre };
      return this.queueReceipt(e, null, m);
    });
  }

  private async queueReceipt(e: OrderMailEvent, dedupeKey: string | null, m: EntityManager): Promise<number | null> {
    const order = await this.orders.findById(e.orderId, m);
    const userId = e.userId ?? order?.userId ?? null;
    const user = userId !== null ? await this.users.findById(userId, m) : null;
    const token = user && !user.passwordHash ? await this.tokens.issue(user.id, RECEIPT_LINK_TTL_MS, 'login', m) : null;
    const receipt = await this.receipts.receiptOf(e.orderId, m);
    const mail = receiptMail(this.brand, {
      receipt: receipt ? mailDocument(receipt) : null,
      receiptUrl: `${this.cfg.publicUrl}/kvittering/${e.orderId}`,
      orderId: e.orderId,
      courseTitle: await this.content.titleOf(e.courseId, m),
      amountOre: e.amountOre,
      paidAt: order?.paidAt ?? order?.createdAt ?? new Date(),
      paymentMethod: (order?.paymentMethod as PaymentMethod | undefined) ?? null,
      firstName: order?.firstName?.trim() || user?.firstName || null,
      signInUrl: token ? this.signInUrl(token, '/account/settings') : null,
      loginUrl: `${this.cfg.publicUrl}/login`,
      marketingOptOutUrl: this.unsubscribe.url(user?.email ?? e.email),
    });
    return this.outbox.enqueue({ ...mail, kind: 'receipt', to: user?.email ?? e.email, userId, dedupeKey }, m);
  }

  /**
   * Refund confirmation: the amount and whether access to the course ended (it does unless the
   * buyer still holds another active grant of it). `refundKey` identifies the refund for dedupe.
   */
  async sendRefund(
    e: OrderMailEvent & { refundKey?: string | number; refusal?: RefundInput['refusal'] },
    manager?: EntityManager,
  ): Promise<number | null> {
    const m = manager ?? this.ds.manager;
    const order = await this.orders.findById(e.orderId, m);
    const userId = e.userId ?? order?.userId ?? null;
    const stillOwns = userId !== null && (await this.access.ownsActive(userId, e.courseId, m));
    const creditNote = typeof e.refundKey === 'number' ? await this.receipts.creditNoteOf(e.refundKey, m) : null;
    const mail = refundMail(this.brand, {
      creditNote: creditNote ? mailDocument(creditNote) : null,
      receiptUrl: `${this.cfg.publicUrl}/kvittering/${e.orderId}`,
      orderId: e.orderId,
      courseTitle: await this.content.titleOf(e.courseId, m),
      amountOre: e.amountOre,
      accessEnded: !stillOwns,
      refundedAt: new Date(),
      ...(e.refusal
        ? { refusal: e.refusal, campaignCode: order?.campaignCode ?? null, loginUrl: `${this.cfg.publicUrl}/login` }
        : {}),
    });
    const dedupeKey = `refund:${e.orderId}:${e.refundKey ?? order?.refundedOre ?? e.amountOre}`.slice(0, 100);
    return this.outbox.enqueue({ ...mail, kind: 'refund', to: e.email, userId, dedupeKey }, m);
  }

  /**
   * Welcome after a free Starter sign-up: course link, a 7-day one-time sign-in link, unsubscribe link.
   * `again`: a repeated sign-up of a passwordless account (the only way it gets a sign-in link, as the
   * sign-up itself never signs in). Sent again at most every WELCOME_RESEND_AFTER_MS and at most
   * WELCOME_MAX_PER_ACCOUNT times in all, so typing someone's address cannot flood their mailbox.
   * Concurrent calls agree on the dedupe key, so they make one message. Written in the sign-up's
   * transaction (with the Starter grant), so a crash after the commit cannot lose it.
   */
  async sendWelcome(
    input: { userId: number; email: string },
    opts: { again?: boolean },
    m: EntityManager,
  ): Promise<number | null> {
    const earlier = await this.outbox.createdTimesOf(input.userId, 'welcome', m);
    if (earlier.length > 0 && !opts.again) return null;
    if (earlier.length >= WELCOME_MAX_PER_ACCOUNT) return null;
    if (earlier.length > 0 && Date.now() - earlier[0].getTime() < WELCOME_RESEND_AFTER_MS) return null;
    const dedupeKey = earlier.length === 0 ? `welcome:${input.userId}` : `welcome:${input.userId}:${earlier.length + 1}`;
    if (await this.outbox.exists(dedupeKey, m)) return null;
    const token = await this.tokens.issue(input.userId, WELCOME_LINK_TTL_MS, 'login', m);
    const mail = welcomeMail(this.brand, {
      signInUrl: this.signInUrl(token, '/account/settings'),
      courseUrl: `${this.cfg.publicUrl}/course/starter`,
      unsubscribeUrl: this.unsubscribe.url(input.email),
    });
    return this.outbox.enqueue({ ...mail, kind: 'welcome', to: input.email, userId: input.userId, dedupeKey }, m);
  }

  /**
   * The mentor gave a course by hand: a mail saying so, with a 7-day one-time sign-in link when the
   * account has no password yet. In the grant's transaction.
   */
  async sendAccessGranted(user: Pick<User, 'id' | 'email' | 'firstName' | 'passwordHash'>, courseId: string, m: EntityManager) {
    const token = user.passwordHash ? null : await this.tokens.issue(user.id, MENTOR_LINK_TTL_MS, 'login', m);
    const courseUrl = `${this.cfg.publicUrl}/course/${courseId}`;
    const mail = accessGrantedMail(this.brand, {
      courseTitle: await this.content.titleOf(courseId, m),
      courseUrl,
      signInUrl: token ? this.signInUrl(token, `/course/${courseId}`) : null,
      loginUrl: `${this.cfg.publicUrl}/login`,
      firstName: user.firstName || null,
    });
    return this.outbox.enqueue({ ...mail, kind: 'access_granted', to: user.email, userId: user.id }, m);
  }

  /** 'Send ny innloggingslenke': the student's earlier sign-in links are voided and a new one (7 days) is mailed. */
  async sendSignInLink(user: Pick<User, 'id' | 'email'>): Promise<number | null> {
    return this.ds.transaction(async (m) => {
      await this.tokens.voidAll(user.id, 'login', m);
      const token = await this.tokens.issue(user.id, MENTOR_LINK_TTL_MS, 'login', m);
      const mail = signInLinkMail(this.brand, { signInUrl: this.signInUrl(token, '/dashboard'), email: user.email });
      return this.outbox.enqueue({ ...mail, kind: 'sign_in_link', to: user.email, userId: user.id }, m);
    });
  }

  /** The link that confirms a new address, mailed to that new address (the mentor changed it). */
  async sendEmailChange(
    c: { userId: number; oldEmail: string; newEmail: string; token: string },
    m?: EntityManager,
  ): Promise<number | null> {
    const mail = emailChangeMail(this.brand, {
      confirmUrl: oneTimeLink(this.cfg.publicUrl, '/bekreft-epost', c.token),
      oldEmail: c.oldEmail,
      newEmail: c.newEmail,
    });
    return this.outbox.enqueue({ ...mail, kind: 'email_change', to: c.newEmail, userId: c.userId }, m);
  }

  /**
   * The notice to the old address of a change the mentor asked for, with the link that stops it while it
   * waits (`/stopp-epostendring#token=…`), in the change's transaction.
   */
  async sendEmailChangeNotice(
    c: { userId: number; oldEmail: string; newEmail: string; token: string; at: Date },
    m: EntityManager,
  ): Promise<number | null> {
    const mail = emailChangeNoticeMail(this.brand, {
      stopUrl: oneTimeLink(this.cfg.publicUrl, '/stopp-epostendring', c.token),
      oldEmail: c.oldEmail,
      newEmail: c.newEmail,
      requestedAt: formatOsloDateTime(c.at),
    });
    return this.outbox.enqueue({ ...mail, kind: 'email_change_notice', to: c.oldEmail, userId: c.userId }, m);
  }

  /** The owner is told what happened to the account's second factor, in that change's transaction. */
  async sendTotpChanged(e: TotpChanged, m: EntityManager): Promise<number | null> {
    const user = await this.users.findById(e.userId, m);
    if (!user) return null;
    const mail = totpChangedMail(this.brand, {
      change: e.change,
      email: user.email,
      at: formatOsloDateTime(e.at),
      lockedUntil: e.lockedUntil ? formatOsloDateTime(e.lockedUntil) : null,
      recoveryCodesLeft: e.recoveryCodesLeft,
      settingsUrl: `${this.cfg.publicUrl}/account/settings`,
    });
    const kind = e.change === 'enabled' ? 'totp_enabled' : e.change === 'locked' ? 'totp_locked' : 'totp_recovery_used';
    return this.outbox.enqueue({ ...mail, kind, to: user.email, userId: user.id }, m);
  }

  /** The forgotten-password mail with a one-time link (1 hour) to /tilbakestill-passord#token=…. */
  async sendPasswordReset(user: Pick<User, 'id' | 'email'>): Promise<number | null> {
    return this.ds.transaction(async (m) => {
      const token = await this.tokens.issue(user.id, RESET_LINK_TTL_MS, 'reset', m);
      const mail = resetPasswordMail(this.brand, {
        email: user.email,
        resetUrl: oneTimeLink(this.cfg.publicUrl, '/tilbakestill-passord', token),
      });
      return this.outbox.enqueue({ ...mail, kind: 'password_reset', to: user.email, userId: user.id }, m);
    });
  }
}
