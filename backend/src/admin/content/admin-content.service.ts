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
  type AdminSettings,
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
import { SiteSettingsService } from '../../catalog/site-settings.service';
import type { Course } from '../../catalog/entities/course.entity';
import type { CourseModule } from '../../catalog/entities/course-module.entity';
import { VideoUploadsService } from '../../catalog/video/video-uploads.service';
import {
  DEFAULT_OVERLAY_TEXT,
  SETTING_MENTOR_BOOKING_URL,
  SETTING_OVERLAY_TEXT,
  SETTING_STUDENT_COUNT_THRESHOLD,
} from '../../catalog/catalog.seed';
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
 * Course texts, modules and the video overlay text. Every change is audited in its transaction,
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
    private readonly site: SiteSettingsService,
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
      });
      if (!changes) return false;
      await this.content.updateCourse(id, changes.after as CourseChanges, m);
      await this.audit.record(m, actor, { action: 'course.update', entity: 'course', entityId: id, ...changes });
      return true;
    });
    if (changed) this.catalog.invalidate();
    return this.getCourse(id);
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

  // ---- settings

  async getSettings(): Promise<AdminSettings> {
    return {
      id: 'site',
      videoOverlayText: (await this.site.storedOverlayText()) ?? DEFAULT_OVERLAY_TEXT,
      mentorBookingUrl: await this.site.mentorBookingUrl(),
      studentCountThreshold: await this.site.studentCountThreshold(),
    };
  }

  /** Saves from how many students the pages show the count, audited; the catalogue is rebuilt. */
  private async updateStudentCountThreshold(value: number | undefined, actor: User): Promise<void> {
    if (value === undefined) return;
    const changed = await this.ds.transaction(async (m) => {
      const before = await this.site.studentCountThreshold(m);
      if (before === value) return false;
      await this.site.saveStudentCountThreshold(value, m);
      await this.audit.record(m, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: SETTING_STUDENT_COUNT_THRESHOLD,
        before: { studentCountThreshold: before },
        after: { studentCountThreshold: value },
      });
      return true;
    });
    if (changed) this.catalog.invalidate();
  }

  /** Saves the mentor's booking link when given (blank or null removes it), audited. */
  private async updateBookingUrl(value: string | null | undefined, actor: User): Promise<void> {
    if (value === undefined) return;
    await this.ds.transaction(async (m) => {
      const before = await this.site.mentorBookingUrl(m);
      if (before === value) return;
      await this.site.saveMentorBookingUrl(value, m);
      await this.audit.record(m, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: SETTING_MENTOR_BOOKING_URL,
        before: { mentorBookingUrl: before },
        after: { mentorBookingUrl: value },
      });
    });
  }

  async updateSettings(
    videoOverlayText: string | undefined,
    actor: User,
    mentorBookingUrl?: string | null,
    studentCountThreshold?: number,
  ): Promise<AdminSettings> {
    if (videoOverlayText === undefined && mentorBookingUrl === undefined && studentCountThreshold === undefined)
      throw badRequest(MSG.validation, 'VALIDATION_FAILED');
    await this.updateBookingUrl(mentorBookingUrl, actor);
    await this.updateStudentCountThreshold(studentCountThreshold, actor);
    if (videoOverlayText !== undefined) await this.updateOverlayText(videoOverlayText, actor);
    return this.getSettings();
  }

  private async updateOverlayText(videoOverlayText: string, actor: User): Promise<void> {
    const changed = await this.ds.transaction(async (m) => {
      const stored = await this.site.storedOverlayText(m);
      const before = stored ?? DEFAULT_OVERLAY_TEXT;
      if (stored !== null && before === videoOverlayText) return false;
      await this.site.saveOverlayText(videoOverlayText, m);
      await this.audit.record(m, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: SETTING_OVERLAY_TEXT,
        before: { videoOverlayText: before },
        after: { videoOverlayText },
      });
      return true;
    });
    if (changed) {
      // Refreshes this instance's cached copy at once (the row already holds the same value).
      await this.site.setOverlayText(videoOverlayText);
      this.catalog.invalidate();
    }
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
