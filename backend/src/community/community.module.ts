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
import { DiscordLink } from './entities/discord-link.entity';
import { DiscordOAuthState } from './entities/discord-oauth-state.entity';
import { DiscordRoleChange } from './entities/discord-role-change.entity';
import { DiscordController } from './discord/discord.controller';
import { DiscordListeners } from './discord/discord.listeners';
import { AdminDiscordService } from './discord/admin-discord.service';
import { DiscordLinkingService } from './discord/discord-linking.service';
import { DiscordRoleSyncService } from './discord/discord-role-sync.service';
import { DiscordWorker } from './discord/discord-worker';
import { MentorImagesService } from './mentor/mentor-images.service';
import { AdminMentorThreadsService } from './mentor/admin-mentor-threads.service';
import { MentorThreadsService } from './mentor/mentor-threads.service';
import { MentorController } from './mentor/mentor.controller';
import { AdminQuestionsService } from './admin-questions.service';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/**
 * Community and mentorship beyond the course (issue 26): questions on every lesson, answered and
 * moderated by the mentor in the panel; chart review in the mentor's inbox (threads with images,
 * answered from 'Innboks'); the private Discord, whose roles follow access.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      LessonQuestion,
      MentorThread,
      MentorMessage,
      MentorImage,
      DiscordLink,
      DiscordRoleChange,
      DiscordOAuthState,
    ]),
    AuditModule,
    SecurityModule,
    IdentityModule,
    CatalogModule,
    AccessModule,
    OutboxModule,
    MentorshipModule,
  ],
  controllers: [QuestionsController, MentorController, DiscordController],
  providers: [
    QuestionsService,
    AdminQuestionsService,
    MentorThreadsService,
    MentorImagesService,
    AdminMentorThreadsService,
    DiscordLinkingService,
    DiscordRoleSyncService,
    AdminDiscordService,
    DiscordListeners,
    DiscordWorker,
  ],
  exports: [
    QuestionsService,
    AdminQuestionsService,
    MentorThreadsService,
    AdminMentorThreadsService,
    DiscordLinkingService,
    AdminDiscordService,
    DiscordWorker,
  ],
})
export class CommunityModule {}
