import type { UpdateAccountNameRequest } from '@academy/contracts';
import { PersonName } from '../../platform/dto/person-name';

/** PATCH /api/account */
export class UpdateAccountNameDto implements UpdateAccountNameRequest {
  @PersonName('first')
  firstName: string;

  @PersonName('last')
  lastName: string;
}
