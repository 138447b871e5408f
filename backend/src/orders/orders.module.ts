import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { AuditModule } from '../platform/audit/audit.module';
import { SecurityModule } from '../platform/security/security.module';
import { CampaignCodesController } from './pricing/campaign-codes.controller';
import { CampaignCodesService } from './pricing/campaign-codes.service';
import { CheckoutPricingService } from './pricing/checkout-pricing.service';
import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutService } from './checkout/checkout.service';
import { CheckoutStatusService } from './checkout/checkout-status.service';
import { DemoCheckoutService } from './checkout/demo-checkout.service';
import { CampaignCode } from './entities/campaign-code.entity';
import { Order } from './entities/order.entity';
import { Receipt, ReceiptSequence } from './entities/receipt.entity';
import { Refund } from './entities/refund.entity';
import { PaymentReview } from './entities/payment-review.entity';
import { Subscription } from './entities/subscription.entity';
import { FikenPosting } from './entities/fiken-posting.entity';
import { FikenRoundLease } from './entities/fiken-round-lease.entity';
import { FikenClient } from './fiken/fiken-client';
import { FikenPostingWorker } from './fiken/fiken-posting.worker';
import { FikenPostingsService } from './fiken/fiken-postings.service';
import { WebhookEvent } from './entities/webhook-event.entity';
import { FirstTouchService } from './checkout/first-touch.service';
import { FulfilmentService } from './fulfilment.service';
import { OrderRecordsService } from './order-records.service';
import { RefundLedger } from './refunds/refund-ledger.service';
import { RefundsService } from './refunds/refunds.service';
import { StripeRefundsService } from './refunds/stripe-refunds.service';
import { VippsRefundsService } from './refunds/vipps-refunds.service';
import { RefusedRefunds } from './refunds/refused-refunds';
import { ReceiptsController } from './receipts/receipts.controller';
import { SalesReportService } from './reports/sales-report.service';
import { StripeFeesService } from './stripe/stripe-fees.service';
import { ReceiptsService } from './receipts/receipts.service';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';
import { StripeCheckoutService } from './stripe/stripe-checkout.service';
import { StripeWebhookService } from './stripe/stripe-webhook.service';
import { STRIPE_CLIENT, stripeProvider } from './stripe/stripe.provider';
import { vippsApiProvider } from './vipps/vipps-api';
import { VippsPaymentsService } from './vipps/vipps-payments.service';
import { VippsWebhookController } from './vipps/vipps-webhook.controller';
import { VippsWebhookService } from './vipps/vipps-webhook.service';
import { StripeSubscriptionEvents } from './subscriptions/stripe-subscription-events.service';
import { PaymentReviewsService } from './subscriptions/payment-reviews.service';
import { RenewalOrdersService } from './subscriptions/renewal-orders.service';
import { SubscriptionRecords } from './subscriptions/subscription-records.service';
import { VipFigures } from './subscriptions/vip-figures.service';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { SubscriptionStops } from './subscriptions/subscription-stops.service';
import { VippsRecurringAgreements } from './subscriptions/vipps-recurring-agreements.service';
import { VippsRecurringCharges } from './subscriptions/vipps-recurring-charges.service';
import { VippsRecurringEvents } from './subscriptions/vipps-recurring-events.service';
import { vippsRecurringApiProvider } from './vipps/vipps-recurring-api';

/**
 * Orders and money: the checkout, Stripe and Vipps MobilePay (one client each from configuration), their webhooks, the one
 * fulfilment, refunds and the order events (the mail module listens for receipts).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Order,
      Refund,
      WebhookEvent,
      CampaignCode,
      Receipt,
      ReceiptSequence,
      Subscription,
      FikenPosting,
      FikenRoundLease,
      PaymentReview,
    ]),
    SecurityModule,
    AuditModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
  ],
  controllers: [CheckoutController, StripeWebhookController, VippsWebhookController, CampaignCodesController, ReceiptsController],
  providers: [
    FikenClient,
    FikenPostingWorker,
    FikenPostingsService,
    stripeProvider,
    vippsApiProvider,
    vippsRecurringApiProvider,
    VippsRecurringAgreements,
    SubscriptionStops,
    VippsRecurringCharges,
    VippsRecurringEvents,
    VippsPaymentsService,
    VippsWebhookService,
    FulfilmentService,
    RefundLedger,
    StripeRefundsService,
    VippsRefundsService,
    RefundsService,
    StripeWebhookService,
    StripeCheckoutService,
    DemoCheckoutService,
    CheckoutStatusService,
    CheckoutService,
    OrderRecordsService,
    CampaignCodesService,
    CheckoutPricingService,
    FirstTouchService,
    ReceiptsService,
    RefusedRefunds,
    SubscriptionsService,
    SubscriptionRecords,
    VipFigures,
    StripeSubscriptionEvents,
    RenewalOrdersService,
    SalesReportService,
    StripeFeesService,
    PaymentReviewsService,
  ],
  exports: [
    STRIPE_CLIENT,
    FikenClient,
    FikenPostingWorker,
    FikenPostingsService,
    FulfilmentService,
    RefundsService,
    OrderRecordsService,
    FirstTouchService,
    CampaignCodesService,
    ReceiptsService,
    SubscriptionsService,
    SubscriptionRecords,
    VipFigures,
    SalesReportService,
    PaymentReviewsService,
  ],
})
export class OrdersModule {}
