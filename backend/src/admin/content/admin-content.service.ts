import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MSG,
  MUX_PLAYBACK_ID_PATTERN,
  VIDEO_MSG,
  YOUTUBE_ID_PATTERN,
  type AdminCourse,
  type AdminModule,
  type VideoUploadResponse,
} from '@academy/contracts';
import { badRequest, notFound } from '../../platform/errors/app-error';
import { AuditService } from '../../platform/audit/audit.service';
import {
  COURSES_LIST,
  MODULES_LIST,
  CatalogContentService,
  type CourseChanges,
  type ModuleChanges,
} from '../../catalog/catalog-content.service';
import { CatalogService } from '../../catalog/catalog.service';
import type { Course } from '../../catalog/entities/course.entity';
import type { CourseModule } from '../../catalog/entities/course-module.entity';
import { VideoUploadsService } from '../../catalog/video/video-uploads.service';
import type { User } from '../../identity/entities/user.entity';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { toAdminModule } from '../common/mappers';
import type { CreateModuleDto, UpdateCourseDto, UpdateModuleDto } from './dto/admin-content.dto';

type VideoFields = Pick<
  CourseModule,
  'videoProvider' | 'videoId' | 'muxPlaybackId' | 'videoStatus' | 'videoError' | 'captionsUrl'
>;

/**
 * The video fields a module write sets. `videoId` belongs to the provider in effect after the write: a
 * YouTube id, or a Mux playback id (signed policy; the video counts as ready). Mux can be chosen only
 * when it is set up on the server (a module already on Mux keeps it).
 */
export function videoChanges(
  stored: VideoFields | null,
  dto: Pick<UpdateModuleDto, 'videoProvider' | 'videoId' | 'captionsUrl'>,
  muxEnabled: boolean,
): Partial<VideoFields> {
  const out: Partial<VideoFields> = {};
  const provider = dto.videoProvider ?? (stored?.videoProvider === 'mux' ? 'mux' : 'youtube');
  if (dto.videoProvider !== undefined) {
    if (dto.videoProvider === 'mux' && !muxEnabled && stored?.videoProvider !== 'mux')
      throw badRequest(VIDEO_MSG.muxNotConfigured, 'VALIDATION_FAILED');
    out.videoProvider = dto.videoProvider;
  }
  if (dto.videoId !== undefined) {
    if (provider === 'youtube') {
      if (dto.videoId !== null && !YOUTUBE_ID_PATTERN.test(dto.videoId))
        throw badRequest(VIDEO_MSG.invalidYouTubeId, 'VALIDATION_FAILED');
      out.videoId = dto.videoId;
    } else {
      if (dto.videoId !== null && !MUX_PLAYBACK_ID_PATTERN.test(dto.videoId))
        throw badRequest(VIDEO_MSG.invalidMuxPlaybackId, 'VALIDATION_FAILED');
      out.muxPlaybackId = dto.videoId;
      out.videoStatus = dto.videoId === null ? null : 'ready';
      out.videoError = null;
    }
  }
  if (dto.captionsUrl !== undefined) out.captionsUrl = dto.captionsUrl;
  return out;
}

/**
 * Course texts and modules, with their videos. Every change is audited in its transaction,
 * then the catalogue is invalidated (module counts on the storefront; the player's course cache
 * listens to the same signal, so the player shows the change at once).
 */
@Injectable()
export class AdminContentService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly catalog: CatalogService,
    private readonly content: CatalogContentService,
    private readonly uploads: VideoUploadsService,
  ) {}

  /** A module as the panel shows it (with the video providers it may offer). */
  private toModule = (m: CourseModule): AdminModule => toAdminModule(m, this.uploads.enabled);

  // ---- courses

  async listCourses(query: Record<string, unknown>): Promise<ListResult<AdminCourse>> {
    const params = listParamsFor(query, COURSES_LIST);
    const res = await this.content.listCourses(params);
    const counts = await this.content.moduleCounts();
    const seats = await this.launchSeatsLeft();
    return { ...res, rows: res.rows.map((c) => this.toCourse(c, counts, seats)) };
  }

  async getCourse(id: string): Promise<AdminCourse> {
    const course = await this.content.findCourse(id);
    if (!course) throw notFound(MSG.courseNotFound);
    return this.toCourse(course, await this.content.moduleCounts(), await this.launchSeatsLeft());
  }

  async updateCourse(id: string, dto: UpdateCourseDto, actor: User): Promise<AdminCourse> {
    if (dto.id !== undefined && dto.id !== id) throw badRequest(MSG.courseIdFixed, 'VALIDATION_FAILED');
    const changed = await this.ds.transaction(async (m) => {
      const before = await this.content.findCourse(id, m);
      if (!before) throw notFound(MSG.courseNotFound);
      const changes = pickChanges(before, {
        title: dto.title,
        description: dto.description === null ? '' : dto.description,
        mentorshipMonths: dto.mentorshipMonths,
        ...(await this.vatChanges(before, dto)),
      });
      if (!changes) return false;
      await this.content.updateCourse(id, changes.after as CourseChanges, m);
      await this.audit.record(m, actor, { action: 'course.update', entity: 'course', entityId: id, ...changes });
      return true;
    });
    if (changed) this.catalog.invalidate();
    return this.getCourse(id);
  }

  /**
   * The MVA fields a course write sets (docs/decisions.md "MVA"): `split` needs the exempt part,
   * above 0 and below the course's price; the other treatments clear it.
   */
  private async vatChanges(
    before: Course,
    dto: UpdateCourseDto,
  ): Promise<Partial<Pick<Course, 'vatTreatment' | 'vatExemptOre'>>> {
    if (dto.vatTreatment === undefined && dto.vatExemptOre === undefined) return {};
    const treatment = dto.vatTreatment ?? before.vatTreatment;
    if (treatment !== 'split') {
      if (dto.vatExemptOre !== undefined && dto.vatExemptOre !== null)
        throw badRequest(MSG.vatExemptOnlySplit, 'VALIDATION_FAILED');
      return { vatTreatment: treatment, vatExemptOre: null };
    }
    const exempt = dto.vatExemptOre === undefined ? before.vatExemptOre : dto.vatExemptOre;
    if (exempt === null || exempt === undefined) throw badRequest(MSG.vatExemptRequired, 'VALIDATION_FAILED');
    const { value } = await this.catalog.get();
    const price = value.items.find((i) => i.id === before.id)?.priceOre ?? 0;
    if (!(exempt > 0 && exempt < price))
      throw badRequest(MSG.vatExemptBelowPrice(`${(price / 100).toFixed(2).replace('.', ',')} kr`), 'VALIDATION_FAILED');
    return { vatTreatment: treatment, vatExemptOre: exempt };
  }

  /** Launch seats left per course, as the storefront's catalogue shows them. */
  private async launchSeatsLeft(): Promise<Map<string, number | null>> {
    const { value } = await this.catalog.get();
    return new Map(value.items.map((i) => [i.id, i.launchSeatsLeft]));
  }

  private toCourse(
    c: Course,
    counts: Map<string, { all: number; published: number }>,
    seats: Map<string, number | null>,
  ): AdminCourse {
    const n = counts.get(c.id) ?? { all: 0, published: 0 };
    return {
      id: c.id as AdminCourse['id'],
      title: c.title,
      description: c.description,
      sortOrder: c.sortOrder,
      published: !!c.published,
      moduleCount: n.all,
      publishedModuleCount: n.published,
      mentorshipMonths: Number(c.mentorshipMonths ?? 0),
      launchSeatsLeft: seats.get(c.id) ?? null,
      vatTreatment: c.vatTreatment ?? 'standard',
      vatExemptOre: c.vatExemptOre === null || c.vatExemptOre === undefined ? null : Number(c.vatExemptOre),
      updatedAt: c.updatedAt.toISOString(),
    };
  }

  // ---- modules

  async listModules(query: Record<string, unknown>): Promise<ListResult<AdminModule>> {
    const params = listParamsFor(query, MODULES_LIST);
    const res = await this.content.listModules(params);
    return { ...res, rows: res.rows.map(this.toModule) };
  }

  async getModule(id: number): Promise<AdminModule> {
    const m = await this.content.findModule(id);
    if (!m) throw notFound(MSG.moduleNotFound);
    return this.toModule(m);
  }

  /** A new module; without a position it goes last in its course. */
  async createModule(dto: CreateModuleDto, actor: User): Promise<AdminModule> {
    const video = videoChanges(null, dto, this.uploads.enabled);
    const created = await this.ds.transaction(async (m) => {
      const { videoProvider: _p, videoId: _v, captionsUrl: _c, ...fields } = dto;
      const row = await this.content.createModule({ ...fields, ...video }, m);
      if (!row) throw notFound(MSG.courseNotFound);
      await this.audit.record(m, actor, {
        action: 'module.create',
        entity: 'module',
        entityId: row.id,
        before: null,
        after: this.toModule(row),
      });
      return row;
    });
    this.catalog.invalidate();
    return this.toModule(created);
  }

  async updateModule(id: number, dto: UpdateModuleDto, actor: User): Promise<AdminModule> {
    const changed = await this.ds.transaction(async (m) => {
      const before = await this.content.findModule(id, m);
      if (!before) throw notFound(MSG.moduleNotFound);
      const changes = pickChanges(before, {
        title: dto.title,
        description: dto.description === null ? '' : dto.description,
        durationMinutes: dto.durationMinutes,
        topics: dto.topics,
        ...videoChanges(before, dto, this.uploads.enabled),
        position: dto.position,
        published: dto.published,
        releaseAfterDays: dto.releaseAfterDays,
      });
      if (!changes) return false;
      await this.content.updateModule(id, changes.after as ModuleChanges, m);
      await this.audit.record(m, actor, { action: 'module.update', entity: 'module', entityId: id, ...changes });
      return true;
    });
    if (changed) this.catalog.invalidate();
    return this.getModule(id);
  }

  async deleteModule(id: number, actor: User): Promise<AdminModule> {
    const deleted = await this.ds.transaction(async (m) => {
      const before = await this.content.findModule(id, m);
      if (!before) throw notFound(MSG.moduleNotFound);
      await this.content.deleteModule(id, m);
      await this.audit.record(m, actor, {
        action: 'module.delete',
        entity: 'module',
        entityId: id,
        before: this.toModule(before),
        after: null,
      });
      return before;
    });
    this.catalog.invalidate();
    return this.toModule(deleted);
  }

  /**
   * "Last opp video": a Mux direct upload for the module (signed playback). The module keeps playing
   * what it has until Mux's webhook says the new video is ready; the panel shows «Behandles …» meanwhile.
   */
  async startVideoUpload(id: number, actor: User): Promise<VideoUploadResponse> {
    if (!(await this.content.findModule(id))) throw notFound(MSG.moduleNotFound);
    const upload = await this.uploads.create(id);
    await this.ds.transaction(async (m) => {
      const before = await this.content.findModule(id, m);
      if (!before) throw notFound(MSG.moduleNotFound);
      const after = { muxUploadId: upload.uploadId, muxAssetId: null, videoStatus: 'waiting', videoError: null };
      await this.content.updateModule(id, after, m);
      await this.audit.record(m, actor, {
        action: 'module.video_upload',
        entity: 'module',
        entityId: id,
        before: { muxUploadId: before.muxUploadId, videoStatus: before.videoStatus, videoError: before.videoError },
        after,
      });
    });
    this.catalog.invalidate();
    return upload;
  }
}

/** The fields whose given value differs from the stored one, as before/after, or null when none. */
function pickChanges<T extends object>(
  current: T,
  proposed: Partial<Record<keyof T, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(proposed)) {
    if (v === undefined) continue;
    const old = (current as Record<string, unknown>)[k];
    if (JSON.stringify(old) === JSON.stringify(v)) continue;
    before[k] = old;
    after[k] = v;
  }
  return Object.keys(after).length ? { before, after } : null;
}
