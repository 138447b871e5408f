import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isPlayerCourseId, type CourseModuleView, type PlayerCourseId } from '@academy/contracts';
import { OnEvent } from '../platform/events';
import { CaptionsService } from './captions/captions.service';
import { Course } from './entities/course.entity';
import { CourseModule } from './entities/course-module.entity';
import { storedVideoOf, type StoredVideo } from './video/module-video';

/**
 * A published module as stored, with its drip-release delay and its video before signing (the player
 * works out whether it is locked, and signs Mux playback for those who may watch it).
 */
export type StoredModule = Omit<CourseModuleView, 'locked' | 'releaseAt' | 'video' | 'videoId' | 'hasVideo'> & {
  releaseAfterDays: number;
  video: StoredVideo | null;
};

/** A course as stored: its texts and published modules in order (video ids included). */
export interface CourseContent {
  id: PlayerCourseId;
  title: string;
  description: string;
  published: boolean;
  /** Months of mentorship a grant of the course carries (0: none). */
  mentorshipMonths: number;
  modules: StoredModule[];
}

/** Where the player fetches a module's approved captions (the access checks are the video's). */
export const captionsPath = (courseId: string, moduleId: number): string =>
  `/api/courses/${encodeURIComponent(courseId)}/modules/${moduleId}/captions.vtt`;

/** Short enough that another copy of the app behind the load balancer catches up quickly. */
const TTL_MS = 5_000;

/**
 * Course content for the player. Kept briefly in memory; `invalidate()` (or CatalogService.invalidate(),
 * which the admin calls after editing courses and modules) drops it at once.
 */
@Injectable()
export class CoursesService {
  private readonly cache = new Map<PlayerCourseId, { value: CourseContent | null; at: number }>();
  private readonly loading = new Map<PlayerCourseId, Promise<CourseContent | null>>();
  private generation = 0;

  constructor(
    @InjectRepository(Course) private readonly courses: Repository<Course>,
    @InjectRepository(CourseModule) private readonly modules: Repository<CourseModule>,
    private readonly captions: CaptionsService,
  ) {}

  /** Anything the catalogue shows changed: the cached course texts go too. */
  @OnEvent('catalog.changed')
  catalogChanged(): void {
    this.invalidate();
  }

  /** Drops the cached content of one course, or of all. */
  invalidate(courseId?: string): void {
    this.generation++;
    if (courseId && isPlayerCourseId(courseId)) {
      this.cache.delete(courseId);
      this.loading.delete(courseId);
    } else {
      this.cache.clear();
      this.loading.clear();
    }
  }

  /** The course with its published modules, or null when the id is unknown or the course is missing. */
  async content(courseId: string): Promise<CourseContent | null> {
    if (!isPlayerCourseId(courseId)) return null;
    const hit = this.cache.get(courseId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    let p = this.loading.get(courseId);
    if (!p) {
      const gen = this.generation;
      p = this.load(courseId)
        .then((value) => {
          // A change while loading: don't keep what may already be old.
          if (gen === this.generation) this.cache.set(courseId, { value, at: Date.now() });
          return value;
        })
        .finally(() => {
          if (this.loading.get(courseId) === p) this.loading.delete(courseId);
        });
      this.loading.set(courseId, p);
    }
    return p;
  }

  /** Content a viewer may see: published (admins also see unpublished courses), else null. */
  async visibleContent(courseId: string, isAdmin: boolean): Promise<CourseContent | null> {
    const c = await this.content(courseId);
    if (!c || (!c.published && !isAdmin)) return null;
    return c;
  }

  private async load(courseId: PlayerCourseId): Promise<CourseContent | null> {
    const course = await this.courses.findOneBy({ id: courseId });
    if (!course) return null;
    const rows = await this.modules.find({
      where: { courseId, published: true },
      order: { position: 'ASC', id: 'ASC' },
    });
    // Approved captions are served by the app, with the video's checks; a typed-in address stays the fallback.
    const approved = await this.captions.approvedModuleIds(rows.map((m) => m.id));
    return {
      id: courseId,
      title: course.title,
      description: course.description,
      published: course.published,
      mentorshipMonths: Number(course.mentorshipMonths ?? 0),
      modules: rows.map((m) => ({
        id: m.id,
        position: m.position,
        title: m.title,
        description: m.description,
        durationMinutes: m.durationMinutes,
        topics: Array.isArray(m.topics) ? m.topics.filter((t): t is string => typeof t === 'string') : [],
        video: storedVideoOf(m),
        captionsUrl: approved.has(m.id) ? captionsPath(courseId, m.id) : m.captionsUrl || null,
        hasTranscript: approved.has(m.id),
        releaseAfterDays: Math.max(0, Number(m.releaseAfterDays ?? 0)),
      })),
    };
  }
}
