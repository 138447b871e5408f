import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { join } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import { MENTOR_MSG } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { AppError, notFound } from '../../platform/errors/app-error';
import { osloDate, osloDayStart } from '../../platform/time/oslo-time';
import { Clock } from '../../platform/time/clock';
import { MentorImage } from '../entities/mentor-image.entity';
import type { MentorFormLimits, UploadedFile } from './mentor-form';
import { processImage, removeImages, storeImage, studentDir, thumbName, type ProcessedImage } from './mentor-images';

/**
 * A write let in before its body is read: the limits to read the form with, and `release` to call
 * when the request is over (the image bytes it was receiving stop counting as in flight).
 */
export interface Admission {
  limits: MentorFormLimits;
  release: () => void;
}

/** A stored image to answer with: the file and its type. */
export interface ImageFile {
  path: string;
  contentType: string;
}

/** An image written to disk, waiting for its rows. */
export interface StoredImage {
  fileName: string;
  img: ProcessedImage;
  studentId: number;
}

/**
 * The mentor inbox's chart images: decoded and stored before their rows are written, served behind
 * authorisation, and the student's daily allowance of image bytes (MENTOR_IMAGE_MB_PER_DAY), counted
 * as a form's chunks arrive and again under the student's lock when the rows are written.
 */
@Injectable()
export class MentorImagesService {
  /**
   * Image bytes each student is uploading right now in this process (received, not yet stored or
   * refused): parallel requests share what is left of the day, so they cannot each buffer all of it.
   */
  private readonly inFlight = new Map<number, number>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly users: UserReader,
    private readonly clock: Clock,
  ) {}

  /** MENTOR_IMAGE_MB_PER_DAY in bytes. */
  private get imageBytesPerDay(): number {
    return this.cfg.mentorImageMbPerDay * 1024 * 1024;
  }

  /** Bytes of chart images the student uploaded today (Oslo time), threads and replies together (never the mentor's). */
  async imageBytesToday(userId: number, m: EntityManager = this.ds.manager): Promise<number> {
    const dayStart = osloDayStart(osloDate(this.clock.now()))!;
    const row = await m
      .getRepository(MentorImage)
      .createQueryBuilder('i')
      .select('COALESCE(SUM(i.uploadBytes), 0)', 'used')
      .where('i.userId = :userId AND i.createdAt >= :dayStart', { userId, dayStart })
      .getRawOne<{ used: number | string }>();
    return Number(row?.used ?? 0);
  }

  private tooManyImageBytes(left: number): AppError {
    return new AppError(429, 'TOO_MANY_REQUESTS', MENTOR_MSG.dailyImageBytes(this.cfg.mentorImageMbPerDay, left), {
      field: 'images',
    });
  }

  /**
   * What the form may carry: the image bytes left of the student's day, less what the student's other
   * requests are receiving now. Each chunk is counted as it arrives, before it is kept.
   */
  async admit(userId: number): Promise<Admission> {
    const used = await this.imageBytesToday(userId);
    let mine = 0;
    return {
      limits: {
        imageBytes: (bytes) => {
          const receiving = this.inFlight.get(userId) ?? 0;
          // What is left for this request: the day's rest less what the student's other requests are receiving.
          if (used + receiving + bytes > this.imageBytesPerDay)
            throw this.tooManyImageBytes(this.imageBytesPerDay - used - (receiving - mine));
          mine += bytes;
          this.inFlight.set(userId, receiving + bytes);
        },
      },
      release: () => {
        const rest = (this.inFlight.get(userId) ?? 0) - mine;
        mine = 0;
        if (rest > 0) this.inFlight.set(userId, rest);
        else this.inFlight.delete(userId);
      },
    };
  }

  /** Image bytes the student's requests are receiving in this process now. */
  imageBytesInFlight(userId: number): number {
    return this.inFlight.get(userId) ?? 0;
  }

  /**
   * In a student's writing transaction, first: the student's row is locked (MySQL; SQLite runs one
   * transaction at a time), so what is counted next stays true until this write commits. The day's
   * image bytes with these images must stay within MENTOR_IMAGE_MB_PER_DAY.
   */
  async lockAndCheckImages(m: EntityManager, userId: number, stored: StoredImage[]): Promise<void> {
    await this.users.lockForUpdate(userId, m);
    if (stored.length === 0) return;
    const used = await this.imageBytesToday(userId, m);
    const adding = stored.reduce((n, s) => n + s.img.sourceBytes, 0);
    if (used + adding > this.imageBytesPerDay) throw this.tooManyImageBytes(this.imageBytesPerDay - used);
  }

  /** An image's file, for its student and for admins only (404 for everyone else). */
  async image(viewer: User, id: number, thumb: boolean): Promise<ImageFile> {
    const img = await this.ds.getRepository(MentorImage).findOneBy({ id });
    if (!img || (viewer.role !== 'admin' && img.userId !== viewer.id)) throw notFound(MENTOR_MSG.imageNotFound);
    const dir = studentDir(this.cfg.uploadDir, img.userId);
    return thumb
      ? { path: join(dir, thumbName(img.fileName)), contentType: 'image/webp' }
      : { path: join(dir, img.fileName), contentType: img.contentType };
  }

  /**
   * Decodes and stores the images first (outside any transaction), then runs `write` in one
   * transaction with the stored names; when the write fails, the files are removed again.
   */
  async withImages<T>(
    studentId: number,
    files: UploadedFile[],
    max: number,
    write: (m: EntityManager, stored: StoredImage[]) => Promise<T>,
  ): Promise<T> {
    if (files.length > max) throw new AppError(400, 'VALIDATION_FAILED', MENTOR_MSG.tooManyImages, { field: 'images' });
    const processed: ProcessedImage[] = [];
    for (const f of files) processed.push(await processImage(f));
    const stored: StoredImage[] = [];
    try {
      for (const img of processed)
        stored.push({ fileName: await storeImage(this.cfg.uploadDir, studentId, img), img, studentId });
      return await this.ds.transaction((m) => write(m, stored));
    } catch (err) {
      await removeImages(
        this.cfg.uploadDir,
        studentId,
        stored.map((s) => s.fileName),
      );
      throw err;
    }
  }
}
