import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminGrant, type BulkGrantResponse, type CatalogId } from '@academy/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { AuditService } from '../../platform/audit/audit.service';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { CatalogService } from '../../catalog/catalog.service';
import type { Grant } from '../../access/entities/grant.entity';
import { GrantsService } from '../../access/grants.service';
import { MentorshipService } from '../../mentorship/mentorship.service';
import { MailService } from '../../notifications/mail.service';
import { toAdminGrant } from '../common/mappers';
import { AdminGrantViewService } from './admin-grant-view.service';

const DAY_MS = 86_400_000;

/**
 * The mentor's work on a student's grants: a course by hand (to one student or many), revoking,
 * early release, and the mentorship and VIP periods. Every change is audited in its transaction.
 */
@Injectable()
export class AdminUserGrantsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly grants: GrantsService,
    private readonly catalog: CatalogService,
    private readonly users: UserReader,
    private readonly mail: MailService,
    private readonly mentorship: MentorshipService,
    private readonly view: AdminGrantViewService,
  ) {}

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

  /**
   * A manual grant, and (unless `notify` is false) a mail to the student saying so, with a sign-in
   * link when the account has no password; both in one transaction. 409 when the student already has access.
   */
  async grant(userId: number, courseId: CatalogId, note: string | null, actor: User, notify = true): Promise<AdminGrant> {
    const grant = await this.grantOne(userId, courseId, note, notify, actor);
    if (!grant) throw conflict(MSG.studentAlreadyOwns, 'ALREADY_OWNED');
    this.catalog.invalidate();
    return this.view.adminGrant(grant);
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
    return this.view.adminGrant(grant);
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
    return this.view.adminGrant(grant);
  }

  /** Extends the grant's mentorship period by whole days (audited). */
  async extendMentorship(grantId: number, days: number, actor: User): Promise<AdminGrant> {
    return this.view.adminGrant(await this.mentorship.extend(grantId, days, actor));
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
    return this.view.adminGrant(grant);
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
    return this.view.adminGrant(grant);
  }
}
