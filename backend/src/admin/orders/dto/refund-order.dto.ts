import { IsBoolean, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { Trim } from '../../../platform/dto/transforms';
import { IfPresent } from '../../common/if-present';
import type { RefundOrderRequest } from '@academy/contracts';
import { MSG } from '@academy/contracts';

/** POST /api/admin/orders/:id/refund — amount in øre (the whole remaining amount when left out). */
export class RefundOrderDto implements RefundOrderRequest {
  @IfPresent()
  @IsInt({ message: MSG.refundAmountWhole })
  @Min(1, { message: MSG.refundAmountMin })
  amount?: number;

  @Trim()
  @IsString({ message: MSG.refundReasonRequired })
  @IsNotEmpty({ message: MSG.refundReasonRequired })
  @MaxLength(500, { message: MSG.refundReasonTooLong })
  reason: string;

  /** Refund the paid upgrade whose credit this order's money is, and this order, both in full. */
  @IfPresent()
  @IsBoolean({ message: MSG.yesOrNo('withUpgrade') })
  withUpgrade?: boolean;
}
