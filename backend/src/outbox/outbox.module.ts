import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { SecurityModule } from '../platform/security/security.module';
import { BackgroundTasks } from './background-tasks';
import { MailBounce } from './entities/mail-bounce.entity';
import { OutboxBody } from './entities/outbox-body.entity';
import { OutboxMessage } from './entities/outbox-message.entity';
import { createMailTransport, MAIL_TRANSPORT } from './mail-transport';
import { AdminOutboxService } from './admin-outbox.service';
import { MailBouncesService } from './mail-bounces.service';
import { OutboxMetrics } from './outbox-metrics';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';
import { PostmarkWebhookController } from './postmark-webhook.controller';
import { PostmarkWebhookService } from './postmark-webhook.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * The low-level outbox, beside platform: the queue of messages (a row per message, written in the
 * caller's transaction), the worker that delivers them (nodemailer over SMTP_URL, or the log), the
 * signed unsubscribe links, and the queue's queries behind 'Utgående e-post' in the admin panel.
 * It knows no business module: what a message says is written by the module that sends it
 * (notifications for orders and accounts, marketing, live, mentorship).
 */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage, OutboxBody, MailBounce]), SecurityModule],
  controllers: [UnsubscribeController, PostmarkWebhookController],
  providers: [
    { provide: MAIL_TRANSPORT, inject: [APP_CONFIG], useFactory: (cfg: AppConfig) => createMailTransport(cfg) },
    BackgroundTasks,
    OutboxWorker,
    OutboxService,
    UnsubscribeService,
    AdminOutboxService,
    OutboxMetrics,
    PostmarkWebhookService,
    MailBouncesService,
  ],
  exports: [
    OutboxService,
    OutboxWorker,
    AdminOutboxService,
    MailBouncesService,
    UnsubscribeService,
    BackgroundTasks,
    OutboxMetrics,
  ],
})
export class OutboxModule {}
