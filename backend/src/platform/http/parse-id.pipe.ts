import { Injectable, PipeTransform } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import { notFound } from '../errors/app-error';

/**
 * A numeric route id (1 … 2^31-1). Anything else names a record that cannot exist: 404 with
 * `message` (the generic "not found" unless the resource has its own).
 */
export function parseId(raw: string | number, message: string = MSG.recordNotFound): number {
  // The global ValidationPipe (transform: true) may already have turned `id: number` params into numbers.
  const value = typeof raw === 'number' ? String(raw) : raw;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound(message);
  return Number(value);
}

/** `@Param('id', ParseIdPipe)`: the route id as a number, or 404 (see {@link parseId}). */
@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  transform(raw: string | number): number {
    return parseId(raw);
  }
}
