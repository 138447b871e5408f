import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuditModule } from '../platform/audit/audit.module';
import { CalendarFeed } from './entities/calendar-feed.entity';
import { LiveSessionCourse } from './entities/live-session-course.entity';
import { LiveSession } from './entities/live-session.entity';
import { LiveCalendarService } from './live-calendar.service';
import { LiveMailerService } from './live-mailer.service';
import { LiveRemindersService } from './live-reminders.service';
import { AdminLiveSessionsService } from './admin-live-sessions.service';
import { AccountCalendarController, CalendarFeedController, LiveSessionsController } from './live-sessions.controller';
import { LiveSessionsService } from './live-sessions.service';

/**
 * Live sessions (issue 17): the mentor's planning (admin API), the students' list with the join
 * link in its window, calendar files and the private feed, and reminder/cancel/move e-mails.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([LiveSession, LiveSessionCourse, CalendarFeed]),
    AuditModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
    OutboxModule,
  ],
  controllers: [LiveSessionsController, CalendarFeedController, AccountCalendarController],
  providers: [AdminLiveSessionsService, LiveSessionsService, LiveCalendarService, LiveMailerService, LiveRemindersService],
  exports: [AdminLiveSessionsService, LiveSessionsService, LiveCalendarService, LiveRemindersService],
})
export class LiveModule {}
