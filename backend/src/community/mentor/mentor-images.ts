import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type Sharp from 'sharp';
import { MENTOR_IMAGE_MAX_SIDE, MENTOR_MSG } from '@academy/contracts';
import { AppError } from '../../platform/errors/app-error';
import { lazyDefault } from '../../platform/modules/lazy-module';
import type { UploadedFile } from './mentor-form';

// Loaded with the first chart image (libvips is large; most processes never need it).
const sharp = lazyDefault<typeof Sharp>('sharp');

/** Longest side of a thumbnail, in pixels. */
export const THUMB_SIDE = 480;
/** Decoding refuses images with more pixels than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 100_000_000;

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
}

/**
 * Decodes an upload and encodes it anew: only PNG, JPEG and WebP (judged by decoding, never by name
 * or declared type), turned upright by its EXIF orientation, every metadata block dropped (sharp
 * writes none unless asked), the long side at most 2 560 px, in the format it came in; plus a WebP
 * thumbnail. Anything that does not decode is refused with a Norwegian message naming the file.
 */
export async function processImage(file: UploadedFile): Promise<ProcessedImage> {
  const refused = () => new AppError(400, 'VALIDATION_FAILED', MENTOR_MSG.notAnImage(file.filename), { field: 'images' });
  const s = sharp();
  let format: string | undefined;
  try {
    const meta = await s(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    format = meta.format;
  } catch {
    throw refused();
  }
  const out = format ? OUTPUT[format] : undefined;
  if (!out) throw refused();
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
    return { data, thumb, ext: out.ext, contentType: out.contentType, width: info.width, height: info.height };
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
