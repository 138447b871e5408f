import type { Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MENTOR_MAX_IMAGE_BYTES, MENTOR_MSG } from '@academy/contracts';
import { AppError } from '../../platform/errors/app-error';
import { createValidationPipe } from '../../platform/http/validation.pipe';

/** A file of the form, read whole (at most MENTOR_MAX_IMAGE_BYTES: the limit stops the stream beyond it). */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface MentorForm<T> {
  fields: T;
  files: UploadedFile[];
}

const pipe = createValidationPipe();

/** What a route allows beyond the DTO's rules. */
export interface MentorFormLimits {
  /**
   * Told of every chunk of image bytes as it arrives, before it is kept; it throws (the answer) when
   * the bytes would pass what the student has left today, and the reading stops there.
   */
  imageBytes?: (bytes: number) => void;
}

/** Errors @fastify/multipart raises while streaming (its codes), as the API's Norwegian answers. */
function formError(err: unknown, maxFiles: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', MENTOR_MSG.imageTooLarge, { field: 'images' });
  if (code === 'FST_FILES_LIMIT')
    return new AppError(400, 'VALIDATION_FAILED', maxFiles === 1 ? MENTOR_MSG.mentorOneImage : MENTOR_MSG.tooManyImages, {
      field: 'images',
    });
  return new AppError(400, 'BAD_REQUEST', MENTOR_MSG.badForm);
}

/**
 * The request's fields and images, validated with the DTO's rules: JSON (text only), or
 * multipart/form-data (the CSRF rule admits it on the upload routes only) with text fields and up to
 * `maxFiles` files in `images`. The multipart limits are enforced while the body streams in: a file
 * over 8 MB, a file too many, too many or too long fields stop the reading with a 4xx.
 */
export async function readMentorForm<T extends object>(
  req: FastifyRequest,
  dto: Type<T>,
  maxFiles: number,
  limits: MentorFormLimits = {},
): Promise<MentorForm<T>> {
  if (!req.isMultipart()) {
    const fields = (await pipe.transform(req.body, { type: 'body', metatype: dto })) as T;
    return { fields, files: [] };
  }
  const raw: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    const parts = req.parts({
      limits: {
        fileSize: MENTOR_MAX_IMAGE_BYTES,
        files: maxFiles,
        fields: 8,
        fieldSize: 64 * 1024,
        parts: maxFiles + 8,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') {
          await part.toBuffer().catch(() => undefined);
          throw new AppError(400, 'VALIDATION_FAILED', MENTOR_MSG.unknownField(part.fieldname.slice(0, 40)), { field: 'images' });
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          limits.imageBytes?.(chunk.length);
          chunks.push(chunk);
        }
        // @fastify/multipart marks a file cut at MENTOR_MAX_IMAGE_BYTES (throwFileSizeLimit throws it on toBuffer only).
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        const data = Buffer.concat(chunks);
        // A file input left empty sends a part without a name and without bytes.
        if (data.length === 0 && !part.filename) continue;
        files.push({ filename: (part.filename || 'bilde').slice(0, 120), data });
      } else {
        if (part.fieldname in raw || typeof part.value !== 'string') throw new AppError(400, 'BAD_REQUEST', MENTOR_MSG.badForm);
        raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw formError(err, maxFiles);
  }
  const fields = (await pipe.transform(raw, { type: 'body', metatype: dto })) as T;
  return { fields, files };
}
