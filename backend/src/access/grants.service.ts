import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import {
  CATALOG_IDS,
  MSG,
  PLAYER_COURSE_IDS,
  includedCourses,
  isCatalogId,
  isPlayerCourseId,
  type CatalogId,
  type PlayerCourseId,
} from '@academy/contracts';
import { CATALOG_SEED } from '../catalog/catalog.data';
import { conflict } from '../platform/errors/app-error';
import { EventBus } from '../platform/events';
import { Clock, SystemClock } from '../platform/time/clock';
import { Grant, GrantSource } from './entities/grant.entity';
import { GrantPeriodsService } from './grant-periods.service';
import type { DripBasis } from './drip';

export interface GrantInput {
  userId: number;
  courseId: string;
  source: GrantSource;
  orderId?: number | null;
  note?: string | null;
  grantedBy?: number | null;
}

/** What a revocation did: the grant before and after, and whether this call revoked it. */
export interface GrantRevocation {
  before: Grant;
  grant: Grant;
  changed: boolean;
  /** Included grants revoked with it (COURSE_INCLUSIONS). */
  included?: Grant[];
  /** Courses the user no longer has access to through any grant after this revocation. */
  ended?: string[];
}

/**
 * Who owns which course: granting (with the courses a product includes), revoking, the drip's early
 * release, and what a user owns now. A grant is active while it is not revoked. Membership and
 * mentorship periods are {@link GrantPeriodsService}'s.
 */
@Injectable()
export class GrantsService {
  constructor(
    @InjectRepository(Grant) private readonly grants: Repository<Grant>,
    private readonly clock: Clock = new SystemClock(),
    private readonly events: EventBus = new EventBus(),
    private readonly periods: GrantPeriodsService = new GrantPeriodsService(grants),
  ) {}

  /** Active course ids of a user, in catalogue order. */
  async activeCourseIds(userId: number): Promise<PlayerCourseId[]> {
    const rows = await this.grants.find({ select: { courseId: true }, where: { userId, revokedAt: IsNull() } });
    const owned = new Set(rows.map((r) => r.courseId));
    return PLAYER_COURSE_IDS.filter((id) => owned.has(id));
  }

  /**
   * Active course ids (catalogue order) and, for those owned only through a larger product's grant,
   * which product includes them.
   */
  async activeAccess(
    userId: number,
  ): Promise<{ courses: PlayerCourseId[]; includedBy: Partial<Record<PlayerCourseId, CatalogId>> }> {
    const rows = await this.grants.find({
      select: { id: true, courseId: true, includedByGrantId: true },
      where: { userId, revokedAt: IsNull() },
    });
    const byId = new Map(rows.map((r) => [r.id, r.courseId]));
    const own = new Set(rows.filter((r) => r.includedByGrantId === null).map((r) => r.courseId));
    const courses = PLAYER_COURSE_IDS.filter((id) => rows.some((r) => r.courseId === id));
    const includedBy: Partial<Record<PlayerCourseId, CatalogId>> = {};
    for (const r of rows) {
      const parent = r.includedByGrantId !== null ? byId.get(r.includedByGrantId) : undefined;
      if (isPlayerCourseId(r.courseId) && !own.has(r.courseId) && isCatalogId(parent)) includedBy[r.courseId] = parent;
    }
    return { courses, includedBy };
  }

  /** Every catalogue id (courses and memberships such as VIP) the user holds an active grant of, in catalogue order. */
  async activeCatalogIds(userId: number): Promise<CatalogId[]> {
    const rows = await this.grants.find({ select: { courseId: true }, where: { userId, revokedAt: IsNull() } });
    const owned = new Set(rows.map((r) => r.courseId));
    return CATALOG_IDS.filter((id) => owned.has(id));
  }

  async owns(userId: number, courseId: string, manager?: EntityManager): Promise<boolean> {
    // Inside a transaction, read through its manager: a second connection from the pool while the
    // transaction holds one deadlocks the pool under load.
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    return repo.exists({ where: { userId, courseId, revokedAt: IsNull() } });
  }

  /**
   * Grants a course unless an own (not included) active grant already exists, and opens the courses
   * it includes (COURSE_INCLUSIONS) as `included` grants tied to it. With an order id, the unique
   * index on orderId makes concurrent fulfilments of one order end in one grant. A new grant is told
   * as `access.granted` (its course and those it opened) inside the granting transaction.
   */
  async grant(input: GrantInput, manager?: EntityManager): Promise<{ grant: Grant; created: boolean }> {
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    if (input.orderId != null) {
      const byOrder = await repo.findOneBy({ orderId: input.orderId });
      if (byOrder) return { grant: byOrder, created: false };
    } else {
      // An included grant does not count: a course granted on its own outlives the larger product's revocation.
      const active = await repo.findOneBy({
        userId: input.userId,
        courseId: input.courseId,
        revokedAt: IsNull(),
        includedByGrantId: IsNull(),
      });
      if (active) return { grant: active, created: false };
    }
    const grantedAt = this.clock.now();
    const grant = await repo.save(
      repo.create({
        userId: input.userId,
        courseId: input.courseId,
        source: input.source,
        orderId: input.orderId ?? null,
        note: input.note ?? null,
        grantedBy: input.grantedBy ?? null,
        grantedAt,
        revokedAt: null,
        revokedBy: null,
        includedByGrantId: null,
        accessEndsAt: await this.periods.membershipEnd(input.userId, input.courseId, grantedAt, repo),
      }),
    );
    const opened = [grant.courseId];
    await this.openIncluded(grant, repo, new Set([grant.courseId]), opened);
    await this.events.emitInTransaction(
      'access.granted',
      { userId: grant.userId, courseIds: opened, grantId: grant.id, source: grant.source },
      repo.manager,
    );
    return { grant, created: true };
  }

  /** The `included` grants a grant opens (and what those include in turn), their courses added to `opened`. */
  private async openIncluded(parent: Grant, repo: Repository<Grant>, seen: Set<string>, opened: string[]): Promise<void> {
    for (const courseId of includedCourses(parent.courseId)) {
      if (seen.has(courseId)) continue;
      const child = await repo.save(
        repo.create({
          userId: parent.userId,
          courseId,
          source: 'included',
          orderId: null,
          note: null,
          grantedBy: parent.grantedBy,
          grantedAt: parent.grantedAt,
          revokedAt: null,
          revokedBy: null,
          includedByGrantId: parent.id,
        }),
      );
      opened.push(courseId);
      await this.openIncluded(child, repo, new Set([...seen, courseId]), opened);
    }
  }

  /**
   * The one revocation of a grant (admin panel, full refunds): the course is no longer owned through
   * it, nor the courses it included (unless owned on their own). Null when there is no such grant.
   * Revoking a revoked grant changes nothing; the update is conditional, so of two concurrent
   * revocations exactly one reports `changed` (and is audited). An included grant is not revoked on
   * its own (409): it ends with the grant that opened it. The courses whose access ended are told
   * as `access.revoked` inside the same transaction (certificates follow access).
   */
  async revoke(grantId: number, revokedBy: number | null, manager?: EntityManager): Promise<GrantRevocation | null> {
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    const before = await repo.findOneBy({ id: grantId });
    if (!before) return null;
    if (before.revokedAt) return { before, grant: before, changed: false };
    if (before.includedByGrantId !== null) {
      const parent = await repo.findOneBy({ id: before.includedByGrantId });
      const title = CATALOG_SEED.find((c) => c.id === parent?.courseId)?.title ?? '';
      throw conflict(MSG.grantIncluded(title), 'CONFLICT');
    }
    const revokedAt = this.clock.now();
    const res = await repo.update({ id: grantId, revokedAt: IsNull() }, { revokedAt, revokedBy });
    if (!res.affected) return { before, grant: await repo.findOneByOrFail({ id: grantId }), changed: false };
    const included = await this.revokeIncluded(grantId, revokedAt, revokedBy, repo);
    const touched = [...new Set([before.courseId, ...included.map((g) => g.courseId)])];
    const stillOwned = new Set(
      (
        await repo.find({
          select: { courseId: true },
          where: { userId: before.userId, courseId: In(touched), revokedAt: IsNull() },
        })
      ).map((g) => g.courseId),
    );
    const ended = touched.filter((c) => !stillOwned.has(c));
    if (ended.length) {
      const m = manager ?? this.grants.manager;
      await this.events.emitInTransaction('access.revoked', { userId: before.userId, courseIds: ended, revokedBy }, m);
    }
    return { before, grant: { ...before, revokedAt, revokedBy }, changed: true, included, ended };
  }

  /** Revokes the active grants a grant included (and theirs in turn); returns them as revoked. */
  private async revokeIncluded(
    parentId: number,
    revokedAt: Date,
    revokedBy: number | null,
    repo: Repository<Grant>,
  ): Promise<Grant[]> {
    const children = await repo.find({ where: { includedByGrantId: parentId, revokedAt: IsNull() }, order: { id: 'ASC' } });
    const out: Grant[] = [];
    for (const child of children) {
      const res = await repo.update({ id: child.id, revokedAt: IsNull() }, { revokedAt, revokedBy });
      if (!res.affected) continue;
      out.push({ ...child, revokedAt, revokedBy });
      out.push(...(await this.revokeIncluded(child.id, revokedAt, revokedBy, repo)));
    }
    return out;
  }

  /**
   * What the drip release counts from for a user's course: the earliest active grant, and whether
   * the admin opened everything early on one of them. Null without an active grant.
   */
  async dripBasis(userId: number, courseId: string): Promise<DripBasis | null> {
    const rows = await this.grants.find({
      select: { id: true, grantedAt: true, releasedEarlyAt: true },
      where: { userId, courseId, revokedAt: IsNull() },
    });
    if (rows.length === 0) return null;
    const first = Math.min(...rows.map((g) => new Date(g.grantedAt).getTime()));
    return { grantedAt: new Date(first), releasedEarly: rows.some((g) => g.releasedEarlyAt !== null) };
  }

  /**
   * Opens every drip-released module of a grant at once. Null when there is no such grant; a grant
   * already released early answers as it is (`changed` false), so two concurrent calls audit once.
   */
  async releaseEarly(grantId: number, by: number | null, manager?: EntityManager): Promise<GrantRevocation | null> {
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    const before = await repo.findOneBy({ id: grantId });
    if (!before) return null;
    if (before.releasedEarlyAt) return { before, grant: before, changed: false };
    const releasedEarlyAt = this.clock.now();
    const res = await repo.update({ id: grantId, releasedEarlyAt: IsNull() }, { releasedEarlyAt, releasedEarlyBy: by });
    if (!res.affected) return { before, grant: await repo.findOneByOrFail({ id: grantId }), changed: false };
    return { before, grant: { ...before, releasedEarlyAt, releasedEarlyBy: by }, changed: true };
  }

  /**
   * Moves a membership grant's period end (the mentor lengthens VIP), with the ends of the grants it
   * included. Null when there is no such active membership grant.
   */
  async setAccessEnd(grantId: number, endsAt: Date, manager: EntityManager): Promise<Grant | null> {
    const repo = manager.getRepository(Grant);
    const res = await repo.update({ id: grantId, revokedAt: IsNull(), accessEndsAt: Not(IsNull()) }, { accessEndsAt: endsAt });
    if (!res.affected) return null;
    return repo.findOneBy({ id: grantId });
  }

  /** A grant by id (inside the caller's transaction when given). */
  findById(grantId: number, manager?: EntityManager): Promise<Grant | null> {
    return (manager ? manager.getRepository(Grant) : this.grants).findOneBy({ id: grantId });
  }

  /** A user's active grants. */
  activeGrantsOf(userId: number): Promise<Grant[]> {
    return this.grants.find({ where: { userId, revokedAt: IsNull() }, order: { grantedAt: 'ASC', id: 'ASC' } });
  }

  /** Revokes the grant an order created, if it is still active (a full refund). */
  async revokeForOrder(orderId: number, revokedBy: number | null, manager?: EntityManager): Promise<GrantRevocation | null> {
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    const active = await repo.findOneBy({ orderId, revokedAt: IsNull() });
    return active ? this.revoke(active.id, revokedBy, manager) : null;
  }
}
