import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MENTOR_MSG, type AdminMentorThread, type AdminMentorThreadDetail, type MentorThreadStatus } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { mailBrand } from '../../outbox/mail-layout';
import { OutboxService } from '../../outbox/outbox.service';
import { AuditService } from '../../platform/audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { notFound } from '../../platform/errors/app-error';
import {
  containsSql,
  filter,
  likeContains,
  listParamsFor,
  parse,
  runList,
  type ListResult,
  type ListSpec,
} from '../../platform/list/list-query';
import { accountsMatchingSql } from '../../identity/account-conditions';
import { Clock } from '../../platform/time/clock';
import { MentorThread, QUEUE_RANK } from '../entities/mentor-thread.entity';
import type { UploadedFile } from './mentor-form';
import { mentorAnsweredMail } from './mentor-mail';
import { MentorImagesService } from './mentor-images.service';
import { addMessage, MentorThreadsService } from './mentor-threads.service';
import { messagesOf, summaryView } from './mentor-views';

export const MENTOR_THREADS_LIST: ListSpec<MentorThread> = {
  sort: {
    // The default ('queue' DESC): waiting first, then answered, then closed; the newest first within each.
    queue: ['t.queueRank', 't.lastMessageAt', 't.id'],
    id: 't.id',
    createdAt: 't.createdAt',
    lastMessageAt: 't.lastMessageAt',
    title: 't.title',
  },
  defaultSort: ['queue', 'DESC'],
  filters: {
    id: filter.ids('t.id'),
    // The title, or the student's e-mail or name (identity's subquery: the inbox does not read the users table).
    q: {
      parse: (raw, key) => filter.search<MentorThread>([]).parse(raw, key),
      apply: (qb, v: string, p) => {
        if (v === '') return;
        qb.andWhere(`(${containsSql(['t.title'], p)} OR t.userId IN ${accountsMatchingSql(qb, p)})`, {
          [p]: likeContains(v),
        });
      },
    },
    userId: filter.ids('t.userId'),
    status: {
      parse: (raw, key) => parse.oneOf(['waiting', 'answered', 'closed'])(raw, key),
      apply: (qb, v: string, p) => qb.andWhere(`t.status = :${p}`, { [p]: v }),
    },
  },
};

const auditView = (t: MentorThread) => ({ userId: t.userId, title: t.title, status: t.status, messageCount: t.messageCount });

/**
 * The mentor's side of the inbox ('Innboks' in the panel): the queue, answering (the student is
 * mailed through the outbox in the answer's transaction), the status. Every write is audited.
 */
@Injectable()
export class AdminMentorThreadsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly threads: MentorThreadsService,
    private readonly images: MentorImagesService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly users: UserReader,
    private readonly clock: Clock,
  ) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminMentorThread>> {
    const params = listParamsFor(query, MENTOR_THREADS_LIST);
    const res = await runList(this.ds.getRepository(MentorThread).createQueryBuilder('t'), params, MENTOR_THREADS_LIST);
    return { ...res, rows: await this.views(res.rows) };
  }

  async get(id: number): Promise<AdminMentorThreadDetail> {
    const thread = await this.threads.findThread(id);
    const [view] = await this.views([thread]);
    const messages = await messagesOf(this.ds.manager, id, { student: view.studentName, mentor: this.cfg.mentorName });
    return { ...view, messages };
  }

  /** The mentor answers (text, and at most one image): the thread is answered and the student mailed, in one transaction. */
  async answer(id: number, body: string, files: UploadedFile[], actor: User): Promise<AdminMentorThreadDetail> {
    const thread = await this.threads.findThread(id);
    await this.images.withImages(thread.userId, files, 1, async (m, stored) => {
      const t = await m.getRepository(MentorThread).findOneBy({ id });
      if (!t) throw notFound(MENTOR_MSG.notFound);
      const before = auditView(t);
      const now = this.clock.now();
      const msg = await addMessage(m, t, { author: 'mentor', authorId: actor.id, body, now }, stored, 'answered');
      await this.audit.record(
        m,
        actor,
        {
          action: 'mentor_thread.answer',
          entity: 'mentor_thread',
          entityId: id,
          before,
          after: { ...auditView(t), images: stored.length },
        },
        now,
      );
      const student = await this.users.findById(t.userId, m);
      if (!student) return;
      const mail = mentorAnsweredMail(mailBrand(this.cfg), {
        mentorName: this.cfg.mentorName,
        firstName: student.firstName,
        title: t.title,
        answer: body,
        withImage: stored.length > 0,
        url: `${this.cfg.publicUrl}/mentor/${t.id}`,
      });
      await this.outbox.enqueue(
        { ...mail, kind: 'mentor_answered', to: student.email, userId: student.id, dedupeKey: `mentor-answered:${msg.id}` },
        m,
      );
    });
    return this.get(id);
  }

  async setStatus(id: number, status: MentorThreadStatus, actor: User): Promise<AdminMentorThreadDetail> {
    await this.ds.transaction(async (m) => {
      const t = await m.getRepository(MentorThread).findOneBy({ id });
      if (!t) throw notFound(MENTOR_MSG.notFound);
      const before = auditView(t);
      const now = this.clock.now();
      Object.assign(t, { status, queueRank: QUEUE_RANK[status], updatedAt: now });
      await m.getRepository(MentorThread).save(t);
      await this.audit.record(
        m,
        actor,
        { action: 'mentor_thread.status', entity: 'mentor_thread', entityId: id, before, after: auditView(t) },
        now,
      );
    });
    return this.get(id);
  }

  /** The rows with the student's address and first name (one query for the addresses). */
  private async views(rows: MentorThread[]): Promise<AdminMentorThread[]> {
    const emails = await this.users.emailsByIds([...new Set(rows.map((t) => t.userId))]);
    const names = new Map<number, string | null>();
    for (const id of new Set(rows.map((t) => t.userId))) names.set(id, (await this.users.findById(id))?.firstName ?? null);
    return rows.map((t) => ({
      ...summaryView(t),
      userId: t.userId,
      studentEmail: emails.get(t.userId) ?? null,
      studentName: names.get(t.userId) || MENTOR_MSG.student,
    }));
  }
}
