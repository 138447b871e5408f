import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { PLAYER_COURSE_IDS, VIDEO_PROVIDERS } from '@academy/contracts';
import { isMysql } from '../platform/database/dialect';
import { filter, runList, type ListParams, type ListResult, type ListSpec } from '../platform/list/list-query';
import { CATALOG_SEED } from './catalog.data';
import { CourseModule } from './entities/course-module.entity';
import { Course } from './entities/course.entity';

/** A new module; left-out fields get their defaults, a left-out position puts it last in its course. */
export interface NewModule {
  courseId: string;
  position?: number;
  title: string;
  description?: string | null;
  durationMinutes?: number;
  videoId?: string | null;
  videoProvider?: string;
  muxPlaybackId?: string | null;
  videoStatus?: string | null;
  captionsUrl?: string | null;
  topics?: string[];
  published?: boolean;
  releaseAfterDays?: number;
}

export type CourseChanges = Partial<Pick<Course, 'title' | 'description' | 'mentorshipMonths' | 'vatTreatment' | 'vatExemptOre'>>;
export type ModuleChanges = Partial<
  Pick<
    CourseModule,
    | 'title'
    | 'description'
    | 'durationMinutes'
    | 'topics'
    | 'videoId'
    | 'position'
    | 'published'
    | 'releaseAfterDays'
    | ModuleVideoField
  >
>;

/** The module's video fields besides the YouTube id: the provider and the Mux video's state. */
export const MODULE_VIDEO_FIELDS = [
  'videoProvider',
  'muxPlaybackId',
  'muxUploadId',
  'muxAssetId',
  'videoStatus',
  'videoError',
  'videoDurationSeconds',
  'captionsUrl',
] as const;
export type ModuleVideoField = (typeof MODULE_VIDEO_FIELDS)[number];

/**
 * Course texts and modules as the admin panel edits them and other modules read them. Writes take
 * the caller's transaction (the panel audits in the same one); the caller invalidates the catalogue.
 */
/** The admin panel's course list (alias `course`): the fields it may sort and filter on. */
export const COURSES_LIST: ListSpec<Course> = {
  sort: { id: 'course.id', sortOrder: 'course.sortOrder', title: 'course.title', updatedAt: 'course.updatedAt' },
  defaultSort: ['sortOrder', 'ASC'],
  filters: {
    id: filter.oneOf('course.id', PLAYER_COURSE_IDS),
    q: filter.search(['course.title', 'course.description']),
  },
};

/** The admin panel's module list (alias `mod`). */
export const MODULES_LIST: ListSpec<CourseModule> = {
  sort: {
    id: 'mod.id',
    courseId: ['mod.courseId', 'mod.position'],
    position: ['mod.position'],
    title: 'mod.title',
    durationMinutes: 'mod.durationMinutes',
    published: 'mod.published',
    updatedAt: 'mod.updatedAt',
  },
  defaultSort: ['courseId', 'ASC'],
  filters: {
    id: filter.ids('mod.id'),
    q: filter.search(['mod.title', 'mod.description']),
    courseId: filter.oneOf('mod.courseId', PLAYER_COURSE_IDS),
    published: filter.boolColumn('mod.published'),
    hasVideo: filter.isSet('mod.videoId'),
    videoProvider: filter.oneOf('mod.videoProvider', VIDEO_PROVIDERS),
  },
};

@Injectable()
export class CatalogContentService {
  constructor(
    @InjectRepository(Course) private readonly courses: Repository<Course>,
    @InjectRepository(CourseModule) private readonly modules: Repository<CourseModule>,
  ) {}

  // ---- courses

  /** One page of the admin panel's course list ({@link COURSES_LIST}). */
  listCourses(params: ListParams): Promise<ListResult<Course>> {
    return runList(this.courses.createQueryBuilder('course'), params, COURSES_LIST);
  }

  findCourse(id: string, m?: EntityManager): Promise<Course | null> {
    return (m ? m.getRepository(Course) : this.courses).findOneBy({ id });
  }

  async updateCourse(id: string, changes: CourseChanges, m: EntityManager): Promise<void> {
    await m.getRepository(Course).update({ id }, { ...changes, updatedAt: new Date() });
  }

  /** Every course's id and title. */
  courseTitles(): Promise<Array<Pick<Course, 'id' | 'title'>>> {
    return this.courses.find({ select: { id: true, title: true } });
  }

  /** Every course's id, title and mentorship months (the mentorship module reads them). */
  mentorshipTerms(): Promise<Array<Pick<Course, 'id' | 'title' | 'mentorshipMonths'>>> {
    return this.courses.find({ select: { id: true, title: true, mentorshipMonths: true } });
  }

  /** A course's title as stored, else the catalogue's, else the id (for mails about old orders). */
  async titleOf(courseId: string, m?: EntityManager): Promise<string> {
    const course = await this.findCourse(courseId, m);
    return course?.title ?? CATALOG_SEED.find((c) => c.id === courseId)?.title ?? courseId;
  }

  /** Modules per course: all, and published. */
  async moduleCounts(): Promise<Map<string, { all: number; published: number }>> {
    const rows = await this.modules
      .createQueryBuilder('mod')
      .select('mod.courseId', 'courseId')
      .addSelect('mod.published', 'published')
      .addSelect('COUNT(*)', 'n')
      .groupBy('mod.courseId')
      .addGroupBy('mod.published')
      .getRawMany<{ courseId: string; published: number | string | boolean; n: number | string }>();
    const out = new Map<string, { all: number; published: number }>();
    for (const r of rows) {
      const c = out.get(r.courseId) ?? { all: 0, published: 0 };
      c.all += Number(r.n);
      if (r.published === true || Number(r.published) === 1) c.published += Number(r.n);
      out.set(r.courseId, c);
    }
    return out;
  }

  // ---- modules

  /** One page of the admin panel's module list ({@link MODULES_LIST}). */
  listModules(params: ListParams): Promise<ListResult<CourseModule>> {
    return runList(this.modules.createQueryBuilder('mod'), params, MODULES_LIST);
  }

  findModule(id: number, m?: EntityManager): Promise<CourseModule | null> {
    return (m ? m.getRepository(CourseModule) : this.modules).findOneBy({ id });
  }

  /** The module a Mux direct upload was made for (the webhook names the upload), or null. */
  findModuleByUpload(uploadId: string, m: EntityManager): Promise<CourseModule | null> {
    const qb = m.getRepository(CourseModule).createQueryBuilder('mod').where('mod.muxUploadId = :uploadId', { uploadId });
    // Two deliveries of one event at once: the second waits and then sees the first one's result.
    if (isMysql(m) && m.queryRunner?.isTransactionActive) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** Ids of the published modules with their course. */
  publishedModules(): Promise<Array<Pick<CourseModule, 'id' | 'courseId'>>> {
    return this.modules.find({ select: { id: true, courseId: true }, where: { published: true } });
  }

  /** Null when the course does not exist. */
  async createModule(input: NewModule, m: EntityManager): Promise<CourseModule | null> {
    if (!(await m.getRepository(Course).existsBy({ id: input.courseId }))) return null;
    const repo = m.getRepository(CourseModule);
    let position = input.position;
    if (position === undefined) {
      const max = await repo
        .createQueryBuilder('mod')
        .select('MAX(mod.position)', 'max')
        .where('mod.courseId = :courseId', { courseId: input.courseId })
        .getRawOne<{ max: number | string | null }>();
      position = max?.max === null || max?.max === undefined ? 0 : Number(max.max) + 1;
    }
    const now = new Date();
    return repo.save(
      repo.create({
        courseId: input.courseId,
        position,
        title: input.title,
        description: input.description ?? '',
        durationMinutes: input.durationMinutes ?? 0,
        videoId: input.videoId ?? null,
        videoProvider: input.videoProvider ?? 'youtube',
        muxPlaybackId: input.muxPlaybackId ?? null,
        videoStatus: input.videoStatus ?? null,
        captionsUrl: input.captionsUrl ?? null,
        topics: input.topics ?? [],
        published: input.published ?? true,
        releaseAfterDays: input.releaseAfterDays ?? 0,
        createdAt: now,
        updatedAt: now,
      }),
    );
  }

  async updateModule(id: number, changes: ModuleChanges, m: EntityManager): Promise<void> {
    await m.getRepository(CourseModule).update({ id }, { ...changes, updatedAt: new Date() });
  }

  async deleteModule(id: number, m: EntityManager): Promise<void> {
    await m.getRepository(CourseModule).delete({ id });
  }
}
