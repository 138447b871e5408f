import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminCreatedStudent, type AdminUserDetail, type UpdateStudentRequest } from '@academy/contracts';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { conflict, notFound } from '../../platform/errors/app-error';
import { normalizeEmail } from '../../platform/crypto/tokens';
import { isUniqueViolation } from '../../platform/errors/db-errors';
import { AuditService } from '../../platform/audit/audit.service';
import { LoginTokensService } from '../../identity/login-tokens.service';
import type { User } from '../../identity/entities/user.entity';
import type { AuthContext } from '../../identity/auth.types';
import { reauthRequired, recentlyAuthenticated } from '../../identity/totp/recent-sign-in.guard';
import { oneTimeLink } from '../../identity/one-time-link';
import { UserReader } from '../../identity/user-reader.service';
import { UserWriter } from '../../identity/user-writer.service';
import { LeadsService } from '../../leads/leads.service';
import { MailService } from '../../notifications/mail.service';
import { toAdminUser } from '../common/mappers';
import { AdminUsersService } from './admin-users.service';

/** How long the link that confirms a new e-mail address is valid. */
export const EMAIL_CHANGE_TTL_MS = 7 * 86_400_000;

/** How long the sign-in link for a student the mentor created is valid. */
export const STUDENT_LINK_TTL_MS = 7 * 86_400_000;

/**
 * The mentor's work on a student's account: creating a passwordless student, editing name, notes and
 * address, and mailing a new sign-in link. Audited.
 */
@Injectable()
export class AdminUserAccountsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly audit: AuditService,
    private readonly tokens: LoginTokensService,
    private readonly users: UserReader,
    private readonly writer: UserWriter,
    private readonly leads: LeadsService,
    private readonly mail: MailService,
    private readonly students: AdminUsersService,
  ) {}

  /**
   * A passwordless student made by the mentor, with a one-time sign-in link (7 days) to send them.
   * 409 when the address already has an account.
   */
  async createStudent(email: string, actor: User): Promise<AdminCreatedStudent> {
    const address = normalizeEmail(email);
    const now = new Date();
    let user: User;
    try {
      user = await this.ds.transaction(async (m) => {
        const created = await this.writer.createStudent(address, now, m);
        if (!created) throw conflict(MSG.accountExists);
        await this.audit.record(m, actor, {
          action: 'user.create',
          entity: 'user',
          entityId: created.id,
          before: null,
          after: toAdminUser(created, []),
        });
        return created;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(MSG.accountExists);
      throw e;
    }
    await this.leads.linkToUser(address, user.id);
    const token = await this.tokens.issue(user.id, STUDENT_LINK_TTL_MS, 'login');
    return {
      ...toAdminUser(user, []),
      loginUrl: oneTimeLink(this.cfg.publicUrl, '/auto-login', token),
      loginUrlExpiresAt: new Date(now.getTime() + STUDENT_LINK_TTL_MS).toISOString(),
    };
  }

  /**
   * The mentor's edit of a student: name and notes at once; a new e-mail address waits for the
   * student, who gets a link at the new address and confirms it (until then the old one signs in).
   * A new address hands the account to whoever holds it, so it needs a recent sign-in (401
   * REAUTH_REQUIRED before anything changes), and the old address is told, with a link that stops the
   * change while it waits (docs/decisions.md "E-mail addresses"). Audited with what changed.
   */
  async update(id: number, dto: UpdateStudentRequest, auth: AuthContext): Promise<AdminUserDetail> {
    const actor = auth.user;
    const clean = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);
    if (dto.email !== undefined) {
      const current = await this.users.findById(id);
      if (current && dto.email !== current.email && !recentlyAuthenticated(auth.authenticatedAt))
        throw reauthRequired(auth.authenticatedAt);
    }
    await this.ds.transaction(async (m) => {
      const user = await this.users.lockForUpdate(id, m);
      if (!user) throw notFound(MSG.studentNotFound);
      const changes: Partial<Pick<User, 'firstName' | 'lastName' | 'adminNote' | 'pendingEmail'>> = {};
      const firstName = clean(dto.firstName);
      const lastName = clean(dto.lastName);
      const adminNote = clean(dto.adminNote);
      if (firstName !== undefined && firstName !== user.firstName) changes.firstName = firstName;
      if (lastName !== undefined && lastName !== user.lastName) changes.lastName = lastName;
      if (adminNote !== undefined && adminNote !== user.adminNote) changes.adminNote = adminNote;
      let newEmail: string | null = null;
      if (dto.email !== undefined && dto.email !== user.email) {
        if (!recentlyAuthenticated(auth.authenticatedAt)) throw reauthRequired(auth.authenticatedAt);
        if (dto.email === user.pendingEmail) newEmail = dto.email;
        else {
          if (await this.users.addressTaken(dto.email, id, m)) throw conflict(MSG.accountExists);
          changes.pendingEmail = dto.email;
          newEmail = dto.email;
        }
      } else if (dto.email !== undefined && dto.email === user.email && user.pendingEmail) {
        // The old address typed again: the change waiting is called off, and its links with it.
        changes.pendingEmail = null;
        await this.tokens.voidAll(id, 'email_change', m);
        await this.tokens.voidAll(id, 'email_stop', m);
      }
      if (Object.keys(changes).length === 0 && !newEmail) return;
      await this.writer.updateByAdmin(id, changes, m);
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, user[k as keyof typeof changes]]));
      await this.audit.record(m, actor, { action: 'user.update', entity: 'user', entityId: id, before, after: changes });
      if (!newEmail) return;
      // The links of an earlier request stop working; the new address confirms, the old one may stop it.
      await this.tokens.voidAll(id, 'email_change', m);
      await this.tokens.voidAll(id, 'email_stop', m);
      const token = await this.tokens.issue(id, EMAIL_CHANGE_TTL_MS, 'email_change', m);
      const stopToken = await this.tokens.issue(id, EMAIL_CHANGE_TTL_MS, 'email_stop', m);
      const change = { userId: id, oldEmail: user.email, newEmail };
      await this.mail.sendEmailChange({ ...change, token }, m);
      await this.mail.sendEmailChangeNotice({ ...change, token: stopToken, at: new Date() }, m);
    });
    return this.students.get(id);
  }

  /** 'Send ny innloggingslenke': the student's older links stop working and a new one (7 days) is mailed. Audited. */
  async sendSignInLink(id: number, actor: User): Promise<{ outboxId: number | null }> {
    const user = await this.users.findById(id);
    if (!user) throw notFound(MSG.studentNotFound);
    const outboxId = await this.mail.sendSignInLink(user);
    await this.ds.transaction((m) =>
      this.audit.record(m, actor, {
        action: 'user.signin_link',
        entity: 'user',
        entityId: id,
        before: null,
        after: { outboxId },
      }),
    );
    return { outboxId };
  }
}
