import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PLAYER_COURSE_IDS, QUESTION_MSG, type AdminQuestion, type UpdateQuestionRequest } from '@academy/contracts';
import { CatalogContentService } from '../catalog/catalog-content.service';
import { CoursesService } from '../catalog/courses.service';
import type { User } from '../identity/entities/user.entity';
import { UserReader } from '../identity/user-reader.service';
import { mailBrand } from '../outbox/mail-layout';
import { OutboxService } from '../outbox/outbox.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { badRequest, notFound } from '../platform/errors/app-error';
import { filter, listParamsFor, parse, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { LessonQuestion } from './entities/lesson-question.entity';
import { renderQuestionMarkdown } from './markdown';
import { questionAnsweredMail } from './question-mail';
import { askerNameOf } from './questions.service';

export const QUESTIONS_LIST: ListSpec<LessonQuestion> = {
  sort: {
    // The default: unanswered first, the longest waiting first.
    status: ['q.answered', 'q.createdAt'],
    id: 'q.id',
    createdAt: 'q.createdAt',
    answeredAt: 'q.answeredAt',
    courseId: ['q.courseId', 'q.moduleId'],
  },
  defaultSort: ['status', 'ASC'],
  filters: {
    id: filter.ids('q.id'),
    q: filter.search(['q.body', 'q.answerBody']),
    courseId: filter.oneOf('q.courseId', PLAYER_COURSE_IDS),
    moduleId: filter.ids('q.moduleId'),
    userId: filter.ids('q.userId'),
    status: {
      parse: (raw, key) => parse.oneOf(['unanswered', 'answered'])(raw, key),
      apply: (qb, v: string, p) => qb.andWhere(`q.answered = :${p}`, { [p]: v === 'answered' }),
    },
    hidden: filter.boolColumn('q.hidden'),
    pinned: filter.boolColumn('q.pinned'),
  },
};

/** What the audit log keeps of a question. */
const auditView = (q: LessonQuestion) => ({
  courseId: q.courseId,
  moduleId: q.moduleId,
  userId: q.userId,
  answered: q.answered,
  answerBody: q.answerBody,
  hidden: q.hidden,
  pinned: q.pinned,
});

/**
 * The mentor's side of lesson questions ('Spørsmål' in the panel): the queue, answering (the asker is
 * mailed through the outbox in the answer's transaction), hiding, pinning and deleting. Every write is audited.
 */
@Injectable()
export class AdminQuestionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly users: UserReader,
    private readonly courses: CoursesService,
    private readonly content: CatalogContentService,
    private readonly clock: Clock,
  ) {}

  /** The mentor's work queue: questions still waiting for an answer (hidden ones left out). */
  countUnanswered(): Promise<number> {
    return this.ds.getRepository(LessonQuestion).countBy({ answered: false, hidden: false });
  }

  async list(query: Record<string, unknown>): Promise<ListResult<AdminQuestion>> {
    const params = listParamsFor(query, QUESTIONS_LIST);
    const res = await runList(this.ds.getRepository(LessonQuestion).createQueryBuilder('q'), params, QUESTIONS_LIST);
    return { ...res, rows: await this.views(res.rows) };
  }

  async get(id: number): Promise<AdminQuestion> {
    return (await this.views([await this.load(id)]))[0];
  }

  /** Answers (or changes the answer); the first answer mails the asker, in the same transaction. */
  async answer(id: number, body: string, actor: User): Promise<AdminQuestion> {
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      const repo = m.getRepository(LessonQuestion);
      const q = await repo.findOneBy({ id });
      if (!q) throw notFound(QUESTION_MSG.notFound);
      const before = auditView(q);
      const first = !q.answered;
      Object.assign(q, { answered: true, answerBody: body, answeredAt: now, answeredBy: actor.id, updatedAt: now });
      await repo.save(q);
      await this.audit.record(
        m,
        actor,
        {
          action: first ? 'question.answer' : 'question.answer_edit',
          entity: 'lesson_question',
          entityId: id,
          before,
          after: auditView(q),
        },
        now,
      );
      if (!first || q.userId === null) return;
      const asker = await this.users.findById(q.userId, m);
      if (!asker) return;
      const courseTitle = await this.content.titleOf(q.courseId, m);
      const module = await this.content.findModule(q.moduleId, m);
      const mail = questionAnsweredMail(mailBrand(this.cfg), {
        mentorName: this.cfg.mentorName,
        firstName: asker.firstName,
        courseTitle,
        moduleTitle: module?.title ?? courseTitle,
        question: q.body,
        answer: body,
        url: `${this.cfg.publicUrl}/course/${q.courseId}`,
      });
      await this.outbox.enqueue(
        { ...mail, kind: 'question_answered', to: asker.email, userId: asker.id, dedupeKey: `question-answered:${id}` },
        m,
      );
    });
    return this.get(id);
  }

  async update(id: number, dto: UpdateQuestionRequest, actor: User): Promise<AdminQuestion> {
    if (dto.hidden === undefined && dto.pinned === undefined) throw badRequest(QUESTION_MSG.nothingToChange, 'VALIDATION_FAILED');
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      const repo = m.getRepository(LessonQuestion);
      const q = await repo.findOneBy({ id });
      if (!q) throw notFound(QUESTION_MSG.notFound);
      const before = auditView(q);
      if (dto.hidden !== undefined) q.hidden = dto.hidden;
      if (dto.pinned !== undefined) q.pinned = dto.pinned;
      q.updatedAt = now;
      await repo.save(q);
      await this.audit.record(
        m,
        actor,
        { action: 'question.update', entity: 'lesson_question', entityId: id, before, after: auditView(q) },
        now,
      );
    });
    return this.get(id);
  }

  async remove(id: number, actor: User): Promise<AdminQuestion> {
    const view = await this.get(id);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      const repo = m.getRepository(LessonQuestion);
      const q = await repo.findOneBy({ id });
      if (!q) throw notFound(QUESTION_MSG.notFound);
      await repo.delete({ id });
      await this.audit.record(
        m,
        actor,
        {
          action: 'question.delete',
          entity: 'lesson_question',
          entityId: id,
          before: { ...auditView(q), body: q.body },
          after: null,
        },
        now,
      );
    });
    return view;
  }

  private async load(id: number): Promise<LessonQuestion> {
    const q = await this.ds.getRepository(LessonQuestion).findOneBy({ id });
    if (!q) throw notFound(QUESTION_MSG.notFound);
    return q;
  }

  /** The rows with the course and module titles and the asker's address (one query for the addresses). */
  private async views(rows: LessonQuestion[]): Promise<AdminQuestion[]> {
    const emails = await this.users.emailsByIds(rows.flatMap((q) => (q.userId === null ? [] : [q.userId])));
    const titles = new Map<string, { title: string; modules: Map<number, string> }>();
    const out: AdminQuestion[] = [];
    for (const q of rows) {
      let course = titles.get(q.courseId);
      if (!course) {
        const c = await this.courses.content(q.courseId);
        course = { title: c?.title ?? q.courseId, modules: new Map((c?.modules ?? []).map((mod) => [mod.id, mod.title])) };
        titles.set(q.courseId, course);
      }
      let moduleTitle = course.modules.get(q.moduleId);
      if (moduleTitle === undefined) {
        moduleTitle = (await this.content.findModule(q.moduleId))?.title ?? `Modul ${q.moduleId}`;
        course.modules.set(q.moduleId, moduleTitle);
      }
      out.push({
        id: q.id,
        courseId: q.courseId,
        courseTitle: course.title,
        moduleId: q.moduleId,
        moduleTitle,
        userId: q.userId,
        askerEmail: q.userId === null ? null : (emails.get(q.userId) ?? null),
        askerName: askerNameOf(q),
        body: q.body,
        bodyHtml: renderQuestionMarkdown(q.body),
        status: q.answered ? 'answered' : 'unanswered',
        answerBody: q.answerBody,
        answerHtml: q.answerBody === null ? null : renderQuestionMarkdown(q.answerBody),
        answeredAt: q.answeredAt ? q.answeredAt.toISOString() : null,
        hidden: q.hidden,
        pinned: q.pinned,
        createdAt: q.createdAt.toISOString(),
      });
    }
    return out;
  }
}
