import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { LeadsModule } from '../leads/leads.module';
import { OrdersModule } from '../orders/orders.module';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { SecurityModule } from '../platform/security/security.module';
import { BackgroundTasks } from './background-tasks';
import { OutboxMessage } from './entities/outbox-message.entity';
import { MailListeners } from './mail.listeners';
import { MailService } from './mail.service';
import { createMailTransport, MAIL_TRANSPORT } from './mail-transport';
import { OutboxAdminService } from './outbox-admin.service';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * Transactional e-mail: the outbox and its worker (nodemailer over SMTP_URL, or the log),
 * receipts, refund confirmations, the Starter welcome, sign-in and reset links, unsubscribe links,
 * and the outbox queries behind 'Utgående e-post' in the admin panel.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([OutboxMessage]),
    SecurityModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
    LeadsModule,
    OrdersModule,
  ],
  controllers: [UnsubscribeController],
  providers: [
    { provide: MAIL_TRANSPORT, inject: [APP_CONFIG], useFactory: (cfg: AppConfig) => createMailTransport(cfg) },
    BackgroundTasks,
    OutboxWorker,
    OutboxService,
    MailService,
    UnsubscribeService,
    OutboxAdminService,
    MailListeners,
  ],
  exports: [MailService, OutboxService, OutboxWorker, OutboxAdminService, UnsubscribeService, BackgroundTasks],
})
export class MailModule {}
