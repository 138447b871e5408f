import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent } from '../../common/if-present';
import type { UpdateLeadRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';

/** PUT/PATCH /api/admin/leads/:id — only the mentor's own fields. */
export class UpdateLeadDto implements UpdateLeadRequest {
  @IsOptional()
  @IsString({ message: MSG.notText('Notatet') })
  @MaxLength(5000, { message: MSG.tooLong('Notatet', 5000) })
  note?: string | null;

  @IfPresent()
  @IsBoolean({ message: MSG.yesOrNo('Kontaktet') })
  contacted?: boolean;
}
