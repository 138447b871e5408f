import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { MENTOR_IMAGE_MAX_SIDE, MENTOR_MAX_IMAGE_PIXELS, MENTOR_MSG } from '@academy/contracts';
import { AppError } from '../../platform/errors/app-error';
import { lazyDefault } from '../../platform/modules/lazy-module';
import type { UploadedFile } from './mentor-form';

// Loaded with the first chart image (libvips is large; most processes never need it).
const loadSharp = lazyDefault<typeof Sharp>('sharp');
let configured = false;

/**
 * sharp, set up for a web process on first use: one libvips thread per image (the parallelism is
 * {@link DECODE_SLOTS}, not threads inside one image) and no operation cache (it kept decoded
 * images in memory after the answer).
 */
function sharp(): typeof Sharp {
  const s = loadSharp();
  if (!configured) {
    s.concurrency(1);
    s.cache(false);
    configured = true;
  }
  return s;
}

/** Longest side of a thumbnail, in pixels. */
export const THUMB_SIDE = 480;
/** Decoding refuses images with more pixels than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = MENTOR_MAX_IMAGE_PIXELS;
/**
 * Images decoded at the same time in this process; the others wait their turn, in order. Six
 * parallel replies with four 25-megapixel images each (bench/mentor-images.mjs) peaked at about
 * 340 MB with one slot and 450 MB with two (620 MB with no limit), and took no longer on two cores:
 * one image at a time also leaves a core to the other requests.
 */
export const DECODE_SLOTS = 1;

/** A counting semaphore: at most `slots` holders at a time, the others served in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (active stays the same), or is given back.
      if (next) next();
      else this.active--;
    }
  }

  /** Holders now, and callers waiting (for tests and metrics). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}

/** The process's one decoding queue. */
export const decoding = new Semaphore(DECODE_SLOTS);

const OUTPUT: Record<string, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};

/** An image decoded and re-encoded, ready to be written. */
export interface ProcessedImage {
  data: Buffer;
  thumb: Buffer;
  ext: string;
  contentType: string;
  width: number;
  height: number;
  /** The upload's size as it came (what counts against the student's day). */
  sourceBytes: number;
}

/**
 * Decodes an upload and encodes it anew: only PNG, JPEG and WebP (judged by decoding, never by name
 * or declared type), turned upright by its EXIF orientation, every metadata block dropped (sharp
 * writes none unless asked), the long side at most 2 560 px, in the format it came in; plus a WebP
 * thumbnail. Anything that does not decode is refused with a Norwegian message naming the file; an
 * image over 25 megapixels is refused from its header, before any pixel is decoded. The decoding
 * itself waits for one of the process's {@link DECODE_SLOTS}.
 */
export async function processImage(file: UploadedFile): Promise<ProcessedImage> {
  const refused = () => new AppError(400, 'VALIDATION_FAILED', MENTOR_MSG.notAnImage(file.filename), { field: 'images' });
  const s = sharp();
  let meta: Metadata;
  try {
    // Only the header is read here: cheap whatever the canvas claims.
    meta = await s(file.data, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw refused();
  }
  const out = meta.format ? OUTPUT[meta.format] : undefined;
  if (!out) throw refused();
  // One page's canvas (an animated WebP is read as its first frame).
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', MENTOR_MSG.tooManyPixels(file.filename, width, height), { field: 'images' });
  return decoding.run(() => encode(s, file, out, refused));
}

async function encode(
  s: typeof Sharp,
  file: UploadedFile,
  out: { ext: string; contentType: string },
  refused: () => AppError,
): Promise<ProcessedImage> {
  try {
    const base = s(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: MENTOR_IMAGE_MAX_SIDE, height: MENTOR_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      out.ext === 'png'
        ? base.png({ compressionLevel: 8 })
        : out.ext === 'jpg'
          ? base.jpeg({ quality: 85 })
          : base.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await s(data)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      data,
      thumb,
      ext: out.ext,
      contentType: out.contentType,
      width: info.width,
      height: info.height,
      sourceBytes: file.data.length,
    };
  } catch {
    throw refused();
  }
}

/** The folder of one student's images (the mentor's attachments in that student's threads too). */
export const studentDir = (uploadDir: string, userId: number): string => join(resolve(uploadDir), 'mentor', String(userId));

export const thumbName = (fileName: string): string => `${fileName}.thumb.webp`;

/** Writes an image and its thumbnail under the student's folder; answers the stored file name. */
export async function storeImage(uploadDir: string, userId: number, img: ProcessedImage): Promise<string> {
  const dir = studentDir(uploadDir, userId);
  await mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.${img.ext}`;
  await writeFile(join(dir, fileName), img.data, { flag: 'wx' });
  await writeFile(join(dir, thumbName(fileName)), img.thumb, { flag: 'wx' });
  return fileName;
}

/** Removes stored images (a write that did not commit); missing files are fine. */
export async function removeImages(uploadDir: string, userId: number, fileNames: string[]): Promise<void> {
  const dir = studentDir(uploadDir, userId);
  await Promise.all(fileNames.flatMap((f) => [rm(join(dir, f), { force: true }), rm(join(dir, thumbName(f)), { force: true })]));
}

/** Erasure: the student's whole folder. */
export async function removeStudentImages(uploadDir: string, userId: number): Promise<void> {
  await rm(studentDir(uploadDir, userId), { recursive: true, force: true });
}
