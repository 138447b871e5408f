import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { LIVE_SESSION_COURSE_IDS, MSG, type AdminLiveSession, type LiveSessionCourseId } from '@academy/contracts';
import { AccessRecordsService } from '../access/access-records.service';
import type { User } from '../identity/entities/user.entity';
import { AuditService } from '../platform/audit/audit.service';
import { badRequest, conflict, notFound } from '../platform/errors/app-error';
import { filter, listParamsFor, parse, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { LiveSessionCourse } from './entities/live-session-course.entity';
import { LiveSession } from './entities/live-session.entity';
import type { CreateLiveSessionDto, UpdateLiveSessionDto } from './dto/live-session.dto';
import { LiveMailerService } from './live-mailer.service';
import { inCatalogueOrder, isJoinUrl, toAdminLiveSession, type SessionWithCourses } from './live-mappers';
import { parseStartsAt, seriesStarts } from './recurrence';

/** A session that started less than this long ago still counts as coming (it may be under way). */
const UPCOMING_GRACE_MS = 6 * 3_600_000;

export const LIVE_SESSIONS_LIST: ListSpec<LiveSession> = {
  sort: {
    id: 'ls.id',
    startsAt: 'ls.startsAt',
    title: 'ls.title',
    createdAt: 'ls.createdAt',
    durationMinutes: 'ls.durationMinutes',
  },
  defaultSort: ['startsAt', 'DESC'],
  filters: {
    id: filter.ids('ls.id'),
    q: filter.search(['ls.title', 'ls.description']),
    courseId: {
      parse: (raw, key) => parse.oneOf(LIVE_SESSION_COURSE_IDS)(raw, key),
      apply: (qb, v: string, p) => {
        const sub = qb
          .subQuery()
          .select('1')
          .from(LiveSessionCourse, 'lsc')
          .where('lsc.sessionId = ls.id')
          .andWhere(`lsc.courseId = :${p}`)
          .getQuery();
        qb.andWhere(`EXISTS ${sub}`, { [p]: v });
      },
    },
    status: {
      parse: (raw, key) => parse.oneOf(['scheduled', 'cancelled'])(raw, key),
      apply: (qb, v: string) => qb.andWhere(v === 'cancelled' ? 'ls.cancelledAt IS NOT NULL' : 'ls.cancelledAt IS NULL'),
    },
    seriesId: filter.ids('ls.seriesId', 'string'),
    from: filter.from('ls.startsAt'),
    to: filter.to('ls.startsAt'),
    // The panel's default: sessions still to come, and one under way (started up to UPCOMING_GRACE_MS ago).
    upcoming: {
      parse: (raw, key) => parse.bool(raw, key),
      apply: (qb, v: boolean, p) =>
        qb.andWhere(v ? `ls.startsAt >= :${p}` : `ls.startsAt < :${p}`, { [p]: new Date(Date.now() - UPCOMING_GRACE_MS) }),
    },
  },
};

/** What the audit log keeps of a session. */
const auditView = (s: SessionWithCourses) => {
  const { createdAt: _c, updatedAt: _u, endsAt: _e, startsAtLocal: _l, ...rest } = toAdminLiveSession(s);
  return rest;
};

/**
 * The mentor's planning: create (one session or a series), list, show, change and cancel. Every
 * change is audited in its transaction; a cancelled or moved session mails its owners in the same
 * transaction (through the outbox).
 */
@Injectable()
export class AdminLiveSessionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly access: AccessRecordsService,
    private readonly mailer: LiveMailerService,
    private readonly clock: Clock,
  ) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminLiveSession>> {
    const params = listParamsFor(query, LIVE_SESSIONS_LIST);
    const res = await runList(this.ds.getRepository(LiveSession).createQueryBuilder('ls'), params, LIVE_SESSIONS_LIST);
    const withCourses = await this.withCourses(res.rows);
    return { ...res, rows: withCourses.map(toAdminLiveSession) };
  }

  async get(id: number): Promise<AdminLiveSession> {
    return toAdminLiveSession(await this.load(id));
  }

  async create(dto: CreateLiveSessionDto, actor: User): Promise<AdminLiveSession> {
    const first = parseStartsAt(dto.startsAt);
    if (!first) throw badRequest(MSG.liveStartsAt, 'VALIDATION_FAILED');
    if (!isJoinUrl(dto.joinUrl)) throw badRequest(MSG.liveJoinUrl, 'VALIDATION_FAILED');
    const starts = dto.recurrence ? seriesStarts(first, dto.recurrence) : [first];
    const seriesId = starts.length > 1 ? randomUUID() : null;
    const courseIds = inCatalogueOrder(dto.courseIds);
    const now = this.clock.now();
    const created = await this.ds.transaction(async (m) => {
      const out: SessionWithCourses[] = [];
      for (const startsAt of starts) {
        const row = m.getRepository(LiveSession).create({
          title: dto.title,
          description: dto.description ?? null,
          startsAt,
          durationMinutes: dto.durationMinutes,
          joinUrl: dto.joinUrl,
          recordingVideoId: null,
          notes: null,
          seriesId,
          cancelledAt: null,
          sequence: 0,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        const saved = await m.getRepository(LiveSession).save(row);
        await m.getRepository(LiveSessionCourse).insert(courseIds.map((courseId) => ({ sessionId: saved.id, courseId })));
        const one = { session: saved, courseIds };
        await this.audit.record(
          m,
          actor,
          { action: 'live_session.create', entity: 'live_session', entityId: saved.id, before: null, after: auditView(one) },
          now,
        );
        out.push(one);
      }
      return out;
    });
    return { ...toAdminLiveSession(created[0]), createdCount: created.length };
  }

  async update(id: number, dto: UpdateLiveSessionDto, actor: User): Promise<AdminLiveSession> {
    let startsAt: Date | undefined;
    if (dto.startsAt !== undefined) {
      const parsed = parseStartsAt(dto.startsAt);
      if (!parsed) throw badRequest(MSG.liveStartsAt, 'VALIDATION_FAILED');
      startsAt = parsed;
    }
    if (dto.joinUrl !== undefined && !isJoinUrl(dto.joinUrl)) throw badRequest(MSG.liveJoinUrl, 'VALIDATION_FAILED');
    const before = await this.load(id);
    if (before.session.cancelledAt) throw conflict(MSG.liveSessionCancelled);
    const courseIds = dto.courseIds ? inCatalogueOrder(dto.courseIds) : before.courseIds;
    const moved = startsAt !== undefined && startsAt.getTime() !== before.session.startsAt.getTime();
    // Owners of the courses after the change hear of a new time.
    const owners = moved ? await this.access.activeOwnerIds(courseIds) : [];
    const now = this.clock.now();
    const after = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(LiveSession);
      const s = await repo.findOneBy({ id });
      if (!s || s.cancelledAt) throw conflict(MSG.liveSessionCancelled);
      const shown =
        moved ||
        (dto.title !== undefined && dto.title !== s.title) ||
        (dto.durationMinutes !== undefined && dto.durationMinutes !== s.durationMinutes) ||
        (dto.description !== undefined && dto.description !== s.description);
      const previousStart = s.startsAt;
      if (dto.title !== undefined) s.title = dto.title;
      if (dto.description !== undefined) s.description = dto.description;
      if (startsAt !== undefined) s.startsAt = startsAt;
      if (dto.durationMinutes !== undefined) s.durationMinutes = dto.durationMinutes;
      if (dto.joinUrl !== undefined) s.joinUrl = dto.joinUrl;
      if (dto.recordingVideoId !== undefined) s.recordingVideoId = dto.recordingVideoId;
      if (dto.notes !== undefined) s.notes = dto.notes;
      if (shown) s.sequence += 1;
      s.updatedAt = now;
      await repo.save(s);
      if (dto.courseIds) {
        await m.getRepository(LiveSessionCourse).delete({ sessionId: id });
        await m.getRepository(LiveSessionCourse).insert(courseIds.map((courseId) => ({ sessionId: id, courseId })));
      }
      const one = { session: s, courseIds };
      await this.audit.record(
        m,
        actor,
        { action: 'live_session.update', entity: 'live_session', entityId: id, before: auditView(before), after: auditView(one) },
        now,
      );
      // A session that already ended moves without mails (the mentor correcting the record).
      if (moved && s.startsAt.getTime() > now.getTime())
        await this.mailer.notify(s, courseIds, owners, { kind: 'moved', previousStart }, m);
      return one;
    });
    return toAdminLiveSession(after);
  }

  /** Cancels a session (kept, shown as cancelled); its owners are mailed once. Cancelling twice changes nothing. */
  async cancel(id: number, actor: User): Promise<AdminLiveSession> {
    const before = await this.load(id);
    if (before.session.cancelledAt) return toAdminLiveSession(before);
    const owners = await this.access.activeOwnerIds(before.courseIds);
    const now = this.clock.now();
    const after = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(LiveSession);
      // Conditional: of two concurrent cancels only one changes the row (and mails).
      const res = await repo.update(
        { id, cancelledAt: IsNull() },
        { cancelledAt: now, sequence: () => 'sequence + 1', updatedAt: now },
      );
      const s = await repo.findOneBy({ id });
      if (!s) throw notFound(MSG.liveSessionNotFound);
      if (res.affected !== 1) return { session: s, courseIds: before.courseIds };
      const one = { session: s, courseIds: before.courseIds };
      await this.audit.record(
        m,
        actor,
        { action: 'live_session.cancel', entity: 'live_session', entityId: id, before: auditView(before), after: auditView(one) },
        now,
      );
      if (s.startsAt.getTime() + s.durationMinutes * 60_000 > now.getTime())
        await this.mailer.notify(s, before.courseIds, owners, { kind: 'cancelled' }, m);
      return one;
    });
    return toAdminLiveSession(after);
  }

  private async load(id: number, m: EntityManager = this.ds.manager): Promise<SessionWithCourses> {
    const s = await m.getRepository(LiveSession).findOneBy({ id });
    if (!s) throw notFound(MSG.liveSessionNotFound);
    const [one] = await this.withCourses([s], m);
    return one;
  }

  /** The sessions with their course ids. */
  async withCourses(sessions: LiveSession[], m: EntityManager = this.ds.manager): Promise<SessionWithCourses[]> {
    if (sessions.length === 0) return [];
    const links = await m.getRepository(LiveSessionCourse).find({ where: { sessionId: In(sessions.map((s) => s.id)) } });
    const by = new Map<number, string[]>();
    for (const l of links) by.set(l.sessionId, [...(by.get(l.sessionId) ?? []), l.courseId]);
    return sessions.map((session) => ({
      session,
      courseIds: inCatalogueOrder(by.get(session.id) ?? []) as LiveSessionCourseId[],
    }));
  }
}
