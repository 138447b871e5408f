import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuditModule } from '../platform/audit/audit.module';
import { MentorshipController } from './mentorship.controller';
import { MentorshipReminders } from './mentorship-reminders';
import { MentorshipService } from './mentorship.service';

/** The mentorship period of a grant (Accelerator): the student's view, the admin's extension, the reminder mail. */
@Module({
  imports: [AuditModule, CatalogModule, IdentityModule, AccessModule, OutboxModule],
  controllers: [MentorshipController],
  providers: [MentorshipService, MentorshipReminders],
  exports: [MentorshipService],
})
export class MentorshipModule {}
