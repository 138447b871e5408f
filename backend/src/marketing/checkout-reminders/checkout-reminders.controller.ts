import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CheckoutReminderRestore } from '@academy/contracts';
import { CheckoutRemindersService } from './checkout-reminders.service';

/** The reminder's link: the checkout as the buyer left it (signed token, no login). */
@Controller('api/checkout-reminders')
export class CheckoutRemindersController {
  constructor(private readonly reminders: CheckoutRemindersService) {}

  @Get(':token')
  restore(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<CheckoutReminderRestore> {
    reply.header('cache-control', 'no-store');
    return this.reminders.restore(token);
  }
}
