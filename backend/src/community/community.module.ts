import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuditModule } from '../platform/audit/audit.module';
import { SecurityModule } from '../platform/security/security.module';
import { LessonQuestion } from './entities/lesson-question.entity';
import { QuestionsAdminService } from './questions-admin.service';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/**
 * Community and mentorship beyond the course (issue 26): questions on every lesson, answered and
 * moderated by the mentor in the panel.
 */
@Module({
  imports: [TypeOrmModule.forFeature([LessonQuestion]), AuditModule, SecurityModule, IdentityModule, CatalogModule, AccessModule, OutboxModule],
  controllers: [QuestionsController],
  providers: [QuestionsService, QuestionsAdminService],
  exports: [QuestionsService, QuestionsAdminService],
})
export class CommunityModule {}
