import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isPlayerCourseId, MSG, type CalendarFeedResponse, type LiveSessionsResponse } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { badRequest, notFound } from '../platform/errors/app-error';
import { singleParam } from '../platform/list/list-query';
import { LiveCalendarService } from './live-calendar.service';
import { LiveSessionsService } from './live-sessions.service';

const ICS_TYPE = 'text/calendar; charset=utf-8';

/** `123.ics` → 123; anything else is a file that cannot exist. */
function sessionIdOf(file: string): number {
  const m = /^([1-9]\d{0,9})\.ics$/.exec(file);
  if (!m || Number(m[1]) > 2_147_483_647) throw notFound(MSG.liveSessionNotFound);
  return Number(m[1]);
}

/** The signed-in student's live sessions and the "Legg til i kalender" file of one. */
@Controller('api/live-sessions')
@SignedIn()
export class LiveSessionsController {
  constructor(
    private readonly sessions: LiveSessionsService,
    private readonly calendar: LiveCalendarService,
  ) {}

  /** Upcoming and past sessions of the courses the student owns (`?courseId=` narrows to one course: the player). */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() user: User): Promise<LiveSessionsResponse> {
    const courseId = singleParam(query, 'courseId');
    if (courseId !== undefined && !isPlayerCourseId(courseId)) throw badRequest(MSG.invalidValue('courseId'));
    return this.sessions.listFor(user, courseId);
  }

  /** `GET /api/live-sessions/:id.ics`: owners only (404 unknown, 403 not an owner). */
  @Get(':file')
  async ics(@Param('file') file: string, @CurrentUser() user: User, @Res() reply: FastifyReply): Promise<void> {
    const id = sessionIdOf(file);
    const body = await this.calendar.fileFor(user, id);
    void reply
      .header('content-type', ICS_TYPE)
      .header('content-disposition', `attachment; filename="live-okt-${id}.ics"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  }
}

/** The private calendar feed: the secret in the address is the only key. */
@Controller('api/calendar')
export class CalendarFeedController {
  constructor(private readonly calendar: LiveCalendarService) {}

  @Get(':file')
  async feed(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const m = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(file);
    const userId = m ? await this.calendar.feedOwner(m[1]) : null;
    const body = userId === null ? null : await this.calendar.feedFor(userId);
    if (body === null) throw notFound(MSG.calendarNotFound);
    void reply
      .header('content-type', ICS_TYPE)
      .header('content-disposition', 'inline; filename="live-okter.ics"')
      .header('cache-control', 'private, no-cache')
      .header('x-robots-tag', 'noindex')
      .send(body);
  }
}

/** Account settings: the feed's address, and a new one (the old stops working). */
@Controller('api/account/calendar')
@SignedIn()
export class AccountCalendarController {
  constructor(private readonly calendar: LiveCalendarService) {}

  @Get()
  async get(@CurrentUser() user: User, @Res({ passthrough: true }) reply: FastifyReply): Promise<CalendarFeedResponse> {
    void reply.header('cache-control', 'no-store');
    return { feedUrl: this.calendar.feedUrl(await this.calendar.feedSecret(user.id)) };
  }

  @Post('reset')
  @HttpCode(200)
  async reset(@CurrentUser() user: User, @Res({ passthrough: true }) reply: FastifyReply): Promise<CalendarFeedResponse> {
    void reply.header('cache-control', 'no-store');
    return { feedUrl: this.calendar.feedUrl(await this.calendar.resetFeedSecret(user.id)) };
  }
}
