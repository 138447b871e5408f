import { Injectable } from '@nestjs/common';
import {
  MSG,
  PLAYER_COURSE_IDS,
  ROLE_LABELS,
  STUDENT_LEADS_SHOWN,
  type AdminCourseProgress,
  type AdminUser,
  type AdminUserDetail,
  type PlayerCourseId,
} from '@academy/contracts';
import { notFound } from '../../platform/errors/app-error';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { usersList, type UserListConditions } from '../../identity/user-list';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { CATALOG_SEED } from '../../catalog/catalog.data';
import { ownsCourseSql } from '../../access/access-conditions';
import { AccessRecordsService } from '../../access/access-records.service';
import { LeadsService } from '../../leads/leads.service';
import { OrderRecordsService } from '../../orders/order-records.service';
import { MailBouncesService } from '../../outbox/mail-bounces.service';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { formatOslo } from '../../platform/time/oslo-time';
import { activeCourses, toAdminOrder, toAdminUser } from '../common/mappers';
import { AdminLeadsService } from '../leads/admin-leads.service';
import { CSV_BOM, csvLine } from '../leads/leads-csv';
import { AdminGrantViewService } from './admin-grant-view.service';
import { AdminUserSubscriptionService } from './admin-user-subscription.service';

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

/** The user list's conditions on other modules' tables, from their owners. */
const USER_CONDITIONS: UserListConditions = { ownsCourse: ownsCourseSql };

export const USERS_LIST = usersList(USER_CONDITIONS);

/** The admin panel's students: the list, the CSV export, and one student with everything about them. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly leads: LeadsService,
    private readonly adminLeads: AdminLeadsService,
    private readonly users: UserReader,
    private readonly access: AccessRecordsService,
    private readonly orders: OrderRecordsService,
    private readonly content: CatalogContentService,
    private readonly view: AdminGrantViewService,
    private readonly subscription: AdminUserSubscriptionService,
    private readonly bounces: MailBouncesService,
  ) {}

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
    const [grants, orders, progress, leads, subscription] = await Promise.all([
      this.access.grantsOf(id),
      this.orders.ordersOf(owner),
      this.progressOf(id),
      this.leads.leadsOf(owner, STUDENT_LEADS_SHOWN),
      this.subscription.of(id),
    ]);
    const now = new Date();
    // What of each order's money is an upgrade's credit (refundable only with the upgrade), as on the order.
    const ties = await this.orders.creditTiesOf(orders.map((o) => o.id));
    return {
      ...toAdminUser(user, activeCourses(grants)),
      attribution: attributionColumns(user.attribution),
      updatedAt: user.updatedAt.toISOString(),
      passwordChangedAt: user.passwordChangedAt ? user.passwordChangedAt.toISOString() : null,
      grants: await this.view.adminGrants(grants),
      orders: orders.map((o) => toAdminOrder(o, now, ties.get(o.id))),
      progress,
      leads: await this.adminLeads.decorate(leads.leads),
      leadsTotal: leads.total,
      adminNote: user.adminNote ?? null,
      pendingEmail: user.pendingEmail ?? null,
      mailBouncedAt: (await this.bounces.bouncedAmong([user.email])).get(user.email)?.toISOString() ?? null,
      subscription,
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
    // The panel's words: the role in Norwegian, the courses by their titles.
    const titles = new Map<string, string>(CATALOG_SEED.map((c) => [c.id, c.title]));
    for (const c of await this.content.courseTitles()) titles.set(c.id, c.title);
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
            ROLE_LABELS[u.role] ?? u.role,
            activeCourses(grants.filter((g) => g.userId === u.id))
              .map((id) => titles.get(id) ?? id)
              .join(', '),
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
}
