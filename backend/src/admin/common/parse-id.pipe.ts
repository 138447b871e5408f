import { Injectable, PipeTransform } from '@nestjs/common';
import { notFound } from '../../platform/errors/app-error';
import { MSG } from '@academy/contracts';

/** A numeric route id (1 … 2^31-1); anything else is a record that cannot exist: 404. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  transform(raw: string | number): number {
    // The global ValidationPipe (transform: true) has already turned `id: number` params into numbers.
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647)
      throw notFound(MSG.recordNotFound);
    return Number(value);
  }
}
