import { IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { Trim } from '../../../platform/dto/transforms';
import { IfPresent } from '../../common/if-present';

/** POST /api/admin/orders/:id/refund — amount in øre (the whole remaining amount when left out). */
export class RefundOrderDto {
  @IfPresent()
  @IsInt({ message: 'Beløpet må være et helt antall øre' })
  @Min(1, { message: 'Beløpet må være minst 1 øre' })
  amount?: number;

  @Trim()
  @IsString({ message: 'Skriv en begrunnelse for refusjonen' })
  @IsNotEmpty({ message: 'Skriv en begrunnelse for refusjonen' })
  @MaxLength(500, { message: 'Begrunnelsen kan være maks 500 tegn' })
  reason: string;
}
