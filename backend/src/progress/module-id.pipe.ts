import { Injectable, PipeTransform } from '@nestjs/common';
import { badRequest } from '../common/app-error';

/** A module id from the URL: a positive integer in the database's int range, else 400. */
@Injectable()
export class ModuleIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
      throw badRequest('Ugyldig modul-id', 'VALIDATION_FAILED');
    }
    return Number(value);
  }
}
