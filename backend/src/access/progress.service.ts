import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { MSG, type PlayerCourseId, type ProgressResponse } from '@academy/contracts';
import { badRequest, conflict, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { CoursesService, type CourseContent } from '../catalog/courses.service';
import type { User } from '../identity/entities/user.entity';
import { EventBus } from '../platform/events';
import { Clock } from '../platform/time/clock';
import { isLocked, norwegianDate, releaseAtOf } from './drip';
import { Progress } from './entities/progress.entity';
import { GrantsService } from './grants.service';

const MAX_ATTEMPTS = 20;

/**
 * A student's progress in a course: one row per (user, course), unique. Writes never overwrite
 * each other: completing is a compare-and-swap on the stored list, moving is a one-column update.
 */
@Injectable()
export class ProgressService {
  constructor(
    @InjectRepository(Progress) private readonly progress: Repository<Progress>,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly grants: GrantsService,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async get(user: User, courseId: string): Promise<ProgressResponse> {
    const course = await this.course(user, courseId);
    const row = await this.progress.findOneBy({ userId: user.id, courseId });
    return this.view(course, row);
  }

  /** Marks a module completed. Completing it again changes nothing. */
  async complete(user: User, courseId: string, moduleId: number): Promise<ProgressResponse> {
    const course = await this.course(user, courseId);
    const module = course.modules.find((m) => m.id === moduleId);
    if (!module) throw notFound(MSG.moduleNotInCourse);
    if (course.id !== 'starter' && user.role !== 'admin' && module.releaseAfterDays > 0) {
      const basis = await this.grants.dripBasis(user.id, course.id);
      if (isLocked(module, basis, this.clock.now())) {
        throw conflict(MSG.moduleLocked(norwegianDate(releaseAtOf(module, basis)!)), 'MODULE_LOCKED');
      }
    }
    const where = { userId: user.id, courseId };
    await this.ensureRow(user.id, course.id, { completedModules: [moduleId], currentModule: 0 });
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const raw = await this.ds
        .createQueryBuilder()
        .select('p.id', 'id')
        .addSelect('p.completedModules', 'completed')
        .from(Progress, 'p')
        .where('p.userId = :userId AND p.courseId = :courseId', where)
        .getRawOne<{ id: number; completed: string | null }>();
      if (!raw) {
        await this.ensureRow(user.id, course.id, { completedModules: [moduleId], currentModule: 0 });
        continue;
      }
      const done = parseIds(raw.completed);
      if (done.includes(moduleId)) break;
      const next = [...done, moduleId].sort((a, b) => a - b);
      const qb = this.ds
        .createQueryBuilder()
        .update(Progress)
        .set({ completedModules: next, lastUpdated: new Date() })
        .where('id = :id', { id: raw.id });
      if (raw.completed === null) qb.andWhere('completedModules IS NULL');
      else qb.andWhere('completedModules = :old', { old: raw.completed });
      const res = await qb.execute();
      if (res.affected === 1) break;
      if (attempt === MAX_ATTEMPTS - 1) throw conflict(MSG.progressBusy);
    }
    const view = this.view(course, await this.progress.findOneBy(where));
    // Every module completed: the handlers (certificates, marketing) run before the request answers.
    if (course.modules.length > 0 && view.completedModules.length === course.modules.length) {
      await this.events.emit('course.completed', { userId: user.id, courseId: course.id });
    }
    return view;
  }

  /** Moves the student to a module (index into the course's modules). */
  async setCurrent(user: User, courseId: string, currentModule: number): Promise<ProgressResponse> {
    const course = await this.course(user, courseId);
    if (!Number.isInteger(currentModule) || currentModule < 0 || currentModule >= course.modules.length) {
      throw badRequest(MSG.invalidModule, 'VALIDATION_FAILED');
    }
    const where = { userId: user.id, courseId };
    const created = await this.ensureRow(user.id, course.id, { completedModules: [], currentModule });
    if (!created) {
      await this.ds
        .createQueryBuilder()
        .update(Progress)
        .set({ currentModule, lastUpdated: new Date() })
        .where('userId = :userId AND courseId = :courseId AND currentModule <> :currentModule', { ...where, currentModule })
        .execute();
    }
    return this.view(course, await this.progress.findOneBy(where));
  }

  /**
   * Merges the Starter progress a visitor kept in the browser: completed modules are the union of
   * both (ids the course does not have are ignored), the current module the furthest of both.
   * Idempotent: merging the same again changes nothing. A compare-and-swap like `complete`.
   */
  async mergeStarter(user: User, completedModules: number[], currentModule: number): Promise<ProgressResponse> {
    const course = await this.course(user, 'starter');
    const ids = new Set(course.modules.map((m) => m.id));
    const last = Math.max(0, course.modules.length - 1);
    const theirs = [...new Set(completedModules.filter((id) => ids.has(id)))].sort((a, b) => a - b);
    const theirCurrent = Math.min(Math.max(0, currentModule), last);
    const where = { userId: user.id, courseId: course.id };
    const created = await this.ensureRow(user.id, course.id, { completedModules: theirs, currentModule: theirCurrent });
    for (let attempt = 0; !created && attempt < MAX_ATTEMPTS; attempt++) {
      const raw = await this.ds
        .createQueryBuilder()
        .select('p.id', 'id')
        .addSelect('p.completedModules', 'completed')
        .addSelect('p.currentModule', 'current')
        .from(Progress, 'p')
        .where('p.userId = :userId AND p.courseId = :courseId', where)
        .getRawOne<{ id: number; completed: string | null; current: number | string }>();
      if (!raw) {
        if (await this.ensureRow(user.id, course.id, { completedModules: theirs, currentModule: theirCurrent })) break;
        continue;
      }
      const done = parseIds(raw.completed);
      const next = [...new Set([...done, ...theirs])].sort((a, b) => a - b);
      const current = Number(raw.current);
      const nextCurrent = Math.max(Math.min(Math.max(0, current), last), theirCurrent);
      if (next.length === done.length && nextCurrent === current) break;
      const qb = this.ds
        .createQueryBuilder()
        .update(Progress)
        .set({ completedModules: next, currentModule: nextCurrent, lastUpdated: new Date() })
        .where('id = :id AND currentModule = :current', { id: raw.id, current });
      if (raw.completed === null) qb.andWhere('completedModules IS NULL');
      else qb.andWhere('completedModules = :old', { old: raw.completed });
      if ((await qb.execute()).affected === 1) break;
      if (attempt === MAX_ATTEMPTS - 1) throw conflict(MSG.progressBusy);
    }
    return this.view(course, await this.progress.findOneBy(where));
  }

  /** The course the user may track: the route guard checked ownership; here it must still exist. */
  private async course(user: User, courseId: string): Promise<CourseContent> {
    const c = await this.courses.visibleContent(courseId, user.role === 'admin');
    if (!c) throw notFound(MSG.unknownCourse);
    return c;
  }

  /** Inserts the row when there is none. True when this call created it. */
  private async ensureRow(
    userId: number,
    courseId: PlayerCourseId,
    initial: { completedModules: number[]; currentModule: number },
  ): Promise<boolean> {
    if (await this.progress.existsBy({ userId, courseId })) return false;
    try {
      await this.progress.insert({ userId, courseId, ...initial, lastUpdated: new Date() });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  private view(course: CourseContent, row: Progress | null): ProgressResponse {
    const ids = new Set(course.modules.map((m) => m.id));
    const last = Math.max(0, course.modules.length - 1);
    return {
      courseId: course.id,
      completedModules: row ? parseIds(row.completedModules).filter((id) => ids.has(id)) : [],
      currentModule: row ? Math.min(Math.max(0, row.currentModule), last) : 0,
      lastUpdated: row ? row.lastUpdated.toISOString() : null,
    };
  }
}

/** The stored list as numbers (tolerates a hand-edited or empty value). */
export function parseIds(v: unknown): number[] {
  let arr: unknown = v;
  if (typeof v === 'string') {
    try {
      arr = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(arr)) return [];
  return [...new Set(arr.filter((x): x is number => Number.isInteger(x)))];
}
