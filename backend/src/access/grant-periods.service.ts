import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, LessThanOrEqual, Not, Repository, type FindOptionsWhere } from 'typeorm';
import { membershipMonths } from '@academy/contracts';
import { addCalendarMonths } from '../platform/time/calendar-period';
import { Grant } from './entities/grant.entity';

/**
 * The time-bounded side of grants: a membership's access period (MEMBERSHIP_MONTHS) and the
 * mentorship period's end the admin may set, as the membership and mentorship rounds read them.
 * Granting and revoking are {@link GrantsService}'s.
 */
@Injectable()
export class GrantPeriodsService {
  constructor(@InjectRepository(Grant) private readonly grants: Repository<Grant>) {}

  /**
   * A membership's new period (MEMBERSHIP_MONTHS): its months from the end of the member's running
   * period (a renewal adds to what is left), or from now when none runs. Null for a course owned for life.
   */
  async membershipEnd(userId: number, courseId: string, now: Date, repo: Repository<Grant> = this.grants): Promise<Date | null> {
    const months = membershipMonths(courseId);
    if (months === null) return null;
    const running = await repo.find({
      select: { id: true, accessEndsAt: true },
      where: { userId, courseId, revokedAt: IsNull(), includedByGrantId: IsNull(), accessEndsAt: Not(IsNull()) },
    });
    const latest = Math.max(now.getTime(), ...running.map((g) => new Date(g.accessEndsAt!).getTime()));
    return addCalendarMonths(new Date(latest), months);
  }

  /** A user's active grants of a membership (those with an access period), oldest first. */
  activeMembershipGrants(userId: number, courseId: string): Promise<Grant[]> {
    return this.grants.find({
      where: { userId, courseId, revokedAt: IsNull(), includedByGrantId: IsNull(), accessEndsAt: Not(IsNull()) },
      order: { grantedAt: 'ASC', id: 'ASC' },
    });
  }

  /** Active membership grants whose access period is over at `now` (the periodic round ends them), oldest first. */
  endedMembershipGrants(now: Date, limit = 500): Promise<Grant[]> {
    return this.grants.find({
      where: { revokedAt: IsNull(), accessEndsAt: LessThanOrEqual(now) },
      order: { accessEndsAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** Active membership grants of the given products, oldest first (the reminder round). */
  activeMemberships(courseIds: string[]): Promise<Grant[]> {
    if (courseIds.length === 0) return Promise.resolve([]);
    return this.grants.find({
      where: { courseId: In(courseIds), revokedAt: IsNull(), includedByGrantId: IsNull(), accessEndsAt: Not(IsNull()) },
      order: { userId: 'ASC', grantedAt: 'ASC', id: 'ASC' },
    });
  }

  /** Sets the end of a grant's mentorship period (the admin extends it). Null when there is no such grant. */
  async setMentorshipEnd(grantId: number, endsAt: Date, manager: EntityManager): Promise<Grant | null> {
    const repo = manager.getRepository(Grant);
    const res = await repo.update({ id: grantId }, { mentorshipEndsAt: endsAt });
    if (!res.affected) return null;
    return repo.findOneBy({ id: grantId });
  }

  /** Active grants of the given courses, and active grants whose mentorship end the admin set (any course). */
  activeGrantsWithMentorship(courseIds: string[]): Promise<Grant[]> {
    const where: FindOptionsWhere<Grant>[] = [{ mentorshipEndsAt: Not(IsNull()), revokedAt: IsNull() }];
    if (courseIds.length) where.push({ courseId: In(courseIds), revokedAt: IsNull() });
    return this.grants.find({ where, order: { id: 'ASC' } });
  }
}
