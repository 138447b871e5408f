import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import type {
  BulkGrantRequest,
  CreateGrantRequest,
  CreateStudentRequest,
  ExtendMembershipRequest,
  ExtendMentorshipRequest,
  UpdateStudentRequest,
} from '@academy/contracts';
import { CATALOG_IDS, MSG, type CatalogId } from '@academy/contracts';
import { EmailField } from '../../../platform/dto/email.dto';
import { EmptyToUndefined } from '../../../platform/dto/transforms';

/** POST /api/admin/users — a passwordless student. */
export class CreateStudentDto implements CreateStudentRequest {
  @EmailField()
  email: string;
}

/** POST /api/admin/users/:id/grants — a manual grant. */
export class CreateGrantDto implements CreateGrantRequest {
  @IsIn(CATALOG_IDS, { message: MSG.unknownPlayerCourse })
  courseId: CatalogId;

  @IsOptional()
  @EmptyToUndefined()
  @IsString({ message: MSG.notText('Notatet') })
  @MaxLength(500, { message: MSG.tooLong('Notatet', 500) })
  note?: string;

  @IsOptional()
  @IsBoolean({ message: MSG.yesOrNo('Varsle eleven') })
  notify?: boolean;
}

/** POST /api/admin/users/bulk-grant — one course to the selected students. */
export class BulkGrantDto extends CreateGrantDto implements BulkGrantRequest {
  @IsArray({ message: MSG.bulkGrantIds })
  @ArrayMinSize(1, { message: MSG.bulkGrantIds })
  @ArrayMaxSize(500, { message: MSG.bulkGrantIds })
  @IsInt({ each: true, message: MSG.bulkGrantIds })
  @Min(1, { each: true, message: MSG.bulkGrantIds })
  @Max(2_147_483_647, { each: true, message: MSG.bulkGrantIds })
  userIds: number[];
}

/** PATCH /api/admin/users/:id — name, notes, and a new address for the student to confirm. */
export class UpdateStudentDto implements UpdateStudentRequest {
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: MSG.notText('Fornavnet') })
  @MaxLength(100, { message: MSG.tooLong('Fornavnet', 100) })
  firstName?: string | null;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: MSG.notText('Etternavnet') })
  @MaxLength(100, { message: MSG.tooLong('Etternavnet', 100) })
  lastName?: string | null;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: MSG.notText('Notatet') })
  @MaxLength(2000, { message: MSG.tooLong('Notatet', 2000) })
  adminNote?: string | null;

  @IsOptional()
  @EmailField()
  email?: string;
}

/** POST /api/admin/grants/:id/membership — lengthen a VIP period. */
export class ExtendMembershipDto implements ExtendMembershipRequest {
  @IsInt({ message: MSG.membershipDays })
  @Min(1, { message: MSG.membershipDays })
  @Max(730, { message: MSG.membershipDays })
  days: number;
}

/** POST /api/admin/grants/:id/mentorship — extend the mentorship period. */
export class ExtendMentorshipDto implements ExtendMentorshipRequest {
  @IsInt({ message: MSG.mentorshipDays })
  @Min(1, { message: MSG.mentorshipDays })
  @Max(365, { message: MSG.mentorshipDays })
  days: number;
}
