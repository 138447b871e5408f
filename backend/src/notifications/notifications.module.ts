import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { OrdersModule } from '../orders/orders.module';
import { OutboxModule } from '../outbox/outbox.module';
import { MailListeners } from './mail.listeners';
import { MailService } from './mail.service';

/**
 * The site's transactional messages, above orders: receipts, credit notes' refund confirmations,
 * the Starter welcome with its sign-in link and the password reset. They are written into the
 * outbox in the transaction of the change they report.
 */
@Module({
  imports: [OutboxModule, IdentityModule, CatalogModule, AccessModule, OrdersModule],
  providers: [MailService, MailListeners],
  exports: [MailService],
})
export class NotificationsModule {}
