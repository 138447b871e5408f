import { Global, Module } from '@nestjs/common';
import { SIGNUP_EVENTS } from '../auth/create-user.service';
import { APP_CONFIG, AppConfig } from '../config';
import { PaymentsModule } from '../payments/payments.module';
import { BackgroundTasks } from './background-tasks';
import { ForgotPasswordThrottleGuard } from './forgot-password-throttle.guard';
import { MailListeners } from './mail.listeners';
import { MailService } from './mail.service';
import { createMailTransport, MAIL_TRANSPORT } from './mail-transport';
import { OutboxAdminController } from './outbox-admin.controller';
import { OutboxAdminService } from './outbox-admin.service';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * Transactional e-mail: the outbox and its worker (nodemailer over SMTP_URL, or the log),
 * receipts, refund confirmations, the Starter welcome, forgotten password, unsubscribe links,
 * and 'Utgående e-post' in the admin API.
 */
@Global()
@Module({
  imports: [PaymentsModule],
  controllers: [PasswordResetController, UnsubscribeController, OutboxAdminController],
  providers: [
    { provide: MAIL_TRANSPORT, inject: [APP_CONFIG], useFactory: (cfg: AppConfig) => createMailTransport(cfg) },
    BackgroundTasks,
    OutboxWorker,
    OutboxService,
    MailService,
    UnsubscribeService,
    PasswordResetService,
    ForgotPasswordThrottleGuard,
    OutboxAdminService,
    MailListeners,
    { provide: SIGNUP_EVENTS, useExisting: MailListeners },
  ],
  exports: [MailService, OutboxService, OutboxWorker, UnsubscribeService, SIGNUP_EVENTS],
})
export class MailModule {}
