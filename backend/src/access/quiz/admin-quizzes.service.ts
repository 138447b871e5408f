import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QUIZ_MSG, type AdminQuiz, type AdminQuizQuestionStats } from '@academy/contracts';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { notFound } from '../../platform/errors/app-error';
import { Clock } from '../../platform/time/clock';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { Quiz } from './entities/quiz.entity';
import { parseQuiz } from './quiz-rules';

/**
 * The mentor's side of quizzes: build or replace a module's quiz, remove it (both audited), and see
 * per quiz the attempts, the pass rate and the question most often answered wrong.
 */
@Injectable()
export class AdminQuizzesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly content: CatalogContentService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/admin/modules/:id/quiz (404 when the module has none). */
  async get(moduleId: number): Promise<AdminQuiz> {
    const module = await this.content.findModule(moduleId);
    if (!module) throw notFound(QUIZ_MSG.moduleNotFound);
    const quiz = await this.ds.getRepository(Quiz).findOneBy({ moduleId });
    if (!quiz) throw notFound(QUIZ_MSG.notFound);
    return this.view(quiz, module.title, module.courseId);
  }

  /**
   * PUT /api/admin/modules/:id/quiz: creates or replaces the module's quiz. A change of the
   * questions raises the version; attempts already made keep their score (a pass stays a pass).
   */
  async put(moduleId: number, body: { passPercent?: unknown; questions?: unknown }, actor: User): Promise<AdminQuiz> {
    const input = parseQuiz(body);
    const module = await this.content.findModule(moduleId);
    if (!module) throw notFound(QUIZ_MSG.moduleNotFound);
    const saved = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(Quiz);
      const before = await repo.findOneBy({ moduleId });
      const now = this.clock.now();
      if (before) {
        const changed = JSON.stringify(before.questions) !== JSON.stringify(input.questions);
        await repo.update(
          { id: before.id },
          { ...input, version: changed ? before.version + 1 : before.version, updatedAt: now },
        );
      } else {
        await repo.insert({ moduleId, ...input, version: 1, createdAt: now, updatedAt: now });
      }
      const after = await repo.findOneByOrFail({ moduleId });
      await this.audit.record(m, actor, {
        action: 'quiz.put',
        entity: 'module',
        entityId: moduleId,
        before: before ? { passPercent: before.passPercent, questions: before.questions, version: before.version } : null,
        after: { passPercent: after.passPercent, questions: after.questions, version: after.version },
      });
      return after;
    });
    return this.view(saved, module.title, module.courseId);
  }

  /** DELETE /api/admin/modules/:id/quiz: the quiz and its attempts go; the module then gates no certificate. */
  async remove(moduleId: number, actor: User): Promise<{ deleted: true }> {
    await this.ds.transaction(async (m) => {
      const before = await m.getRepository(Quiz).findOneBy({ moduleId });
      if (!before) throw notFound(QUIZ_MSG.notFound);
      const attempts = (await m.delete(QuizAttempt, { quizId: before.id })).affected ?? 0;
      await m.delete(Quiz, { id: before.id });
      await this.audit.record(m, actor, {
        action: 'quiz.delete',
        entity: 'module',
        entityId: moduleId,
        before: { passPercent: before.passPercent, questions: before.questions, version: before.version },
        after: { attemptsRemoved: attempts },
      });
    });
    return { deleted: true };
  }

  private async view(quiz: Quiz, moduleTitle: string | null, courseId: string | null): Promise<AdminQuiz> {
    const attempts = await this.ds.getRepository(QuizAttempt).find({
      select: { userId: true, passed: true, quizVersion: true, wrongQuestions: true },
      where: { quizId: quiz.id },
    });
    const wrong = quiz.questions.map(() => 0);
    for (const a of attempts)
      if (a.quizVersion === quiz.version) for (const i of a.wrongQuestions) if (i >= 0 && i < wrong.length) wrong[i]++;
    const perQuestion: AdminQuizQuestionStats[] = quiz.questions.map((q, index) => ({
      index,
      text: q.text,
      wrong: wrong[index],
    }));
    const mostMissed = perQuestion.reduce<AdminQuizQuestionStats | null>(
      (best, q) => (q.wrong > 0 && (!best || q.wrong > best.wrong) ? q : best),
      null,
    );
    const students = new Set(attempts.map((a) => a.userId));
    const passedStudents = new Set(attempts.filter((a) => a.passed).map((a) => a.userId));
    const passedAttempts = attempts.filter((a) => a.passed).length;
    return {
      id: quiz.moduleId,
      moduleId: quiz.moduleId,
      moduleTitle,
      courseId,
      passPercent: quiz.passPercent,
      questions: quiz.questions,
      version: quiz.version,
      updatedAt: quiz.updatedAt.toISOString(),
      stats: {
        attempts: attempts.length,
        students: students.size,
        passedStudents: passedStudents.size,
        passRatePercent: attempts.length ? Math.round((passedAttempts * 100) / attempts.length) : null,
        mostMissed,
        perQuestion,
      },
    };
  }
}
