import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../../catalog/catalog.module';
import { IdentityModule } from '../../identity/identity.module';
import { AuditModule } from '../../platform/audit/audit.module';
import { AccessModule } from '../access.module';
import { AdminQuizzesService } from './admin-quizzes.service';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { Quiz } from './entities/quiz.entity';
import { CourseQuizzesController, QuizController } from './quiz.controller';
import { QuizzesService } from './quizzes.service';

/** Quizzes on modules: the mentor builds them, students who may watch the module take them. */
@Module({
  imports: [TypeOrmModule.forFeature([Quiz, QuizAttempt]), CatalogModule, IdentityModule, AccessModule, AuditModule],
  controllers: [QuizController, CourseQuizzesController],
  providers: [QuizzesService, AdminQuizzesService],
  exports: [QuizzesService, AdminQuizzesService],
})
export class QuizModule {}
