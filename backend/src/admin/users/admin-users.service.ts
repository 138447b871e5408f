import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import {
  MSG,
  PLAYER_COURSE_IDS,
  STUDENT_LEADS_SHOWN,
  type AdminCourseProgress,
  type AdminCreatedStudent,
  type AdminGrant,
  type AdminUser,
  type AdminUserDetail,
  type PlayerCourseId,
} from '@academy/contracts';
import { conflict, notFound } from '../../platform/errors/app-error';
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
    };
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

  /** A manual grant. 409 when the student already has access to the course. */
  async grant(userId: number, courseId: PlayerCourseId, note: string | null, actor: User): Promise<AdminGrant> {
    const grant = await this.ds.transaction(async (m) => {
      const user = await this.users.lockForUpdate(userId, m);
      if (!user) throw notFound(MSG.studentNotFound);
      const { grant, created } = await this.grants.grant({ userId, courseId, source: 'manual', note, grantedBy: actor.id }, m);
      if (!created) throw conflict(MSG.studentAlreadyOwns, 'ALREADY_OWNED');
      await this.audit.record(m, actor, {
        action: 'grant.create',
        entity: 'grant',
        entityId: grant.id,
        before: null,
        after: toAdminGrant(grant),
      });
      return grant;
    });
    this.catalog.invalidate();
    return this.adminGrant(grant);
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
