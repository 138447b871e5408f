import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
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
import { ReceiptsService } from './receipts/receipts.service';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';
import { StripeCheckoutService } from './stripe/stripe-checkout.service';
import { StripeWebhookService } from './stripe/stripe-webhook.service';
import { STRIPE_CLIENT, stripeProvider } from './stripe/stripe.provider';
import { vippsApiProvider } from './vipps/vipps-api';
import { VippsPaymentsService } from './vipps/vipps-payments.service';
import { VippsWebhookController } from './vipps/vipps-webhook.controller';
import { VippsWebhookService } from './vipps/vipps-webhook.service';

/**
 * Orders and money: the checkout, Stripe and Vipps MobilePay (one client each from configuration), their webhooks, the one
 * fulfilment, refunds and the order events (the mail module listens for receipts).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Order, Refund, WebhookEvent, CampaignCode, Receipt, ReceiptSequence]),
    SecurityModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
  ],
  controllers: [CheckoutController, StripeWebhookController, VippsWebhookController, CampaignCodesController, ReceiptsController],
  providers: [
    stripeProvider,
    vippsApiProvider,
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
  ],
  exports: [
    STRIPE_CLIENT,
    FulfilmentService,
    RefundsService,
    OrderRecordsService,
    FirstTouchService,
    CampaignCodesService,
    ReceiptsService,
  ],
})
export class OrdersModule {}
