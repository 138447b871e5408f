import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, Repository } from 'typeorm';
import { PAID_COURSE_IDS, type AccountExport } from '@academy/contracts';
import { Grant } from './entities/grant.entity';
import { Progress } from './entities/progress.entity';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** What the account erasure removed from access's tables. */
export interface AccessErasure {
  grantsRemoved: number;
  progressRemoved: number;
}

/**
 * Grants and progress as other modules read them: the admin panel's student pages, the refund
 * mail (inside the caller's transaction), the catalogue's student count, and the account's export
 * and erasure.
 */
@OwnsPersonalData({
  name: 'access',
  sections: ['grants', 'progress'],
  tables: ['grants', 'progress'],
  eraseOrder: ERASURE_ORDER.access,
})
export class AccessRecordsService implements PersonalDataOwner {
  constructor(
    @InjectRepository(Grant) private readonly grants: Repository<Grant>,
    @InjectRepository(Progress) private readonly progress: Repository<Progress>,
  ) {}

  /** Distinct users with an active paid course (the catalogue's STUDENT_COUNT, see access-ports.module.ts). */
  countPaidStudents(): Promise<number> {
    return this.countStudents(PAID_COURSE_IDS);
  }

  /** Active grants (user and course) of the given users, as stored. */
  activeGrantsOf(userIds: number[]): Promise<Array<Pick<Grant, 'userId' | 'courseId' | 'revokedAt'>>> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.grants.find({
      select: { userId: true, courseId: true, revokedAt: true },
      where: { userId: In(userIds), revokedAt: IsNull() },
    });
  }

  /**
   * For included grants (source `included`): the course id of the grant that opened each one, by the
   * included grant's id. Parents already in `grants` are not read again.
   */
  async includingCourses(grants: Array<Pick<Grant, 'id' | 'courseId' | 'includedByGrantId'>>): Promise<Map<number, string>> {
    const known = new Map(grants.map((g) => [g.id, g.courseId]));
    const missing = [
      ...new Set(grants.map((g) => g.includedByGrantId).filter((id): id is number => id != null && !known.has(id))),
    ];
    if (missing.length)
      for (const p of await this.grants.find({ select: { id: true, courseId: true }, where: { id: In(missing) } }))
        known.set(p.id, p.courseId);
    const out = new Map<number, string>();
    for (const g of grants)
      if (g.includedByGrantId != null && known.has(g.includedByGrantId)) out.set(g.id, known.get(g.includedByGrantId)!);
    return out;
  }

  /** Every grant of a user, newest first. */
  grantsOf(userId: number): Promise<Grant[]> {
    return this.grants.find({ where: { userId }, order: { grantedAt: 'DESC', id: 'DESC' } });
  }

  /** A user's progress rows (one per course). */
  progressOf(userId: number): Promise<Progress[]> {
    return this.progress.find({ where: { userId } });
  }

  /** Whether the user holds an active grant of the course, read inside the caller's transaction. */
  ownsActive(userId: number, courseId: string, m: EntityManager): Promise<boolean> {
    return m.getRepository(Grant).exists({ where: { userId, courseId, revokedAt: IsNull() } });
  }

  /** Ids of the users with an active grant of one of the courses (live sessions' reminders and notices). */
  async activeOwnerIds(courseIds: readonly string[]): Promise<number[]> {
    if (courseIds.length === 0) return [];
    const rows = await this.grants
      .createQueryBuilder('g')
      .select('DISTINCT g.userId', 'userId')
      .where('g.revokedAt IS NULL')
      .andWhere('g.courseId IN (:...courseIds)', { courseIds: [...courseIds] })
      .getRawMany<{ userId: number | string }>();
    return rows.map((r) => Number(r.userId)).sort((a, b) => a - b);
  }

  /** Distinct users with an active grant of one of the courses. */
  async countStudents(courseIds: readonly string[]): Promise<number> {
    const row = await this.grants
      .createQueryBuilder('g')
      .select('COUNT(DISTINCT g.userId)', 'n')
      .where('g.revokedAt IS NULL')
      .andWhere('g.courseId IN (:...courseIds)', { courseIds: [...courseIds] })
      .getRawOne<{ n: number | string | null }>();
    return Number(row?.n ?? 0);
  }

  /** Grants and progress for the data export. */
  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'grants' | 'progress'>> {
    const [grants, progress] = await Promise.all([
      m.find(Grant, { where: { userId }, order: { grantedAt: 'ASC', id: 'ASC' } }),
      m.find(Progress, { where: { userId }, order: { id: 'ASC' } }),
    ]);
    const byId = new Map(grants.map((g) => [g.id, g.courseId]));
    return {
      grants: grants.map((g) => ({
        courseId: g.courseId,
        source: g.source,
        orderId: g.orderId,
        grantedAt: g.grantedAt.toISOString(),
        revokedAt: iso(g.revokedAt),
        includedBy: g.includedByGrantId != null ? (byId.get(g.includedByGrantId) ?? null) : null,
      })),
      progress: progress.map((p) => ({
        courseId: p.courseId,
        completedModules: Array.isArray(p.completedModules) ? p.completedModules : [],
        currentModule: p.currentModule,
        lastUpdated: p.lastUpdated.toISOString(),
      })),
    };
  }

  /** Erasure, inside the caller's transaction. */
  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<AccessErasure & Record<string, number>> {
    const affected = (r: { affected?: number | null }) => r.affected ?? 0;
    return {
      grantsRemoved: affected(await m.delete(Grant, { userId })),
      progressRemoved: affected(await m.delete(Progress, { userId })),
    };
  }
}
