import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { IdentityModule } from '../identity/identity.module';
import { LeadsModule } from '../leads/leads.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { AuditModule } from '../platform/audit/audit.module';
import { BroadcastsService } from './broadcasts.service';
import { ConsentController } from './consent.controller';
import { BroadcastRecipient } from './entities/broadcast-recipient.entity';
import { Broadcast } from './entities/broadcast.entity';
import { Enrolment, Sequence, SequenceStep, StepSend } from './entities/sequence.entity';
import { Subscriber } from './entities/subscriber.entity';
import { MarketingPrivacyService } from './marketing-privacy.service';
import { MarketingListeners } from './marketing.listeners';
import { MarketingRunner } from './marketing.runner';
import { SegmentsService } from './segments.service';
import { SequencesService } from './sequences.service';
import { SubscribersService } from './subscribers.service';

/**
 * Marketing e-mail with consent (DECISIONS "Marketing e-mail"): the list and its double opt-in,
 * broadcasts to segments and sequences on events, all through the mail module's outbox.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Subscriber, Broadcast, BroadcastRecipient, Sequence, SequenceStep, Enrolment, StepSend]),
    AuditModule,
    IdentityModule,
    AccessModule,
    LeadsModule,
    OrdersModule,
    MailModule,
  ],
  controllers: [ConsentController],
  providers: [
    MarketingPrivacyService,
    SubscribersService,
    SegmentsService,
    BroadcastsService,
    SequencesService,
    MarketingListeners,
    MarketingRunner,
  ],
  exports: [MarketingPrivacyService, SubscribersService, BroadcastsService, SequencesService, MarketingRunner],
})
export class MarketingModule {}
