import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MSG,
  QUESTION_MSG,
  QUESTIONS_PER_HOUR,
  type AccountExport,
  type LessonQuestion as LessonQuestionView,
  type LessonQuestionsResponse,
} from '@academy/contracts';
import { isLocked, releaseAtOf, norwegianDate } from '../access/drip';
import { GrantsService } from '../access/grants.service';
import { CoursesService, type StoredModule } from '../catalog/courses.service';
import type { User } from '../identity/entities/user.entity';
import { conflict, notFound } from '../platform/errors/app-error';
import { Clock } from '../platform/time/clock';
import { LessonQuestion } from './entities/lesson-question.entity';
import { renderQuestionMarkdown } from './markdown';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

/** The write limit on asking: {@link QUESTIONS_PER_HOUR} per account per hour, counted across instances. */
export const QUESTION_LIMIT = { name: 'questions', limit: QUESTIONS_PER_HOUR, windowMs: 3_600_000 } as const;

/** The name a question shows: the asker's first name, 'Elev' without one, 'Slettet bruker' once erased. */
export const askerNameOf = (q: Pick<LessonQuestion, 'userId' | 'askerName'>): string =>
  q.userId === null ? QUESTION_MSG.anonymous : (q.askerName ?? QUESTION_MSG.student);

/**
 * Questions under a module, for the player. The route's guard has checked the session and that the
 * viewer owns the course; here the module must belong to the course and be open to the viewer.
 */
@OwnsPersonalData({
  name: 'questions',
  sections: ['questions'],
  tables: ['lesson_questions'],
  eraseOrder: ERASURE_ORDER.questions,
})
export class QuestionsService implements PersonalDataOwner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly grants: GrantsService,
    private readonly clock: Clock,
  ) {}

  async list(viewer: User, courseId: string, moduleId: number): Promise<LessonQuestionsResponse> {
    await this.openModule(viewer, courseId, moduleId);
    const rows = await this.ds
      .getRepository(LessonQuestion)
      .createQueryBuilder('q')
      .where('q.courseId = :courseId AND q.moduleId = :moduleId', { courseId, moduleId })
      .andWhere('q.hidden = :no', { no: false })
      .orderBy('q.pinned', 'DESC')
      .addOrderBy('q.createdAt', 'DESC')
      .addOrderBy('q.id', 'DESC')
      .limit(200)
      .getMany();
    return { questions: rows.map((q) => this.view(q, viewer)) };
  }

  async ask(viewer: User, courseId: string, moduleId: number, body: string): Promise<LessonQuestionView> {
    await this.openModule(viewer, courseId, moduleId);
    const now = this.clock.now();
    const repo = this.ds.getRepository(LessonQuestion);
    const saved = await repo.save(
      repo.create({
        courseId,
        moduleId,
        userId: viewer.id,
        askerName: viewer.firstName ? viewer.firstName.slice(0, 100) : null,
        body,
        answered: false,
        answerBody: null,
        answeredAt: null,
        answeredBy: null,
        hidden: false,
        pinned: false,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return this.view(saved, viewer);
  }

  /** The account's questions for its data export. */
  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'questions'>> {
    const rows = await m.getRepository(LessonQuestion).find({ where: { userId }, order: { id: 'ASC' } });
    return {
      questions: rows.map((q) => ({
        courseId: q.courseId,
        moduleId: q.moduleId,
        body: q.body,
        createdAt: q.createdAt.toISOString(),
        answer: q.answerBody,
        answeredAt: q.answeredAt ? q.answeredAt.toISOString() : null,
        hidden: q.hidden,
      })),
    };
  }

  /** Erasure: the questions and answers stay under their lessons, the asker becomes 'Slettet bruker'. */
  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<{ questionsAnonymised: number }> {
    const res = await m
      .getRepository(LessonQuestion)
      .update({ userId }, { userId: null, askerName: null, updatedAt: this.clock.now() });
    return { questionsAnonymised: res.affected ?? 0 };
  }

  private view(q: LessonQuestion, viewer: Pick<User, 'id'>): LessonQuestionView {
    return {
      id: q.id,
      askerName: askerNameOf(q),
      mine: q.userId !== null && q.userId === viewer.id,
      body: q.body,
      bodyHtml: renderQuestionMarkdown(q.body),
      pinned: q.pinned,
      createdAt: q.createdAt.toISOString(),
      answer:
        q.answered && q.answerBody !== null && q.answeredAt
          ? { body: q.answerBody, html: renderQuestionMarkdown(q.answerBody), answeredAt: q.answeredAt.toISOString() }
          : null,
    };
  }

  /** The module of the course as the viewer may see it: 404 when it is not in the course, 409 while drip keeps it closed. */
  private async openModule(viewer: User, courseId: string, moduleId: number): Promise<StoredModule> {
    const course = await this.courses.visibleContent(courseId, viewer.role === 'admin');
    if (!course) throw notFound(MSG.unknownCourse);
    const module = course.modules.find((m) => m.id === moduleId);
    if (!module) throw notFound(MSG.moduleNotInCourse);
    if (courseId !== 'starter' && viewer.role !== 'admin' && module.releaseAfterDays > 0) {
      const basis = await this.grants.dripBasis(viewer.id, courseId);
      if (isLocked(module, basis, this.clock.now())) {
        throw conflict(MSG.moduleLocked(norwegianDate(releaseAtOf(module, basis)!)), 'MODULE_LOCKED');
      }
    }
    return module;
  }
}
