import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import {
  MSG,
  PLAYER_COURSE_IDS,
  type BulkGrantResponse,
  type CatalogId,
  type UpdateStudentRequest,
  STUDENT_LEADS_SHOWN,
  type AdminCourseProgress,
  type AdminCreatedStudent,
  type AdminGrant,
  type AdminUser,
  type AdminUserDetail,
  type PlayerCourseId,
} from '@academy/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { normalizeEmail } from '../../platform/crypto/tokens';
import { isUniqueViolation } from '../../platform/errors/db-errors';
import { AuditService } from '../../platform/audit/audit.service';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { LoginTokensService } from '../../identity/login-tokens.service';
import type { User } from '../../identity/entities/user.entity';
import { UserRecordsService } from '../../identity/user-records.service';
import { usersList, type UserListConditions } from '../../identity/user-list';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { CatalogService } from '../../catalog/catalog.service';
import { ownsCourseSql } from '../../access/access-conditions';
import { AccessRecordsService } from '../../access/access-records.service';
import { GrantsService } from '../../access/grants.service';
import { LeadsService } from '../../leads/leads.service';
import { OrderRecordsService } from '../../orders/order-records.service';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { activeCourses, toAdminGrant, toAdminOrder, toAdminUser } from '../common/mappers';
import { AdminLeadsService } from '../leads/admin-leads.service';
import { oneTimeLink } from '../../identity/one-time-link';
import { MentorshipService } from '../../mentorship/mentorship.service';
import type { Grant } from '../../access/entities/grant.entity';
import { MailService } from '../../notifications/mail.service';
import { formatOslo } from '../../platform/time/oslo-time';
import { CSV_BOM, csvLine } from '../leads/leads-csv';

/** How long the link that confirms a new e-mail address is valid. */
export const EMAIL_CHANGE_TTL_MS = 7 * 86_400_000;

/** Students read per batch by the CSV export. */
const EXPORT_BATCH = 500;

export const STUDENT_CSV_HEADER = [
  'ID',
  'Registrert',
  'E-post',
  'Fornavn',
  'Etternavn',
  'Rolle',
  'Kurs',
  'Har passord',
  'Variant',
];

const DAY_MS = 86_400_000;

/** How long the sign-in link for a student the mentor created is valid. */
export const STUDENT_LINK_TTL_MS = 7 * 86_400_000;

/** The user list's conditions on other modules' tables, from their owners. */
const USER_CONDITIONS: UserListConditions = { ownsCourse: ownsCourseSql };

export const USERS_LIST = usersList(USER_CONDITIONS);

@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly audit: AuditService,
    private readonly grants: GrantsService,
    private readonly tokens: LoginTokensService,
    private readonly catalog: CatalogService,
    private readonly leads: LeadsService,
    private readonly adminLeads: AdminLeadsService,
    private readonly users: UserRecordsService,
    private readonly access: AccessRecordsService,
    private readonly orders: OrderRecordsService,
    private readonly content: CatalogContentService,
    private readonly mentorship: MentorshipService,
    private readonly mail: MailService,
  ) {}

  /** Grants as the panel shows them, with each one's mentorship period worked out. */
  private async adminGrants(grants: Grant[]): Promise<AdminGrant[]> {
    const [ends, parents] = await Promise.all([this.mentorship.endsOf(grants), this.access.includingCourses(grants)]);
    return grants.map((g) => toAdminGrant(g, ends.get(g.id) ?? null, parents.get(g.id) ?? null));
  }

  private async adminGrant(grant: Grant): Promise<AdminGrant> {
    return (await this.adminGrants([grant]))[0];
  }

  async list(query: Record<string, unknown>): Promise<ListResult<AdminUser>> {
    const params = listParamsFor(query, USERS_LIST);
    const res = await this.users.listForAdmin(params, USER_CONDITIONS);
    const grants = await this.access.activeGrantsOf(res.rows.map((u) => u.id));
    return {
      ...res,
      rows: res.rows.map((u) => toAdminUser(u, activeCourses(grants.filter((g) => g.userId === u.id)))),
    };
  }

  /** A student with grants, orders, progress per course, attribution and leads. */
  async get(id: number): Promise<AdminUserDetail> {
    const user = await this.users.findById(id);
    if (!user) throw notFound(MSG.studentNotFound);
    const owner = { userId: id, email: user.email };
    const [grants, orders, progress, leads] = await Promise.all([
      this.access.grantsOf(id),
      this.orders.ordersOf(owner),
      this.progressOf(id),
      this.leads.leadsOf(owner, STUDENT_LEADS_SHOWN),
    ]);
    const now = new Date();
    // What of each order's money is an upgrade's credit (refundable only with the upgrade), as on the order.
    const ties = await this.orders.creditTiesOf(orders.map((o) => o.id));
    return {
      ...toAdminUser(user, activeCourses(grants)),
      attribution: attributionColumns(user.attribution),
      updatedAt: user.updatedAt.toISOString(),
      passwordChangedAt: user.passwordChangedAt ? user.passwordChangedAt.toISOString() : null,
      grants: await this.adminGrants(grants),
      orders: orders.map((o) => toAdminOrder(o, now, ties.get(o.id))),
      progress,
      leads: await this.adminLeads.decorate(leads.leads),
      leadsTotal: leads.total,
      adminNote: user.adminNote ?? null,
      pendingEmail: user.pendingEmail ?? null,
    };
  }

  /**
   * The filtered list (or the selected rows: `filter={"id":[…]}`) as CSV for Excel, every row in
   * the list's order, batch by batch, with each student's active courses.
   */
  async exportCsv(query: Record<string, unknown>): Promise<AsyncGenerator<string>> {
    const params = listParamsFor(query, USERS_LIST);
    const batches = this.users.exportBatches(params, USER_CONDITIONS, EXPORT_BATCH);
    const first = await batches.next();
    const rowsOf = async (users: User[]): Promise<string> => {
      const grants = await this.access.activeGrantsOf(users.map((u) => u.id));
      return users
        .map((u) =>
          csvLine([
            u.id,
            formatOslo(new Date(u.createdAt)),
            u.email,
            u.firstName,
            u.lastName,
            u.role,
            activeCourses(grants.filter((g) => g.userId === u.id)).join(', '),
            !!u.passwordHash,
            u.attribution?.trafficSource,
          ]),
        )
        .join('');
    };
    return (async function* () {
      yield CSV_BOM + csvLine(STUDENT_CSV_HEADER);
      if (first.done) return;
      yield await rowsOf(first.value);
      for await (const users of batches) yield await rowsOf(users);
    })();
  }

  /**
   * The mentor's edit of a student: name and notes at once; a new e-mail address waits for the
   * student, who gets a link at the new address and confirms it (until then the old one signs in).
   * Audited with what changed.
   */
  async update(id: number, dto: UpdateStudentRequest, actor: User): Promise<AdminUserDetail> {
    const clean = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);
    const emailChange = await this.ds.transaction(async (m) => {
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
        if (dto.email === user.pendingEmail) newEmail = dto.email;
        else {
          if (await this.users.addressTaken(dto.email, id, m)) throw conflict(MSG.accountExists);
          changes.pendingEmail = dto.email;
          newEmail = dto.email;
        }
      } else if (dto.email !== undefined && dto.email === user.email && user.pendingEmail) {
        // The old address typed again: the change waiting is called off.
        changes.pendingEmail = null;
      }
      if (Object.keys(changes).length === 0 && !newEmail) return null;
      await this.users.updateByAdmin(id, changes, m);
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, user[k as keyof typeof changes]]));
      await this.audit.record(m, actor, { action: 'user.update', entity: 'user', entityId: id, before, after: changes });
      return newEmail ? { userId: id, oldEmail: user.email, newEmail } : null;
    });
    if (emailChange) {
      await this.tokens.voidAll(id, 'email_change');
      const token = await this.tokens.issue(id, EMAIL_CHANGE_TTL_MS, 'email_change');
      await this.mail.sendEmailChange({ ...emailChange, token });
    }
    return this.get(id);
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

  /**
   * One course to each selected student, each in its own transaction with its own audit row and
   * (unless `notify` is false) its own mail; a student who has it already is skipped and named.
   */
  async bulkGrant(
    userIds: number[],
    courseId: CatalogId,
    note: string | null,
    notify: boolean,
    actor: User,
  ): Promise<BulkGrantResponse> {
    const out: BulkGrantResponse = { granted: [], alreadyOwned: [] };
    for (const userId of [...new Set(userIds)]) {
      if (await this.grantOne(userId, courseId, note, notify, actor)) out.granted.push(userId);
      else out.alreadyOwned.push(userId);
    }
    if (out.granted.length > 0) this.catalog.invalidate();
    return out;
  }

  /** A VIP period lengthened by whole days, from its end (or from now when it is over). Audited. */
  async extendMembership(grantId: number, days: number, actor: User): Promise<AdminGrant> {
    const grant = await this.ds.transaction(async (m) => {
      const before = await this.grants.findById(grantId, m);
      if (!before) throw notFound(MSG.grantNotFound);
      if (!before.accessEndsAt || before.includedByGrantId != null) throw badRequest(MSG.notAMembership);
      if (before.revokedAt) throw conflict(MSG.membershipEnded);
      const from = Math.max(new Date(before.accessEndsAt).getTime(), Date.now());
      const endsAt = new Date(from + days * DAY_MS);
      const after = await this.grants.setAccessEnd(grantId, endsAt, m);
      if (!after) throw conflict(MSG.membershipEnded);
      await this.audit.record(m, actor, {
        action: 'grant.membership.extend',
        entity: 'grant',
        entityId: grantId,
        before: { accessEndsAt: new Date(before.accessEndsAt).toISOString() },
        after: { accessEndsAt: endsAt.toISOString(), days },
      });
      return after;
    });
    return this.adminGrant(grant);
  }

  /** The mentor ends a VIP period now: the grant and what it included are revoked, audited as the end of the period. */
  async endMembership(grantId: number, actor: User): Promise<AdminGrant> {
    const grant = await this.ds.transaction(async (m) => {
      const before = await this.grants.findById(grantId, m);
      if (!before) throw notFound(MSG.grantNotFound);
      if (!before.accessEndsAt || before.includedByGrantId != null) throw badRequest(MSG.notAMembership);
      const r = await this.grants.revoke(grantId, actor.id, m);
      if (!r) throw notFound(MSG.grantNotFound);
      if (r.changed)
        await this.audit.record(m, actor, {
          action: 'grant.membership.stop',
          entity: 'grant',
          entityId: grantId,
          before: { accessEndsAt: new Date(before.accessEndsAt).toISOString(), revokedAt: null },
          after: { revokedAt: r.grant.revokedAt, included: (r.included ?? []).map((i) => i.courseId) },
        });
      return r.grant;
    });
    this.catalog.invalidate();
    return this.adminGrant(grant);
  }

  private async progressOf(userId: number): Promise<AdminCourseProgress[]> {
    const [rows, modules, courses] = await Promise.all([
      this.access.progressOf(userId),
      this.content.publishedModules(),
      this.content.courseTitles(),
    ]);
    return rows
      .filter((r) => (PLAYER_COURSE_IDS as readonly string[]).includes(r.courseId))
      .map((r) => {
        const ids = new Set(modules.filter((m) => m.courseId === r.courseId).map((m) => m.id));
        const done = new Set((Array.isArray(r.completedModules) ? r.completedModules : []).filter((m) => ids.has(m)));
        const total = ids.size;
        return {
          courseId: r.courseId as PlayerCourseId,
          title: courses.find((c) => c.id === r.courseId)?.title ?? r.courseId,
          completed: done.size,
          total,
          percent: total ? Math.round((done.size / total) * 100) : 0,
          currentModule: r.currentModule,
          lastUpdated: r.lastUpdated ? new Date(r.lastUpdated).toISOString() : null,
        };
      })
      .sort((a, b) => PLAYER_COURSE_IDS.indexOf(a.courseId) - PLAYER_COURSE_IDS.indexOf(b.courseId));
  }

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
        const created = await this.users.createStudent(address, now, m);
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
   * A manual grant, and (unless `notify` is false) a mail to the student saying so, with a sign-in
   * link when the account has no password; both in one transaction. 409 when the student already has access.
   */
  async grant(userId: number, courseId: CatalogId, note: string | null, actor: User, notify = true): Promise<AdminGrant> {
    const grant = await this.grantOne(userId, courseId, note, notify, actor);
    if (!grant) throw conflict(MSG.studentAlreadyOwns, 'ALREADY_OWNED');
    this.catalog.invalidate();
    return this.adminGrant(grant);
  }

  /** A grant by hand in its own transaction; null (nothing written) when the student already has the course. */
  private grantOne(
    userId: number,
    courseId: CatalogId,
    note: string | null,
    notify: boolean,
    actor: User,
  ): Promise<Grant | null> {
    return this.ds.transaction(async (m) => {
      const user = await this.users.lockForUpdate(userId, m);
      if (!user) throw notFound(MSG.studentNotFound);
      const { grant, created } = await this.grants.grant({ userId, courseId, source: 'manual', note, grantedBy: actor.id }, m);
      if (!created) return null;
      await this.audit.record(m, actor, {
        action: 'grant.create',
        entity: 'grant',
        entityId: grant.id,
        before: null,
        after: { ...toAdminGrant(grant), notified: notify },
      });
      if (notify) await this.mail.sendAccessGranted(user, courseId, m);
      return grant;
    });
  }

  /** Revokes a grant. Revoking one that is already revoked changes nothing and answers it as it is. */
  async revoke(grantId: number, actor: User): Promise<AdminGrant> {
    const grant = await this.ds.transaction(async (m) => {
      const revoked = await this.grants.revoke(grantId, actor.id, m);
      if (!revoked) throw notFound(MSG.grantNotFound);
      // Of two concurrent revokes only the one that changed the row writes the audit row.
      if (revoked.changed)
        await this.audit.record(m, actor, {
          action: 'grant.revoke',
          entity: 'grant',
          entityId: grantId,
          before: toAdminGrant(revoked.before),
          after: toAdminGrant(revoked.grant),
        });
      return revoked.grant;
    });
    this.catalog.invalidate();
    return this.adminGrant(grant);
  }

  /** Drip release: opens every module of the grant at once (audited once; again changes nothing). */
  async releaseEarly(grantId: number, actor: User): Promise<AdminGrant> {
    const grant = await this.ds.transaction(async (m) => {
      const released = await this.grants.releaseEarly(grantId, actor.id, m);
      if (!released) throw notFound(MSG.grantNotFound);
      if (released.changed)
        await this.audit.record(m, actor, {
          action: 'grant.release',
          entity: 'grant',
          entityId: grantId,
          before: { releasedEarlyAt: null },
          after: { releasedEarlyAt: released.grant.releasedEarlyAt },
        });
      return released.grant;
    });
    return this.adminGrant(grant);
  }

  /** Extends the grant's mentorship period by whole days (audited). */
  async extendMentorship(grantId: number, days: number, actor: User): Promise<AdminGrant> {
    return this.adminGrant(await this.mentorship.extend(grantId, days, actor));
  }
}
