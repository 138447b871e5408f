import { Injectable, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, Not, Repository, type FindOptionsWhere } from 'typeorm';
import { PLAYER_COURSE_IDS, type PlayerCourseId } from '@academy/contracts';
import { Clock, SystemClock } from '../platform/time/clock';
import { Grant, GrantSource } from './entities/grant.entity';
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
}

/** Who owns which course. A grant is active while it is not revoked. */
@Injectable()
export class GrantsService {
  constructor(
    @InjectRepository(Grant) private readonly grants: Repository<Grant>,
    @Optional() private readonly clock: Clock = new SystemClock(),
  ) {}

  /** Active course ids of a user, in catalogue order. */
  async activeCourseIds(userId: number): Promise<PlayerCourseId[]> {
    const rows = await this.grants.find({ select: { courseId: true }, where: { userId, revokedAt: IsNull() } });
    const owned = new Set(rows.map((r) => r.courseId));
    return PLAYER_COURSE_IDS.filter((id) => owned.has(id));
  }

  async owns(userId: number, courseId: string): Promise<boolean> {
    return this.grants.exists({ where: { userId, courseId, revokedAt: IsNull() } });
  }

  /**
   * Grants a course unless an active grant already exists. With an order id, the unique index on
   * orderId makes concurrent fulfilments of one order end in one grant.
   */
  async grant(input: GrantInput, manager?: EntityManager): Promise<{ grant: Grant; created: boolean }> {
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    if (input.orderId != null) {
      const byOrder = await repo.findOneBy({ orderId: input.orderId });
      if (byOrder) return { grant: byOrder, created: false };
    } else {
      const active = await repo.findOneBy({ userId: input.userId, courseId: input.courseId, revokedAt: IsNull() });
      if (active) return { grant: active, created: false };
    }
    const grant = await repo.save(
      repo.create({
        userId: input.userId,
        courseId: input.courseId,
        source: input.source,
        orderId: input.orderId ?? null,
        note: input.note ?? null,
        grantedBy: input.grantedBy ?? null,
        grantedAt: this.clock.now(),
        revokedAt: null,
        revokedBy: null,
      }),
    );
    return { grant, created: true };
  }

  /**
   * The one revocation of a grant (admin panel, full refunds): the course is no longer owned through
   * it. Null when there is no such grant. Revoking a revoked grant changes nothing; the update is
   * conditional, so of two concurrent revocations exactly one reports `changed` (and is audited).
   */
  async revoke(grantId: number, revokedBy: number | null, manager?: EntityManager): Promise<GrantRevocation | null> {
    const repo = manager ? manager.getRepository(Grant) : this.grants;
    const before = await repo.findOneBy({ id: grantId });
    if (!before) return null;
    if (before.revokedAt) return { before, grant: before, changed: false };
    const revokedAt = this.clock.now();
    const res = await repo.update({ id: grantId, revokedAt: IsNull() }, { revokedAt, revokedBy });
    if (!res.affected) return { before, grant: await repo.findOneByOrFail({ id: grantId }), changed: false };
    return { before, grant: { ...before, revokedAt, revokedBy }, changed: true };
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

  /** Sets the end of a grant's mentorship period (the admin extends it). Null when there is no such grant. */
  async setMentorshipEnd(grantId: number, endsAt: Date, manager: EntityManager): Promise<Grant | null> {
    const repo = manager.getRepository(Grant);
    const res = await repo.update({ id: grantId }, { mentorshipEndsAt: endsAt });
    if (!res.affected) return null;
    return repo.findOneBy({ id: grantId });
  }

  /** A grant by id (inside the caller's transaction when given). */
  findById(grantId: number, manager?: EntityManager): Promise<Grant | null> {
    return (manager ? manager.getRepository(Grant) : this.grants).findOneBy({ id: grantId });
  }

  /** Active grants of the given courses, and active grants whose mentorship end the admin set (any course). */
  activeGrantsWithMentorship(courseIds: string[]): Promise<Grant[]> {
    const where: FindOptionsWhere<Grant>[] = [{ mentorshipEndsAt: Not(IsNull()), revokedAt: IsNull() }];
    if (courseIds.length) where.push({ courseId: In(courseIds), revokedAt: IsNull() });
    return this.grants.find({ where, order: { id: 'ASC' } });
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
