import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { IdentityModule } from '../identity/identity.module';
import { LeadsModule } from '../leads/leads.module';
import { OutboxModule } from '../outbox/outbox.module';
import { OrdersModule } from '../orders/orders.module';
import { AuditModule } from '../platform/audit/audit.module';
import { BroadcastEngineService } from './broadcast-engine.service';
import { BroadcastProgressService } from './broadcast-progress.service';
import { AdminBroadcastsService } from './admin-broadcasts.service';
import { ConsentController } from './consent.controller';
import { BroadcastRecipient } from './entities/broadcast-recipient.entity';
import { Broadcast } from './entities/broadcast.entity';
import { Enrolment, Sequence, SequenceStep, StepSend } from './entities/sequence.entity';
import { Subscriber } from './entities/subscriber.entity';
import { MarketingConsentService } from './marketing-consent.service';
import { MarketingPrivacyService } from './marketing-privacy.service';
import { MarketingMetrics } from './marketing-metrics';
import { MarketingListeners } from './marketing.listeners';
import { MarketingRunner } from './marketing.runner';
import { SegmentsService } from './segments.service';
import { SequenceEngineService } from './sequence-engine.service';
import { AdminSequencesService } from './admin-sequences.service';
import { SubscribersService } from './subscribers.service';
import { CheckoutReminder, CheckoutReminderPlan } from './checkout-reminders/checkout-reminder.entity';
import { CheckoutRemindersController } from './checkout-reminders/checkout-reminders.controller';
import { CheckoutRemindersRunner } from './checkout-reminders/checkout-reminders.runner';
import { CheckoutRemindersService } from './checkout-reminders/checkout-reminders.service';

/**
 * Marketing e-mail with consent (docs/decisions.md "Marketing e-mail"): the list and its double opt-in,
 * broadcasts to segments and sequences on events, all through the mail module's outbox. Broadcasts
 * and sequences each have the panel's editing service and the engine that runs them (MarketingRunner).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Subscriber,
      Broadcast,
      BroadcastRecipient,
      Sequence,
      SequenceStep,
      Enrolment,
      StepSend,
      CheckoutReminderPlan,
      CheckoutReminder,
    ]),
    AuditModule,
    IdentityModule,
    AccessModule,
    LeadsModule,
    OrdersModule,
    OutboxModule,
  ],
  controllers: [ConsentController, CheckoutRemindersController],
  providers: [
    MarketingPrivacyService,
    SubscribersService,
    MarketingConsentService,
    SegmentsService,
    AdminBroadcastsService,
    BroadcastProgressService,
    BroadcastEngineService,
    AdminSequencesService,
    SequenceEngineService,
    MarketingListeners,
    MarketingRunner,
    MarketingMetrics,
    CheckoutRemindersService,
    CheckoutRemindersRunner,
  ],
  exports: [
    MarketingPrivacyService,
    SubscribersService,
    AdminBroadcastsService,
    BroadcastProgressService,
    AdminSequencesService,
    MarketingRunner,
    CheckoutRemindersService,
    CheckoutRemindersRunner,
  ],
})
export class MarketingModule {}
