import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { AdminAuditLogController } from './audit/admin-audit-log.controller';
import { AdminAuditLogService } from './audit/admin-audit-log.service';
import { AuditService } from './common/audit.service';
import { AdminCoursesController, AdminModulesController, AdminSettingsController } from './content/admin-content.controller';
import { AdminContentService } from './content/admin-content.service';
import { AdminLeadsController } from './leads/admin-leads.controller';
import { AdminLeadsService } from './leads/admin-leads.service';
import { AdminOrdersController } from './orders/admin-orders.controller';
import { AdminOrdersService } from './orders/admin-orders.service';
import { AdminStatsController } from './stats/admin-stats.controller';
import { AdminStatsService } from './stats/admin-stats.service';
import { AdminGrantsController, AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';

/** The mentor's admin API under /api/admin/* (ra-data-simple-rest dialect; every route @AdminOnly; every write audited). */
@Module({
  imports: [PaymentsModule],
  controllers: [
    AdminLeadsController,
    AdminUsersController,
    AdminGrantsController,
    AdminOrdersController,
    AdminCoursesController,
    AdminModulesController,
    AdminSettingsController,
    AdminStatsController,
    AdminAuditLogController,
  ],
  providers: [
    AuditService,
    AdminLeadsService,
    AdminUsersService,
    AdminOrdersService,
    AdminContentService,
    AdminStatsService,
    AdminAuditLogService,
  ],
  exports: [AuditService],
})
export class AdminModule {}
