import { Module } from '@nestjs/common';
import { FulfilmentService } from './fulfilment.service';
import { OrderEventsService } from './order-events';
import { RefundsService } from './refunds.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { STRIPE_CLIENT, stripeProvider } from './stripe.provider';

/**
 * Stripe (one client from configuration), the webhook, the one fulfilment, refunds and the order
 * events. Other modules import this module for `RefundsService` (admin refunds) and
 * `OrderEventsService` (receipts by e-mail).
 */
@Module({
  controllers: [StripeWebhookController],
  providers: [stripeProvider, OrderEventsService, FulfilmentService, RefundsService, StripeWebhookService],
  exports: [STRIPE_CLIENT, OrderEventsService, FulfilmentService, RefundsService],
})
export class PaymentsModule {}
