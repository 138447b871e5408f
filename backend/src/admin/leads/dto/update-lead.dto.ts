import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfPresent } from '../../common/if-present';

/** PUT/PATCH /api/admin/leads/:id — only the mentor's own fields. */
export class UpdateLeadDto {
  @IsOptional()
  @IsString({ message: 'Notatet må være tekst' })
  @MaxLength(5000, { message: 'Notatet kan være maks 5000 tegn' })
  note?: string | null;

  @IfPresent()
  @IsBoolean({ message: 'Kontaktet må være ja eller nei' })
  contacted?: boolean;
}
