import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  LIVE_JOIN_OPENS_BEFORE_MS,
  LIVE_SESSION_COURSE_IDS,
  MSG,
  type LiveSessionView,
  type LiveSessionsResponse,
  type Role,
} from '@academy/contracts';
import { GrantsService } from '../access/grants.service';
import { forbidden, notFound } from '../platform/errors/app-error';
import { Clock } from '../platform/time/clock';
import { LiveSessionCourse } from './entities/live-session-course.entity';
import { LiveSession } from './entities/live-session.entity';
import { endOf, inCatalogueOrder, type SessionWithCourses } from './live-mappers';
import { AdminLiveSessionsService } from './admin-live-sessions.service';

/** How far back the calendar feed and the list of past sessions reach (every session of the period is listed). */
const FEED_PAST_DAYS = 180;

/** Who is asking: the signed-in user (or the feed's owner). */
export interface Viewer {
  id: number;
  role: Role;
}

/** Whether the join link may be shown at `now`: from 15 minutes before the start until the end, never for a cancelled session. */
export function joinWindowOpen(s: LiveSession, now: Date): boolean {
  const t = now.getTime();
  return !s.cancelledAt && t >= s.startsAt.getTime() - LIVE_JOIN_OPENS_BEFORE_MS && t < endOf(s).getTime();
}

/**
 * Live sessions as students see them: only sessions of courses they own, the join link only inside
 * its window, recordings and notes on past sessions.
 */
@Injectable()
export class LiveSessionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly grants: GrantsService,
    private readonly admin: AdminLiveSessionsService,
    private readonly clock: Clock,
  ) {}

  /**
   * The live-session courses the user owns (an admin sees every course, as in the player). VIP's
   * weekly sessions are for members whose VIP grant is active: it ends with the period.
   */
  async ownedCourseIds(user: Viewer): Promise<string[]> {
    if (user.role === 'admin') return [...LIVE_SESSION_COURSE_IDS];
    const owned = new Set<string>(await this.grants.activeCatalogIds(user.id));
    return LIVE_SESSION_COURSE_IDS.filter((id) => owned.has(id));
  }

  /** Sessions for any of the courses, starting at or after `from`, soonest first. */
  async sessionsOf(courseIds: string[], from: Date, limit = 500): Promise<SessionWithCourses[]> {
    if (courseIds.length === 0) return [];
    const rows = await this.ds
      .getRepository(LiveSession)
      .createQueryBuilder('ls')
      .where((qb) => {
        const sub = qb
          .subQuery()
          .select('1')
          .from(LiveSessionCourse, 'lsc')
          .where('lsc.sessionId = ls.id')
          .andWhere('lsc.courseId IN (:...courseIds)')
          .getQuery();
        return `EXISTS ${sub}`;
      })
      .andWhere('ls.startsAt >= :from')
      .setParameters({ courseIds, from })
      .orderBy('ls.startsAt', 'ASC')
      .addOrderBy('ls.id', 'ASC')
      .limit(limit)
      .getMany();
    return this.admin.withCourses(rows);
  }

  /** GET /api/live-sessions[?courseId=…]: upcoming (not yet ended) and past sessions of the user's courses. */
  async listFor(user: Viewer, courseId?: string): Promise<LiveSessionsResponse> {
    let courses = await this.ownedCourseIds(user);
    if (courseId !== undefined) courses = courses.filter((c) => c === courseId);
    const now = this.clock.now();
    const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
    const all = await this.sessionsOf(courses, from, 2000);
    // Every upcoming session and every past one of the period: no silent cut at a count.
    const upcoming = all.filter(({ session }) => endOf(session).getTime() > now.getTime());
    const past = all.filter(({ session }) => !session.cancelledAt && endOf(session).getTime() <= now.getTime()).reverse();
    return { upcoming: upcoming.map((s) => this.view(s, now)), past: past.map((s) => this.view(s, now)) };
  }

  /** One session for its owner (the "Legg til i kalender" file): 404 unknown, 403 not an owner. */
  async forOwner(user: Viewer, id: number): Promise<SessionWithCourses> {
    const s = await this.ds.getRepository(LiveSession).findOneBy({ id });
    if (!s) throw notFound(MSG.liveSessionNotFound);
    const [one] = await this.admin.withCourses([s]);
    const owned = await this.ownedCourseIds(user);
    if (!one.courseIds.some((c) => owned.includes(c))) throw forbidden(MSG.courseNotOwned);
    return one;
  }

  private view({ session: s, courseIds }: SessionWithCourses, now: Date): LiveSessionView {
    const ended = endOf(s).getTime() <= now.getTime();
    return {
      id: s.id,
      courseIds: inCatalogueOrder(courseIds),
      title: s.title,
      description: s.description,
      startsAt: s.startsAt.toISOString(),
      endsAt: endOf(s).toISOString(),
      durationMinutes: s.durationMinutes,
      status: s.cancelledAt ? 'cancelled' : 'scheduled',
      joinOpensAt: new Date(s.startsAt.getTime() - LIVE_JOIN_OPENS_BEFORE_MS).toISOString(),
      joinUrl: joinWindowOpen(s, now) ? s.joinUrl : null,
      recordingVideoId: ended ? s.recordingVideoId : null,
      notes: ended ? s.notes : null,
    };
  }

  /** Sessions of a user's courses for the calendar (the last half year and everything ahead). */
  async calendarSessions(user: Viewer): Promise<SessionWithCourses[]> {
    const courses = await this.ownedCourseIds(user);
    const from = new Date(this.clock.now().getTime() - FEED_PAST_DAYS * 86_400_000);
    return this.sessionsOf(courses, from);
  }

  /** Sessions not cancelled starting in (from, to] (the reminder scheduler). */
  async startingBetween(from: Date, to: Date): Promise<SessionWithCourses[]> {
    const rows = await this.ds
      .getRepository(LiveSession)
      .createQueryBuilder('ls')
      .where('ls.cancelledAt IS NULL')
      .andWhere('ls.startsAt > :from', { from })
      .andWhere('ls.startsAt <= :to', { to })
      .orderBy('ls.startsAt', 'ASC')
      .getMany();
    return this.admin.withCourses(rows);
  }
}
