import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PLAYER_COURSE_IDS, type PlayerCourseId } from '@academy/contracts';
import { EmailField } from '../../../platform/dto/email.dto';
import { EmptyToUndefined } from '../../../platform/dto/transforms';

/** POST /api/admin/users — a passwordless student. */
export class CreateStudentDto {
  @EmailField()
  email: string;
}

/** POST /api/admin/users/:id/grants — a manual grant. */
export class CreateGrantDto {
  @IsIn(PLAYER_COURSE_IDS, { message: 'Ukjent kurs' })
  courseId: PlayerCourseId;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: 'Notatet må være tekst' })
  @MaxLength(500, { message: 'Notatet kan være maks 500 tegn' })
  note?: string;
}
