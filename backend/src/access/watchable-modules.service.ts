import { Injectable } from '@nestjs/common';
import { MSG, PLAYER_COURSE_IDS, isPlayerCourseId, type PlayerCourseId } from '@academy/contracts';
import { CoursesService, type CourseContent, type StoredModule } from '../catalog/courses.service';
import type { User } from '../identity/entities/user.entity';
import { conflict, forbidden, notFound, unauthenticated } from '../platform/errors/app-error';
import { Clock } from '../platform/time/clock';
import { isLocked, norwegianDate, releaseAtOf } from './drip';
import { GrantsService } from './grants.service';

/** A course a viewer may open, with the modules the viewer may watch now (drip release applied). */
export interface WatchableCourse {
  course: CourseContent;
  /** Open modules with their index in the course. */
  modules: Array<{ module: StoredModule; index: number }>;
}

/**
 * Who may watch what, as the player decides it (docs/decisions.md "Course content"): Starter is
 * open to everyone; another course to its owners and admins, and then only its released modules.
 * The captions file and search ask the same questions as the video.
 */
@Injectable()
export class WatchableModulesService {
  constructor(
    private readonly courses: CoursesService,
    private readonly grants: GrantsService,
    private readonly clock: Clock,
  ) {}

  /** The module if the viewer may watch it: 401 visitor / 403 stranger / 404 unknown / 409 not released yet. */
  async module(viewer: Pick<User, 'id' | 'role'> | null, courseId: string, moduleId: number): Promise<StoredModule> {
    if (!isPlayerCourseId(courseId)) throw notFound(MSG.unknownCourse);
    if (courseId !== 'starter') {
      if (!viewer) throw unauthenticated(MSG.unauthenticated);
      if (viewer.role !== 'admin' && !(await this.grants.owns(viewer.id, courseId))) throw forbidden(MSG.courseNotOwned);
    }
    const course = await this.courses.visibleContent(courseId, viewer?.role === 'admin');
    if (!course) throw notFound(MSG.unknownCourse);
    const module = course.modules.find((m) => m.id === moduleId);
    if (!module) throw notFound(MSG.moduleNotInCourse);
    if (courseId !== 'starter' && viewer && viewer.role !== 'admin' && module.releaseAfterDays > 0) {
      const basis = await this.grants.dripBasis(viewer.id, courseId);
      if (isLocked(module, basis, this.clock.now()))
        throw conflict(MSG.moduleLocked(norwegianDate(releaseAtOf(module, basis)!)), 'MODULE_LOCKED');
    }
    return module;
  }

  /** Every course the viewer may open (Starter for everyone, all for admins) with its open modules. */
  async openCourses(viewer: Pick<User, 'id' | 'role'> | null): Promise<WatchableCourse[]> {
    const ids: PlayerCourseId[] =
      viewer?.role === 'admin'
        ? [...PLAYER_COURSE_IDS]
        : viewer
          ? [...new Set<PlayerCourseId>(['starter', ...(await this.grants.activeCourseIds(viewer.id))])]
          : ['starter'];
    const now = this.clock.now();
    const out: WatchableCourse[] = [];
    for (const id of ids) {
      const course = await this.courses.visibleContent(id, viewer?.role === 'admin');
      if (!course) continue;
      const basis = id !== 'starter' && viewer && viewer.role !== 'admin' ? await this.grants.dripBasis(viewer.id, id) : null;
      out.push({
        course,
        modules: course.modules.map((module, index) => ({ module, index })).filter(({ module }) => !isLocked(module, basis, now)),
      });
    }
    return out;
  }
}
