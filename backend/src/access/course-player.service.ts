import { Injectable } from '@nestjs/common';
import { MSG, isPlayerCourseId, type CourseContentResponse } from '@academy/contracts';
import { CoursesService } from '../catalog/courses.service';
import { SiteSettingsService } from '../catalog/site-settings.service';
import type { User } from '../identity/entities/user.entity';
import { forbidden, notFound, unauthenticated } from '../platform/errors/app-error';
import { Clock } from '../platform/time/clock';
import { playerModule } from './drip';
import { GrantsService } from './grants.service';

/** What the player may show a viewer: the catalogue's content, gated by the viewer's grants. */
@Injectable()
export class CoursePlayerService {
  constructor(
    private readonly courses: CoursesService,
    private readonly grants: GrantsService,
    private readonly site: SiteSettingsService,
    private readonly clock: Clock,
  ) {}

  /**
   * GET /api/courses/:courseId. Starter is open to anyone; other courses need a session and
   * ownership (admins see all). Unknown or removed course → 404. Modules the student's drip
   * release has not opened yet come locked, without their content.
   */
  async forViewer(courseId: string, viewer: Pick<User, 'id' | 'role'> | null): Promise<CourseContentResponse> {
    if (!isPlayerCourseId(courseId)) throw notFound(MSG.unknownCourse);
    if (courseId !== 'starter') {
      if (!viewer) throw unauthenticated(MSG.unauthenticated);
      if (viewer.role !== 'admin' && !(await this.grants.owns(viewer.id, courseId))) throw forbidden(MSG.courseNotOwned);
    }
    const c = await this.courses.visibleContent(courseId, viewer?.role === 'admin');
    if (!c) throw notFound(MSG.unknownCourse);
    // Drip release counts from the student's grant; Starter and admins see every module open.
    const basis =
      courseId !== 'starter' && viewer && viewer.role !== 'admin' ? await this.grants.dripBasis(viewer.id, courseId) : null;
    const now = this.clock.now();
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      modules: c.modules.map((m) => playerModule(m, basis, now)),
      overlayText: await this.site.getOverlayText(),
    };
  }
}
