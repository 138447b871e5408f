import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { MSG, type AdminPaymentReview } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { PaymentReviewsService } from '../../orders/subscriptions/payment-reviews.service';
import { notFound } from '../../platform/errors/app-error';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';

/** Renewal payments that renewed nothing (the work queue): the open ones, and «Merk som behandlet» (audited). */
@Controller('api/admin/payment-reviews')
@AdminOnly()
export class AdminPaymentReviewsController {
  constructor(private readonly reviews: PaymentReviewsService) {}

  @Get()
  list(): Promise<AdminPaymentReview[]> {
    return this.reviews.listOpen();
  }

  @Post(':id/resolve')
  @HttpCode(200)
  async resolve(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminPaymentReview> {
    const review = await this.reviews.resolve(id, actor);
    if (!review) throw notFound(MSG.paymentReviewNotFound);
    return review;
  }
}
