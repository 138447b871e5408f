import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AccountExport, AccountNameResponse, DeleteAccountResponse } from '@academy/contracts';
import { badRequest, forbidden } from '../platform/errors/app-error';
import { verifyPassword } from '../platform/crypto/password';
import { normalizeEmail } from '../platform/crypto/tokens';
import { AuditService } from '../platform/audit/audit.service';
import { CatalogService } from '../catalog/catalog.service';
import { AccessRecordsService } from '../access/access-records.service';
import type { User } from '../identity/entities/user.entity';
import { UserRecordsService } from '../identity/user-records.service';
import { LeadsService } from '../leads/leads.service';
import { OutboxService } from '../outbox/outbox.service';
import { MarketingPrivacyService } from '../marketing/marketing-privacy.service';
import { OrderRecordsService } from '../orders/order-records.service';
import { CertificatesService, holderNameOf } from '../certificates/certificates.service';
import { LiveCalendarService } from '../live/live-calendar.service';
import { QuestionsService } from '../community/questions.service';
import { MentorThreadsService } from '../community/mentor/mentor-threads.service';
import { DiscordLinkingService } from '../community/discord/discord-linking.service';
import { MSG } from '@academy/contracts';

/** The privacy rights the privacy page promises: access (export) and erasure (delete). */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly catalog: CatalogService,
    private readonly users: UserRecordsService,
    private readonly access: AccessRecordsService,
    private readonly orders: OrderRecordsService,
    private readonly leads: LeadsService,
    private readonly outbox: OutboxService,
    private readonly marketing: MarketingPrivacyService,
    private readonly audit: AuditService,
    private readonly certificates: CertificatesService,
    private readonly calendar: LiveCalendarService,
    private readonly questions: QuestionsService,
    private readonly mentor: MentorThreadsService,
    private readonly discord: DiscordLinkingService,
  ) {}

  /**
   * PATCH /api/account: the account's name (trimmed and checked by the DTO). Certificates issued
   * while the name was missing take it; those already issued with a name keep theirs.
   */
  async setName(user: User, firstName: string, lastName: string): Promise<AccountNameResponse> {
    await this.ds.transaction(async (m) => {
      await this.users.setName(user.id, firstName, lastName, m);
      const name = holderNameOf({ firstName, lastName });
      if (name) await this.certificates.nameGiven(user.id, name, m);
    });
    return { firstName, lastName };
  }

  /** Everything stored about the user, without password hashes or session tokens: each owner exports its part. */
  async export(user: User): Promise<AccountExport> {
    const m = this.ds.manager;
    const fresh = (await this.users.findById(user.id, m)) ?? user;
    const owner = { userId: fresh.id, email: fresh.email };
    const [identity, access, orders, leads, mail, marketing, certificates, calendar, questions, mentor, discord] =
      await Promise.all([
        this.users.exportFor(fresh, m),
        this.access.exportFor(fresh.id, m),
        this.orders.exportFor(owner, m),
        this.leads.exportFor(owner, m),
        this.outbox.exportFor(owner, m),
        this.marketing.exportFor(owner, m),
        this.certificates.exportFor(fresh.id, m),
        this.calendar.exportFor(fresh.id, m),
        this.questions.exportFor(fresh.id, m),
        this.mentor.exportFor(fresh.id, m),
        this.discord.exportFor(fresh.id, m),
      ]);
    return {
      exportedAt: new Date().toISOString(),
      account: identity.account,
      grants: access.grants,
      orders: orders.orders,
      progress: access.progress,
      leads: leads.leads,
      sessions: identity.sessions,
      emails: mail.emails,
      marketing: marketing.marketing,
      certificates: certificates.certificates,
      calendarFeed: calendar.calendarFeed,
      questions: questions.questions,
      mentorThreads: mentor.mentorThreads,
      discord,
    };
  }

  /** Checks the confirmation (password, or the e-mail when no password is set). Throws 400/403. */
  async checkDeletion(user: User, dto: { password?: string; confirmEmail?: string }): Promise<void> {
    if (user.role === 'admin') throw forbidden(MSG.adminCannotDelete);
    if (user.passwordHash) {
      if (!dto.password) throw badRequest(MSG.deletePasswordRequired, 'WRONG_PASSWORD');
      if (!(await verifyPassword(user.passwordHash, dto.password))) throw badRequest(MSG.deleteWrongPassword, 'WRONG_PASSWORD');
    } else {
      if (!dto.confirmEmail || !dto.confirmEmail.trim()) throw badRequest(MSG.deleteEmailRequired);
      if (normalizeEmail(dto.confirmEmail) !== user.email) throw badRequest(MSG.deleteEmailMismatch);
    }
  }

  /**
   * Erases the account in one transaction: orders stay for bookkeeping, anonymised; grants, progress,
   * sessions, one-time links, the second factor (secret and recovery codes), the user row, leads and
   * e-mails of the address go; earlier audit rows lose the address. The new audit row records the counts only.
   */
  async delete(user: User, dto: { password?: string; confirmEmail?: string }): Promise<DeleteAccountResponse> {
    await this.checkDeletion(user, dto);
    const counts = await this.ds.transaction((m) => this.erase(m, user.id));
    // The chart images' files go once the rows are gone for good (a rolled-back erasure keeps them).
    if (counts) await this.mentor.removeFilesOf(user.id);
    if (counts) this.catalog.invalidate();
    this.logger.log(`Konto ${user.id} slettet på brukerens forespørsel`);
    return { message: MSG.accountDeleted };
  }

  /** Each owner erases its rows with the one transaction's manager, so the erasure commits whole or not at all. */
  private async erase(m: EntityManager, userId: number): Promise<Record<string, number> | null> {
    const user = await this.users.findById(userId, m);
    if (!user) return null;
    const owner = { userId, email: user.email };
    const now = new Date();
    const counts = {
      ...(await this.orders.eraseFor(owner, now, m)),
      ...(await this.access.eraseFor(userId, m)),
      ...(await this.users.eraseFor(userId, m)),
      ...(await this.leads.eraseFor(owner, m)),
      ...(await this.outbox.eraseFor(owner, m)),
      ...(await this.marketing.eraseFor(owner, m)),
      certificatesRemoved: await this.certificates.eraseFor(userId, m),
      calendarFeedsRemoved: await this.calendar.eraseFor(userId, m),
      ...(await this.questions.eraseFor(userId, m)),
      ...(await this.mentor.eraseFor(userId, m)),
      ...(await this.discord.eraseFor(userId, m)),
    };
    await this.audit.eraseFor(userId, m);
    await this.audit.record(
      m,
      null,
      { action: 'account.deleted_by_user', entity: 'user', entityId: userId, before: null, after: counts },
      now,
    );
    return counts;
  }
}
