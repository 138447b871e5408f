import { Injectable } from '@nestjs/common';
import { MSG, isPlayerCourseId, type CourseContentResponse } from '@academy/contracts';
import { CoursesService } from '../catalog/courses.service';
import { SiteSettingsService } from '../catalog/site-settings.service';
import { playableVideo } from '../catalog/video/module-video';
import { PlaybackTokensService } from '../catalog/video/playback-tokens.service';
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
    private readonly playback: PlaybackTokensService,
  ) {}

  /**
   * GET /api/courses/:courseId. Starter is open to anyone; other courses need a session and
   * ownership (admins see all). Unknown or removed course → 404. Modules the student's drip
   * release has not opened yet come locked, without their content or video. A Mux video comes with
   * short-lived signed tokens (docs/decisions.md "Course content").
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
      // Only modules the viewer may watch now get their video; Mux playback is signed for them alone.
      modules: c.modules.map((m) =>
        playerModule(m, basis, now, (v) => playableVideo(v, (id) => this.playback.forPlaybackId(id))),
      ),
      overlayText: await this.site.getOverlayText(),
    };
  }
}
