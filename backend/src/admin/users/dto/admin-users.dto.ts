import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { CreateGrantRequest, CreateStudentRequest, ExtendMentorshipRequest } from '@academy/contracts';
import { MSG, PLAYER_COURSE_IDS, type PlayerCourseId } from '@academy/contracts';
import { EmailField } from '../../../platform/dto/email.dto';
import { EmptyToUndefined } from '../../../platform/dto/transforms';

/** POST /api/admin/users — a passwordless student. */
export class CreateStudentDto implements CreateStudentRequest {
  @EmailField()
  email: string;
}

/** POST /api/admin/users/:id/grants — a manual grant. */
export class CreateGrantDto implements CreateGrantRequest {
  @IsIn(PLAYER_COURSE_IDS, { message: MSG.unknownPlayerCourse })
  courseId: PlayerCourseId;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('Notatet') })
  @MaxLength(500, { message: MSG.tooLong('Notatet', 500) })
  note?: string;
}

/** POST /api/admin/grants/:id/mentorship — extend the mentorship period. */
export class ExtendMentorshipDto implements ExtendMentorshipRequest {
  @IsInt({ message: MSG.mentorshipDays })
  @Min(1, { message: MSG.mentorshipDays })
  @Max(365, { message: MSG.mentorshipDays })
  days: number;
}
