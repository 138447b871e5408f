import { isMysql } from '../platform/database/dialect';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { CatalogResponse } from '@academy/contracts';
import { CATALOG_SEED } from './catalog.data';
import { Course } from './entities/course.entity';

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
  private readonly listeners = new Set<() => void>();
  /** Who counts the students: access owns the grants and registers it (it sits above the catalogue). */
  private studentCount: () => Promise<number> = () => Promise.resolve(0);

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The catalogue when the copy in memory is current, else null (then {@link get} builds it). */
  fresh(): Cached | null {
    return this.cached && Date.now() - this.cached.builtAt < TTL_MS ? this.cached : null;
  }

  async get(): Promise<Cached> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  /** Call after anything the catalogue shows has changed (course texts, modules, a new student). */
  invalidate(): void {
    this.cached = null;
    for (const l of this.listeners) l();
  }

  /** Registers the count of distinct students with an active paid course (called once, by access). */
  countStudentsWith(count: () => Promise<number>): void {
    this.studentCount = count;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async build(): Promise<Cached> {
    const courses = await this.ds.getRepository(Course).find();
    const byId = new Map(courses.map((c) => [c.id, c]));
    const counts: Array<{ courseId: string; n: number | string }> = await this.ds.query(
      isMysql(this.ds)
        ? 'SELECT `courseId`, COUNT(*) AS n FROM `modules` WHERE `published` = 1 GROUP BY `courseId`'
        : 'SELECT "courseId", COUNT(*) AS n FROM "modules" WHERE "published" = 1 GROUP BY "courseId"',
    );
    const countOf = new Map(counts.map((r) => [r.courseId, Number(r.n)]));
    const studentCount = await this.studentCount();
    const value: CatalogResponse = {
      currency: 'NOK',
      studentCount,
      items: CATALOG_SEED.map((s) => {
        const c = byId.get(s.id);
        return {
          id: s.id,
          kind: s.kind,
          title: c?.title ?? s.title,
          description: c?.description ?? s.description,
          shortDescription: s.shortDescription,
          features: [...s.features],
          priceOre: s.priceOre,
          beforePriceOre: s.beforePriceOre,
          discountOre: s.beforePriceOre ? s.beforePriceOre - s.priceOre : 0,
          valueOre: s.valueOre ?? null,
          soldByCheckout: s.soldByCheckout,
          popular: !!s.popular,
          color: s.color,
          icon: s.icon,
          moduleCount: countOf.get(s.id) ?? 0,
        };
      }),
    };
    const json = JSON.stringify(value);
    const body = Buffer.from(json, 'utf8');
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    this.cached = { value, json, body, etag, builtAt: Date.now() };
    return this.cached;
  }
}
