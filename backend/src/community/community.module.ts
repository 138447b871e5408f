import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuditModule } from '../platform/audit/audit.module';
import { SecurityModule } from '../platform/security/security.module';
import { MentorshipModule } from '../mentorship/mentorship.module';
import { LessonQuestion } from './entities/lesson-question.entity';
import { MentorImage } from './entities/mentor-image.entity';
import { MentorMessage } from './entities/mentor-message.entity';
import { MentorThread } from './entities/mentor-thread.entity';
import { MentorInboxService } from './mentor/mentor-inbox.service';
import { MentorThreadsService } from './mentor/mentor-threads.service';
import { MentorController } from './mentor/mentor.controller';
import { QuestionsAdminService } from './questions-admin.service';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/**
 * Community and mentorship beyond the course (issue 26): questions on every lesson, answered and
 * moderated by the mentor in the panel; chart review in the mentor's inbox (threads with images,
 * answered from 'Innboks').
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([LessonQuestion, MentorThread, MentorMessage, MentorImage]),
    AuditModule,
    SecurityModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
    OutboxModule,
    MentorshipModule,
  ],
  controllers: [QuestionsController, MentorController],
  providers: [QuestionsService, QuestionsAdminService, MentorThreadsService, MentorInboxService],
  exports: [QuestionsService, QuestionsAdminService, MentorThreadsService, MentorInboxService],
})
export class CommunityModule {}
