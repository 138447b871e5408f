import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { VideoModule } from '../catalog/video/video.module';
import { IdentityModule } from '../identity/identity.module';
import { LeadsModule } from '../leads/leads.module';
import { OutboxModule } from '../outbox/outbox.module';
import { OrdersModule } from '../orders/orders.module';
import { AuditModule } from '../platform/audit/audit.module';
import { CertificatesModule } from '../certificates/certificates.module';
import { MentorshipModule } from '../mentorship/mentorship.module';
import { MarketingModule } from '../marketing/marketing.module';
import { LiveModule } from '../live/live.module';
import { CommunityModule } from '../community/community.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { DoctorModule } from '../doctor/doctor.module';
import { MembershipModule } from '../membership/membership.module';
import { AdminQuestionsController } from './questions/admin-questions.controller';
import { AdminMentorThreadsController } from './mentor-threads/admin-mentor-threads.controller';
import { AdminDiscordController } from './discord/admin-discord.controller';
import { AdminBroadcastsController } from './broadcasts/admin-broadcasts.controller';
import { AdminSequencesController } from './sequences/admin-sequences.controller';
import { AdminLiveSessionsController } from './live-sessions/admin-live-sessions.controller';
import { AdminCertificatesController } from './certificates/admin-certificates.controller';
import { AdminOutboxController } from './outbox/admin-outbox.controller';
import { AdminAuditLogController } from './audit/admin-audit-log.controller';
import { AdminAuditLogService } from './audit/admin-audit-log.service';
import { AdminCaptionsController } from './captions/admin-captions.controller';
import { AdminCaptionsService } from './captions/admin-captions.service';
import { AdminCoursesController, AdminModulesController } from './content/admin-content.controller';
import { AdminContentService } from './content/admin-content.service';
import { AdminSettingsController } from './settings/admin-settings.controller';
import { AdminSettingsService } from './settings/admin-settings.service';
import { AdminLeadsController } from './leads/admin-leads.controller';
import { AdminLeadsService } from './leads/admin-leads.service';
import { AdminOrdersController } from './orders/admin-orders.controller';
import { AdminReportsController } from './reports/admin-reports.controller';
import { AdminFikenController } from './reports/admin-fiken.controller';
import { AdminOrdersService } from './orders/admin-orders.service';
import { AdminStatsController } from './stats/admin-stats.controller';
import { AdminCampaignCodesController } from './campaign-codes/admin-campaign-codes.controller';
import { AdminPartnerPayoutsController, AdminPartnersController } from './partners/admin-partners.controller';
import { PartnersModule } from '../partners/partners.module';
import { AdminCampaignCodesService } from './campaign-codes/admin-campaign-codes.service';
import { AdminStatsService } from './stats/admin-stats.service';
import { AdminRetentionStats } from './stats/admin-retention-stats';
import { AdminGrantsController, AdminUsersController } from './users/admin-users.controller';
import { AdminGrantViewService } from './users/admin-grant-view.service';
import { AdminUserAccountsService } from './users/admin-user-accounts.service';
import { AdminUserGrantsService } from './users/admin-user-grants.service';
import { AdminUsersService } from './users/admin-users.service';
import { AdminUserSubscriptionService } from './users/admin-user-subscription.service';
import { AdminPaymentReviewsController } from './work-queue/admin-payment-reviews.controller';
import { AdminWorkQueueController } from './work-queue/admin-work-queue.controller';
import { AdminStatusController } from './status/admin-status.controller';
import { AdminQuizzesController } from './quizzes/admin-quizzes.controller';
import { QuizModule } from '../access/quiz/quiz.module';

/** The mentor's admin API under /api/admin/* (ra-data-simple-rest dialect; every route @AdminOnly; every write audited). */
@Module({
  imports: [
    AuditModule,
    IdentityModule,
    CatalogModule,
    VideoModule,
    AccessModule,
    QuizModule,
    LeadsModule,
    OrdersModule,
    OutboxModule,
    MentorshipModule,
    CertificatesModule,
    MarketingModule,
    LiveModule,
    CommunityModule,
    NotificationsModule,
    DoctorModule,
    MembershipModule,
    PartnersModule,
  ],
  controllers: [
    AdminDiscordController,
    AdminLeadsController,
    AdminUsersController,
    AdminGrantsController,
    AdminOrdersController,
    AdminReportsController,
    AdminFikenController,
    AdminCoursesController,
    AdminModulesController,
    AdminCaptionsController,
    AdminQuizzesController,
    AdminSettingsController,
    AdminStatsController,
    AdminCampaignCodesController,
    AdminPartnersController,
    AdminPartnerPayoutsController,
    AdminAuditLogController,
    AdminOutboxController,
    AdminCertificatesController,
    AdminBroadcastsController,
    AdminSequencesController,
    AdminLiveSessionsController,
    AdminQuestionsController,
    AdminMentorThreadsController,
    AdminWorkQueueController,
    AdminPaymentReviewsController,
    AdminStatusController,
  ],
  providers: [
    AdminCaptionsService,
    AdminLeadsService,
    AdminUsersService,
    AdminUserSubscriptionService,
    AdminUserAccountsService,
    AdminUserGrantsService,
    AdminGrantViewService,
    AdminOrdersService,
    AdminContentService,
    AdminSettingsService,
    AdminStatsService,
    AdminRetentionStats,
    AdminCampaignCodesService,
    AdminAuditLogService,
  ],
})
export class AdminModule {}
