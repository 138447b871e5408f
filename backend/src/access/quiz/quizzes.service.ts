import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { HttpStatus } from '@nestjs/common';
import {
  MSG,
  QUIZ_MSG,
  quizWaitMinutes,
  type AccountExport,
  type CourseQuizzesResponse,
  type QuizAttemptResult,
  type QuizView,
} from '@academy/contracts';
import { CoursesService } from '../../catalog/courses.service';
import type { User } from '../../identity/entities/user.entity';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { EventBus } from '../../platform/events';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../../platform/personal-data';
import { Clock } from '../../platform/time/clock';
import { isLocked, norwegianDate, releaseAtOf } from '../drip';
import { GrantsService } from '../grants.service';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { Quiz } from './entities/quiz.entity';
import { parseAnswers, scoreQuiz } from './quiz-rules';

type Attempted = Pick<QuizAttempt, 'id' | 'scorePercent' | 'passed' | 'createdAt'>;

/**
 * When the next attempt may be sent (oldest attempt first): never held back once the quiz is passed;
 * before that, after QUIZ_FREE_ATTEMPTS failures, the last failure plus quizWaitMinutes of their count.
 */
export function nextAttemptAt(attempts: Attempted[]): Date | null {
  if (attempts.some((a) => a.passed)) return null;
  const minutes = quizWaitMinutes(attempts.length);
  if (minutes === 0) return null;
  return new Date(new Date(attempts[attempts.length - 1].createdAt).getTime() + minutes * 60_000);
}

/**
 * A module's quiz as the student takes it (docs/decisions.md "Quizzes"). The route's guard checked
 * the session and that the viewer owns the course; here the module must belong to the course and be
 * open to the viewer. The right answers never leave the server: a student gets the questions, and
 * after an attempt the score and the explanations of the questions answered wrong.
 */
@OwnsPersonalData({
  name: 'quizAttempts',
  sections: ['quizAttempts'],
  tables: ['quiz_attempts'],
  eraseOrder: ERASURE_ORDER.quizAttempts,
})
export class QuizzesService implements PersonalDataOwner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly grants: GrantsService,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** GET /api/courses/:courseId/quizzes: the course's modules with a quiz, and the student's best score in each. */
  async overview(viewer: User, courseId: string): Promise<CourseQuizzesResponse> {
    const course = await this.courses.visibleContent(courseId, viewer.role === 'admin');
    if (!course) throw notFound(MSG.unknownCourse);
    const ids = course.modules.map((m) => m.id);
    const quizzes = ids.length
      ? await this.ds.getRepository(Quiz).find({ select: { id: true, moduleId: true }, where: { moduleId: In(ids) } })
      : [];
    const attempts = quizzes.length
      ? await this.ds.getRepository(QuizAttempt).find({
          select: { quizId: true, scorePercent: true, passed: true },
          where: { userId: viewer.id, quizId: In(quizzes.map((q) => q.id)) },
        })
      : [];
    const order = new Map(ids.map((id, i) => [id, i]));
    return {
      quizzes: quizzes
        .sort((a, b) => order.get(a.moduleId)! - order.get(b.moduleId)!)
        .map((q) => {
          const mine = attempts.filter((a) => a.quizId === q.id);
          return {
            moduleId: q.moduleId,
            passed: mine.some((a) => a.passed),
            bestScorePercent: mine.length ? Math.max(...mine.map((a) => a.scorePercent)) : null,
          };
        }),
    };
  }

  /** GET …/quiz: the questions without their right choices, and the student's best score. */
  async forStudent(viewer: User, courseId: string, moduleId: number): Promise<QuizView> {
    await this.openModule(viewer, courseId, moduleId);
    const quiz = await this.quizOf(moduleId);
    const mine = await this.attemptsOf(quiz.id, viewer.id);
    const next = nextAttemptAt(mine);
    return {
      moduleId,
      passPercent: quiz.passPercent,
      questions: quiz.questions.map((q) => ({
        text: q.text,
        choices: q.choices.map((c) => c.text),
        correctCount: q.choices.filter((c) => c.correct).length,
      })),
      bestScorePercent: mine.length ? Math.max(...mine.map((a) => a.scorePercent)) : null,
      passed: mine.some((a) => a.passed),
      attempts: mine.length,
      nextAttemptAt: next && next.getTime() > this.clock.now().getTime() ? next.toISOString() : null,
    };
  }

  /** The student's attempts at a quiz, oldest first (what the waiting time is counted from). */
  private attemptsOf(quizId: number, userId: number): Promise<Attempted[]> {
    return this.ds.getRepository(QuizAttempt).find({
      select: { id: true, scorePercent: true, passed: true, createdAt: true },
      where: { quizId, userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * POST …/quiz/attempts: scores and stores the attempt. A pass announces `quiz.passed`, whose
   * handler (the certificate) runs before the answer, so a certificate earned by it exists by then.
   */
  async attempt(viewer: User, courseId: string, moduleId: number, rawAnswers: unknown): Promise<QuizAttemptResult> {
    await this.openModule(viewer, courseId, moduleId);
    const quiz = await this.quizOf(moduleId);
    const answers = parseAnswers(rawAnswers, quiz.questions);
    // Guessing is slow (docs/decisions.md "Quizzes"): after repeated failures the next attempt waits,
    // counted from the stored attempts.
    const before = await this.attemptsOf(quiz.id, viewer.id);
    const now = this.clock.now();
    const wait = nextAttemptAt(before);
    if (wait && wait.getTime() > now.getTime())
      throw new AppError(
        HttpStatus.TOO_MANY_REQUESTS,
        'TOO_MANY_REQUESTS',
        QUIZ_MSG.wait(Math.ceil((wait.getTime() - now.getTime()) / 60_000)),
      );
    const score = scoreQuiz(quiz.questions, answers, quiz.passPercent);
    const repo = this.ds.getRepository(QuizAttempt);
    await repo.insert({
      quizId: quiz.id,
      quizVersion: quiz.version,
      userId: viewer.id,
      courseId,
      moduleId,
      answers,
      wrongQuestions: score.wrong,
      scorePercent: score.scorePercent,
      passed: score.passed,
      createdAt: now,
    });
    const mine = await this.attemptsOf(quiz.id, viewer.id);
    if (score.passed) await this.events.emit('quiz.passed', { userId: viewer.id, courseId, moduleId });
    const everPassed = mine.some((a) => a.passed);
    const next = nextAttemptAt(mine);
    return {
      scorePercent: score.scorePercent,
      passed: score.passed,
      // Which questions were wrong is said only once the quiz is passed: before that it would tell a
      // guesser which answers to change.
      explained: everPassed,
      explanations: everPassed ? score.wrong.map((i) => ({ question: i, explanation: quiz.questions[i].explanation })) : [],
      bestScorePercent: Math.max(...mine.map((a) => a.scorePercent)),
      everPassed,
      nextAttemptAt: next && next.getTime() > now.getTime() ? next.toISOString() : null,
    };
  }

  /**
   * True when the user has passed the quiz of every one of these modules that has one (the
   * certificate's second condition). Modules without a quiz count as passed.
   */
  async allPassed(userId: number, moduleIds: number[]): Promise<boolean> {
    if (moduleIds.length === 0) return true;
    const quizzes = await this.ds.getRepository(Quiz).find({ select: { id: true }, where: { moduleId: In(moduleIds) } });
    if (quizzes.length === 0) return true;
    const passed = await this.ds
      .getRepository(QuizAttempt)
      .createQueryBuilder('a')
      .select('DISTINCT a.quizId', 'quizId')
      .where('a.userId = :userId AND a.passed = :yes', { userId, yes: true })
      .andWhere('a.quizId IN (:...ids)', { ids: quizzes.map((q) => q.id) })
      .getRawMany<{ quizId: number | string }>();
    return passed.length === quizzes.length;
  }

  private async quizOf(moduleId: number): Promise<Quiz> {
    const quiz = await this.ds.getRepository(Quiz).findOneBy({ moduleId });
    if (!quiz) throw notFound(QUIZ_MSG.notFound);
    return quiz;
  }

  /** The module is in the course and open to the viewer now (drip release), else 404 or 409 MODULE_LOCKED. */
  private async openModule(viewer: User, courseId: string, moduleId: number): Promise<void> {
    const course = await this.courses.visibleContent(courseId, viewer.role === 'admin');
    if (!course) throw notFound(MSG.unknownCourse);
    const module = course.modules.find((m) => m.id === moduleId);
    if (!module) throw notFound(MSG.moduleNotInCourse);
    if (courseId !== 'starter' && viewer.role !== 'admin' && module.releaseAfterDays > 0) {
      const basis = await this.grants.dripBasis(viewer.id, courseId);
      if (isLocked(module, basis, this.clock.now()))
        throw conflict(MSG.moduleLocked(norwegianDate(releaseAtOf(module, basis)!)), 'MODULE_LOCKED');
    }
  }

  // ---- the account's own data

  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'quizAttempts'>> {
    const rows = await m.find(QuizAttempt, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return {
      quizAttempts: rows.map((a) => ({
        courseId: a.courseId,
        moduleId: a.moduleId,
        answers: a.answers,
        scorePercent: a.scorePercent,
        passed: a.passed,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }

  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<{ quizAttemptsRemoved: number }> {
    return { quizAttemptsRemoved: (await m.delete(QuizAttempt, { userId })).affected ?? 0 };
  }
}
