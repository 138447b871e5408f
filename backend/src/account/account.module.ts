import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { MarketingModule } from '../marketing/marketing.module';
import { OrdersModule } from '../orders/orders.module';
import { EmailChangeController } from './email-change.controller';
import { EmailChangeService } from './email-change.service';
import { AuditModule } from '../platform/audit/audit.module';
import { CertificatesModule } from '../certificates/certificates.module';
import { LiveModule } from '../live/live.module';
import { CommunityModule } from '../community/community.module';
import { VippsLoginModule } from '../vipps-login/vipps-login.module';
import { SecurityModule } from '../platform/security/security.module';
import { AccountController } from './account.controller';
import { AccountNameService } from './account-name.service';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { MeService } from './me.service';
import { CreateUserController } from './create-user.controller';
import { CreateUserService } from './create-user.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/**
 * A person's account across the modules: the free sign-up, the forgotten password, the account
 * settings, and the data export and erasure (each owner exports and erases its own rows).
 */
@Module({
  imports: [
    SecurityModule,
    AuditModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
    LeadsModule,
    OrdersModule,
    OutboxModule,
    NotificationsModule,
    MarketingModule,
    CertificatesModule,
    LiveModule,
    CommunityModule,
    VippsLoginModule,
  ],
  controllers: [AuthController, AccountController, CreateUserController, PasswordResetController, EmailChangeController],
  providers: [MeService, AccountService, AccountNameService, CreateUserService, PasswordResetService, EmailChangeService],
})
export class AccountModule {}
