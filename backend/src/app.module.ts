import { DynamicModule, Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { AccessPortsModule } from './access/access-ports.module';
import { QuizModule } from './access/quiz/quiz.module';
import { AccountModule } from './account/account.module';
import { AccountPortsModule } from './account/account-ports.module';
import { AdminModule } from './admin/admin.module';
import { CatalogModule } from './catalog/catalog.module';
import { VideoModule } from './catalog/video/video.module';
import { CertificatesModule } from './certificates/certificates.module';
import { CommunityModule } from './community/community.module';
import { IdentityModule } from './identity/identity.module';
import { LeadsModule } from './leads/leads.module';
import { LiveModule } from './live/live.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OutboxModule } from './outbox/outbox.module';
import { MarketingModule } from './marketing/marketing.module';
import { MarketingPortsModule } from './marketing/marketing-ports.module';
import { MentorshipModule } from './mentorship/mentorship.module';
import { MembershipModule } from './membership/membership.module';
import { OrdersModule } from './orders/orders.module';
import { PartnersModule } from './partners/partners.module';
import { AppConfig, ConfigModule } from './platform/config';
import { DatabaseModule } from './platform/database/database.module';
import { EventsModule } from './platform/events';
import { HealthModule } from './platform/health/health.module';
import { MetricsModule } from './platform/metrics';
import { PersonalDataModule } from './platform/personal-data';
import { SecurityModule } from './platform/security/security.module';
import { Clock } from './platform/time/clock';
import { VippsLoginModule } from './vipps-login/vipps-login.module';
import { WebModule } from './web/web.module';

/**
 * Every module of the application. The request pipeline (platform/http: headers, CSRF, the write limit,
 * validation, the error filter, logging) is installed around it by `createApp`.
 */
@Module({})
export class AppModule {
  static register(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, clock),
        DatabaseModule,
        EventsModule,
        SecurityModule,
        HealthModule,
        MetricsModule,
        PersonalDataModule,
        IdentityModule,
        CatalogModule,
        VideoModule,
        AccessModule,
        AccessPortsModule,
        QuizModule,
        LeadsModule,
        OrdersModule,
        PartnersModule,
        OutboxModule,
        NotificationsModule,
        MarketingModule,
        MarketingPortsModule,
        MentorshipModule,
        MembershipModule,
        CertificatesModule,
        LiveModule,
        CommunityModule,
        VippsLoginModule,
        AccountModule,
        AccountPortsModule,
        AdminModule,
        WebModule,
      ],
    };
  }
}
