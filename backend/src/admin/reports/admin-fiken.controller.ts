import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { FikenBackfillResponse, FikenRetryResponse } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { FikenPostingsService } from '../../orders/fiken/fiken-postings.service';

/** Fiken in Regnskap: «Prøv igjen» on a failed posting, and queueing documents from before Fiken was set up. */
@Controller('api/admin/fiken')
@AdminOnly()
export class AdminFikenController {
  constructor(private readonly fiken: FikenPostingsService) {}

  @Post('postings/:id/retry')
  @HttpCode(200)
  retry(@Param('id', ParseIdPipe) receiptId: number, @CurrentUser() actor: User): Promise<FikenRetryResponse> {
    return this.fiken.retry(receiptId, actor);
  }

  @Post('backfill')
  @HttpCode(200)
  backfill(@CurrentUser() actor: User): Promise<FikenBackfillResponse> {
    return this.fiken.backfill(actor);
  }
}
