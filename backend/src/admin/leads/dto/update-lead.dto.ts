import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { IfPresent } from '../../common/if-present';
import type { MarkLeadsContactedRequest, UpdateLeadRequest } from '@academy/contracts';
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

/** POST /api/admin/leads/contacted — the list's bulk «Merk som kontaktet». */
export class MarkLeadsContactedDto implements MarkLeadsContactedRequest {
  @IsArray({ message: MSG.leadIdsRequired })
  @ArrayMinSize(1, { message: MSG.leadIdsRequired })
  @ArrayMaxSize(1000, { message: MSG.leadIdsRequired })
  @IsInt({ each: true, message: MSG.leadIdsRequired })
  @Min(1, { each: true, message: MSG.leadIdsRequired })
  ids: number[];

  @IsBoolean({ message: MSG.yesOrNo('Kontaktet') })
  contacted: boolean;
}
