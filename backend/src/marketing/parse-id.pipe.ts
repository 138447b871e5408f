import { Injectable, PipeTransform } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import { notFound } from '../platform/errors/app-error';

/** A numeric route id (1 … 2^31-1), as the admin API takes it; anything else: 404. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  transform(raw: string | number): number {
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647)
      throw notFound(MSG.recordNotFound);
    return Number(value);
  }
}
