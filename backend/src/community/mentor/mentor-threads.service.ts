import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, MoreThanOrEqual, type EntityManager } from 'typeorm';
import {
  CHART_REVIEW_COURSE_IDS,
  MENTOR_MAX_IMAGES,
  MENTOR_MSG,
  mentorQuotaLabel,
  type AccountExport,
  type MentorQuota,
  type MentorThread as MentorThreadView,
  type MentorThreadsResponse,
} from '@academy/contracts';
import { GrantsService } from '../../access/grants.service';
import type { User } from '../../identity/entities/user.entity';
import { MentorshipService } from '../../mentorship/mentorship.service';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { osloDate, osloDayStart } from '../../platform/time/oslo-time';
import { Clock } from '../../platform/time/clock';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../../platform/personal-data';
import { MentorImage } from '../entities/mentor-image.entity';
import { MentorMessage } from '../entities/mentor-message.entity';
import { MentorThread, QUEUE_RANK } from '../entities/mentor-thread.entity';
import type { UploadedFile } from './mentor-form';
import { removeStudentImages } from './mentor-images';
import { MentorImagesService, type Admission, type StoredImage } from './mentor-images.service';
import { messagesOf, summaryView } from './mentor-views';

/**
 * The student's side of the mentor inbox ("Mentor" in the member area): threads and replies, who may
 * write and the monthly quota, and the threads' part of export and erasure. The chart images and the
 * day's image bytes are {@link MentorImagesService}'s.
 */
@OwnsPersonalData({
  name: 'mentorThreads',
  sections: ['mentorThreads'],
  tables: ['mentor_threads', 'mentor_messages', 'mentor_images'],
  eraseOrder: ERASURE_ORDER.mentorThreads,
})
export class MentorThreadsService implements PersonalDataOwner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly grants: GrantsService,
    private readonly mentorship: MentorshipService,
    private readonly images: MentorImagesService,
    private readonly clock: Clock,
  ) {}

  /** The mentor's work queue: inbox threads waiting for the mentor. */
  countWaiting(): Promise<number> {
    return this.ds.getRepository(MentorThread).countBy({ status: 'waiting' });
  }

  /** An active mentorship period, or an active grant of a course with chart review. */
  async eligible(user: Pick<User, 'id'>): Promise<boolean> {
    const courses = await this.grants.activeCourseIds(user.id);
    if (courses.some((c) => (CHART_REVIEW_COURSE_IDS as readonly string[]).includes(c))) return true;
    const { periods } = await this.mentorship.forStudent(user);
    return periods.some((p) => p.active);
  }

  /** Threads started since the first of this month (Oslo time), against MENTOR_THREADS_PER_MONTH. */
  async quota(userId: number, m: EntityManager = this.ds.manager): Promise<MentorQuota> {
    const monthStart = osloDayStart(`${osloDate(this.clock.now()).slice(0, 7)}-01`)!;
    const used = await m.getRepository(MentorThread).count({ where: { userId, createdAt: MoreThanOrEqual(monthStart) } });
    const limit = this.cfg.mentorThreadsPerMonth;
    return { used, limit, label: mentorQuotaLabel(used, limit) };
  }

  /**
   * Before a new thread's body is read: the student may use the inbox and has a thread left this
   * month. Answers the limits the form is read with (the image bytes left today).
   */
  async admitThread(user: User): Promise<Admission> {
    if (!(await this.eligible(user))) throw forbidden(MENTOR_MSG.notEligible);
    const quota = await this.quota(user.id);
    if (quota.used >= quota.limit) throw this.quotaReached(quota.limit);
    return this.images.admit(user.id);
  }

  /** Before a reply's body is read: the thread is the student's, open, and the student may use the inbox. */
  async admitReply(user: User, id: number): Promise<Admission> {
    const thread = await this.own(user, id);
    if (!(await this.eligible(user))) throw forbidden(MENTOR_MSG.notEligible);
    if (thread.status === 'closed') throw conflict(MENTOR_MSG.closed);
    return this.images.admit(user.id);
  }

  private quotaReached(limit: number): AppError {
    return new AppError(429, 'TOO_MANY_REQUESTS', MENTOR_MSG.quota(limit));
  }

  async overview(user: User): Promise<MentorThreadsResponse> {
    const [eligible, quota, rows] = await Promise.all([
      this.eligible(user),
      this.quota(user.id),
      this.ds
        .getRepository(MentorThread)
        .find({ where: { userId: user.id }, order: { lastMessageAt: 'DESC', id: 'DESC' }, take: 500 }),
    ]);
    return { eligible, quota, threads: rows.map(summaryView) };
  }

  /**
   * Starts a thread: eligibility, then the quota (the controller asks {@link admitThread} before the
   * body is read), then the images are decoded and stored, then one transaction counts the quota and
   * the day's images again under the student's lock and writes it all: parallel starts never pass
   * the quota.
   */
  async create(user: User, input: { title: string; body: string }, files: UploadedFile[]): Promise<MentorThreadView> {
    if (!(await this.eligible(user))) throw forbidden(MENTOR_MSG.notEligible);
    const quota = await this.quota(user.id);
    if (quota.used >= quota.limit) throw this.quotaReached(quota.limit);
    const threadId = await this.images.withImages(user.id, files, MENTOR_MAX_IMAGES, async (m, stored) => {
      await this.images.lockAndCheckImages(m, user.id, stored);
      const counted = await this.quota(user.id, m);
      if (counted.used >= counted.limit) throw this.quotaReached(counted.limit);
      const now = this.clock.now();
      const thread = await m.getRepository(MentorThread).save(
        m.getRepository(MentorThread).create({
          userId: user.id,
          title: input.title,
          status: 'waiting',
          queueRank: QUEUE_RANK.waiting,
          messageCount: 0,
          lastMessageAt: now,
          createdAt: now,
          updatedAt: now,
        }),
      );
      await addMessage(m, thread, { author: 'student', authorId: user.id, body: input.body, now }, stored);
      return thread.id;
    });
    return this.get(user, threadId);
  }

  /** The student writes again: the thread waits for the mentor again. A closed thread takes no more messages. */
  async reply(user: User, id: number, body: string, files: UploadedFile[]): Promise<MentorThreadView> {
    await this.own(user, id);
    if (!(await this.eligible(user))) throw forbidden(MENTOR_MSG.notEligible);
    await this.images.withImages(user.id, files, MENTOR_MAX_IMAGES, async (m, stored) => {
      await this.images.lockAndCheckImages(m, user.id, stored);
      const thread = await m.getRepository(MentorThread).findOneBy({ id, userId: user.id });
      if (!thread) throw notFound(MENTOR_MSG.notFound);
      if (thread.status === 'closed') throw conflict(MENTOR_MSG.closed);
      await addMessage(m, thread, { author: 'student', authorId: user.id, body, now: this.clock.now() }, stored, 'waiting');
    });
    return this.get(user, id);
  }

  /** The thread of its student (an admin may read any); anyone else gets 404, as if it did not exist. */
  async get(viewer: User, id: number): Promise<MentorThreadView> {
    const thread = viewer.role === 'admin' ? await this.findThread(id) : await this.own(viewer, id);
    const messages = await messagesOf(this.ds.manager, thread.id, {
      student: viewer.role === 'admin' ? MENTOR_MSG.student : (viewer.firstName ?? MENTOR_MSG.student),
      mentor: this.cfg.mentorName,
    });
    return { ...summaryView(thread), messages };
  }

  async findThread(id: number): Promise<MentorThread> {
    const t = await this.ds.getRepository(MentorThread).findOneBy({ id });
    if (!t) throw notFound(MENTOR_MSG.notFound);
    return t;
  }

  private async own(user: Pick<User, 'id'>, id: number): Promise<MentorThread> {
    const t = await this.ds.getRepository(MentorThread).findOneBy({ id, userId: user.id });
    if (!t) throw notFound(MENTOR_MSG.notFound);
    return t;
  }

  /** The account's threads for its data export, every message with its images' details. */
  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'mentorThreads'>> {
    const threads = await m.getRepository(MentorThread).find({ where: { userId }, order: { id: 'ASC' } });
    const messages = threads.length
      ? await m.getRepository(MentorMessage).find({ where: { threadId: In(threads.map((t) => t.id)) }, order: { id: 'ASC' } })
      : [];
    const images = await m.getRepository(MentorImage).find({ where: { userId }, order: { id: 'ASC' } });
    return {
      mentorThreads: threads.map((t) => ({
        title: t.title,
        status: t.status,
        createdAt: t.createdAt.toISOString(),
        messages: messages
          .filter((msg) => msg.threadId === t.id)
          .map((msg) => ({
            author: msg.author,
            body: msg.body,
            createdAt: msg.createdAt.toISOString(),
            images: images
              .filter((i) => i.messageId === msg.id)
              .map((i) => ({
                url: `/api/mentor/images/${i.id}`,
                contentType: i.contentType,
                width: i.width,
                height: i.height,
                bytes: i.bytes,
              })),
          })),
      })),
    };
  }

  /** Erasure, in the erasing transaction: the threads, their messages and image rows. The files go after commit ({@link afterErasure}). */
  async eraseFor(
    { userId }: DataSubject,
    m: EntityManager,
  ): Promise<{ mentorThreadsRemoved: number; mentorImagesRemoved: number }> {
    const threads = await m.getRepository(MentorThread).find({ select: { id: true }, where: { userId } });
    const images = await m.getRepository(MentorImage).delete({ userId });
    if (threads.length) await m.getRepository(MentorMessage).delete({ threadId: In(threads.map((t) => t.id)) });
    await m.getRepository(MentorThread).delete({ userId });
    return { mentorThreadsRemoved: threads.length, mentorImagesRemoved: images.affected ?? 0 };
  }

  /** The student's image files (after the erasure committed). */
  afterErasure(userId: number): Promise<void> {
    return removeStudentImages(this.cfg.uploadDir, userId);
  }
}

/** Adds a message (and its image rows) to a thread and moves the thread on. */
export async function addMessage(
  m: EntityManager,
  thread: MentorThread,
  msg: { author: 'student' | 'mentor'; authorId: number | null; body: string; now: Date },
  stored: StoredImage[],
  status = thread.status,
): Promise<MentorMessage> {
  const saved = await m
    .getRepository(MentorMessage)
    .save(
      m
        .getRepository(MentorMessage)
        .create({ threadId: thread.id, author: msg.author, authorId: msg.authorId, body: msg.body, createdAt: msg.now }),
    );
  for (const s of stored) {
    await m.getRepository(MentorImage).insert({
      threadId: thread.id,
      messageId: saved.id,
      userId: thread.userId,
      fileName: s.fileName,
      contentType: s.img.contentType,
      width: s.img.width,
      height: s.img.height,
      bytes: s.img.data.length,
      // The student's upload counts against the day's images; the mentor's never does.
      uploadBytes: msg.author === 'student' ? s.img.sourceBytes : null,
      createdAt: msg.now,
    });
  }
  Object.assign(thread, {
    status,
    queueRank: QUEUE_RANK[status],
    messageCount: thread.messageCount + 1,
    lastMessageAt: msg.now,
    updatedAt: msg.now,
  });
  await m.getRepository(MentorThread).save(thread);
  return saved;
}
