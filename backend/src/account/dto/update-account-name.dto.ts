import { PersonName } from '../../platform/dto/person-name';

/** PATCH /api/account */
export class UpdateAccountNameDto {
  @PersonName('first')
  firstName: string;

  @PersonName('last')
  lastName: string;
}
