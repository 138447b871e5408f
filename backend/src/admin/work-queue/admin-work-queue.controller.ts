import { Controller, Get } from '@nestjs/common';
import type { AdminWorkQueue } from '@academy/contracts';
import { AdminQuestionsService } from '../../community/admin-questions.service';
import { MentorThreadsService } from '../../community/mentor/mentor-threads.service';
import { AdminOnly } from '../../identity/current-user.decorator';
import { OrderRecordsService } from '../../orders/order-records.service';
import { PaymentReviewsService } from '../../orders/subscriptions/payment-reviews.service';
import { AdminOutboxService } from '../../outbox/admin-outbox.service';

/** The mentor's work queue: five counts, each from the module that owns the rows. */
@Controller('api/admin/work-queue')
@AdminOnly()
export class AdminWorkQueueController {
  constructor(
    private readonly questions: AdminQuestionsService,
    private readonly threads: MentorThreadsService,
    private readonly outbox: AdminOutboxService,
    private readonly orders: OrderRecordsService,
    private readonly reviews: PaymentReviewsService,
  ) {}

  @Get()
  async get(): Promise<AdminWorkQueue> {
    const [unansweredQuestions, waitingThreads, failedMails, refusalsAwaitingRefund, paymentsToReview] = await Promise.all([
      this.questions.countUnanswered(),
      this.threads.countWaiting(),
      this.outbox.countFailed(),
      this.orders.countRefusalsAwaitingRefund(),
      this.reviews.countOpen(),
    ]);
    return { unansweredQuestions, waitingThreads, failedMails, refusalsAwaitingRefund, paymentsToReview };
  }
}
