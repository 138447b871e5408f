import { isMysql } from '../platform/database/dialect';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { CatalogResponse } from '@academy/contracts';
import { EventBus } from '../platform/events';
import { CATALOG_SEED } from './catalog.data';
import { Course } from './entities/course.entity';
import { LaunchSeatsService, priceWith } from './launch-seats.service';
import { SiteSettingsService } from './site-settings.service';
import { STUDENT_COUNT, type StudentCount } from './student-count';

const TTL_MS = 30_000;

interface Cached {
  value: CatalogResponse;
  json: string;
  /** The JSON as UTF-8 bytes, encoded once instead of on every answer. */
  body: Buffer;
  etag: string;
  builtAt: number;
}

/**
 * The one catalogue: prices from contracts/catalog.ts, texts and module counts from the database,
 * and the real number of students. Kept in memory; rebuilt after changes or every 30 s.
 */
@Injectable()
export class CatalogService {
  private cached: Cached | null = null;
  private building: Promise<Cached> | null = null;
  /** The ETag of the last build, to notice a change that came from elsewhere. */
  private lastEtag: string | null = null;
  /** Counts invalidate() calls: a build that began before one is not kept (it may have read the old state). */
  private generation = 0;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly launch: LaunchSeatsService,
    private readonly events: EventBus,
    /** Access owns the grants and counts the students (it sits above the catalogue). */
    @Inject(STUDENT_COUNT) private readonly students: StudentCount,
    private readonly site: SiteSettingsService,
  ) {}

  /**
   * The catalogue when a copy is in memory, else null (then {@link get} builds it). A copy older than
   * TTL_MS (a change made here invalidates it at once; the age is for changes made elsewhere) still
   * answers while its rebuild runs in the background: before, every answer waited for the rebuild,
   * on Fastify's slower path, each 30 s (issue 47, bench/results.md).
   */
  fresh(): Cached | null {
    const c = this.cached;
    if (c !== null && Date.now() - c.builtAt >= TTL_MS) void this.rebuild().catch(() => undefined);
    return c;
  }

  async get(): Promise<Cached> {
    return this.fresh() ?? this.rebuild();
  }

  private rebuild(): Promise<Cached> {
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  /** Call after anything the catalogue shows has changed (course texts, modules, a new student, a launch seat taken). */
  invalidate(): void {
    this.generation++;
    this.cached = null;
    // The handlers hear of this change now; the rebuild need not tell them again.
    this.lastEtag = null;
    this.changed();
  }

  /** `catalog.changed`: its handlers (cached course texts, the server-rendered pages) start at once. */
  private changed(): void {
    void this.events.emit('catalog.changed', {});
  }

  private async build(): Promise<Cached> {
    const generation = this.generation;
    const courses = await this.ds.getRepository(Course).find();
    const byId = new Map(courses.map((c) => [c.id, c]));
    // The published modules in the player's order: their number and titles (one source for pages and player).
    const published: Array<{ courseId: string; title: string }> = await this.ds.query(
      isMysql(this.ds)
        ? 'SELECT `courseId`, `title` FROM `modules` WHERE `published` = 1 ORDER BY `courseId`, `position`, `id`'
        : 'SELECT "courseId", "title" FROM "modules" WHERE "published" = 1 ORDER BY "courseId", "position", "id"',
    );
    const titlesOf = new Map<string, string[]>();
    for (const r of published) titlesOf.set(r.courseId, [...(titlesOf.get(r.courseId) ?? []), r.title]);
    const studentCount = await this.students.count();
    const studentCountThreshold = await this.site.studentCountThreshold();
    // Launch seats taken per course: the launch price and its before-price hold only while seats are left.
    const taken = await this.launch.takenByCourse();
    const value: CatalogResponse = {
      currency: 'NOK',
      studentCount,
      studentCountThreshold,
      launchSeats: this.launch.total,
      items: CATALOG_SEED.map((s) => {
        const c = byId.get(s.id);
        const price = priceWith(s, taken.get(s.id) ?? 0, this.launch.total);
        return {
          id: s.id,
          kind: s.kind,
          title: c?.title ?? s.title,
          description: c?.description ?? s.description,
          shortDescription: s.shortDescription,
          features: [...s.features],
          priceOre: price.priceOre,
          beforePriceOre: price.beforePriceOre,
          discountOre: price.discountOre,
          valueOre: s.valueOre ?? null,
          soldByCheckout: s.soldByCheckout,
          popular: !!s.popular,
          color: s.color,
          icon: s.icon,
          moduleCount: titlesOf.get(s.id)?.length ?? 0,
          moduleTitles: titlesOf.get(s.id) ?? [],
          launchSeatsLeft: price.launchSeatsLeft,
          vatTreatment: c?.vatTreatment ?? 'standard',
        };
      }),
    };
    const json = JSON.stringify(value);
    const body = Buffer.from(json, 'utf8');
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    // Invalidated while this build read: build again from the new state.
    if (generation !== this.generation) return this.build();
    const previous = this.lastEtag;
    this.lastEtag = etag;
    this.cached = { value, json, body, etag, builtAt: Date.now() };
    // Changed without an invalidate() here (another instance sold the last launch seat, say): the
    // handlers (the server-rendered pages) hear of it too.
    if (previous !== null && previous !== etag) this.changed();
    return this.cached;
  }
}
