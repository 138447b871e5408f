import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccountExport } from '@academy/contracts';
import { CatalogContentService } from '../catalog/catalog-content.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { newToken } from '../platform/crypto/tokens';
import { OnEvent, type EventMap } from '../platform/events';
import { Clock } from '../platform/time/clock';
import { osloWallClock } from '../platform/time/oslo-time';
import { CalendarFeed } from './entities/calendar-feed.entity';
import { endOf, type SessionWithCourses } from './live-mappers';
import { LiveSessionsService, type Viewer } from './live-sessions.service';
import { UserReader } from '../identity/user-reader.service';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

const TZ = 'Europe/Oslo';

/**
 * An instant ical-generator writes as Oslo wall time: with an event time zone it asks a date for
 * `withTimeZone(tz)` and reads the result's local fields, which for a plain Date would be the
 * server's own zone. This answers them from Europe/Oslo whatever the server's TZ.
 */
function osloDate(d: Date): Date {
  // The shape ical-generator recognises as a zoned date (@date-fns/tz's TZDate): internal, tzComponents, withTimeZone.
  const stub = Object.assign(new Date(d.getTime()), {
    internal: new Date(d.getTime()),
    tzComponents: () => [],
    withTimeZone: (): Date => {
      const w = osloWallClock(d);
      const [y, m, day] = w.day.split('-').map(Number);
      const wall = new Date(Date.UTC(y, m - 1, day, w.hour, w.minute, d.getUTCSeconds()));
      // The wall time in UTC fields, and the same fields under the local names ical-generator reads.
      return Object.assign(wall, {
        getFullYear: () => wall.getUTCFullYear(),
        getMonth: () => wall.getUTCMonth(),
        getDate: () => wall.getUTCDate(),
        getHours: () => wall.getUTCHours(),
        getMinutes: () => wall.getUTCMinutes(),
        getSeconds: () => wall.getUTCSeconds(),
      });
    },
  });
  return stub;
}

/**
 * Europe/Oslo as a VTIMEZONE (RFC 5545 §3.6.5): CET/CEST with the EU rules (last Sunday of March
 * 02:00 → summer time, last Sunday of October 03:00 → winter time), in force since 1996.
 */
const OSLO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Oslo',
  'X-LIC-LOCATION:Europe/Oslo',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * Calendar files (RFC 5545, ical-generator): the private feed per student and the "Legg til i
 * kalender" file per session. Times are Europe/Oslo with its VTIMEZONE; each session's UID is
 * stable (`live-session-<id>@<host>`) and its SEQUENCE rises with every change, so a subscribed
 * calendar updates the event instead of adding one; a cancelled session stays with STATUS:CANCELLED
 * (so calendars that had it remove or strike it). The join link is never in a calendar file: a file
 * is fetched and kept long before the 15 minutes the link may show, so the event links to the
 * dashboard instead, where the link appears in its window.
 */
@OwnsPersonalData({ name: 'live', sections: ['calendarFeed'], tables: ['calendar_feeds'], eraseOrder: ERASURE_ORDER.live })
export class LiveCalendarService implements PersonalDataOwner {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sessions: LiveSessionsService,
    private readonly content: CatalogContentService,
    private readonly users: UserReader,
    private readonly clock: Clock,
  ) {}

  /**
   * The feed's address is a credential too: a claim, a password change or a reset gives it a new
   * secret, so a copy taken by whoever held the account before stops working.
   */
  @OnEvent('credentials.changed')
  async credentialsChanged(e: EventMap['credentials.changed']): Promise<void> {
    await this.ds.getRepository(CalendarFeed).delete({ userId: e.userId });
  }

  feedUrl(secret: string): string {
    return `${this.cfg.publicUrl}/api/calendar/${secret}.ics`;
  }

  /** The user's feed secret, made on first use. */
  async feedSecret(userId: number): Promise<string> {
    const repo = this.ds.getRepository(CalendarFeed);
    const found = await repo.findOneBy({ userId });
    if (found) return found.secret;
    const secret = newToken();
    await repo
      .createQueryBuilder()
      .insert()
      .into(CalendarFeed)
      .values({ userId, secret, createdAt: this.clock.now() })
      .orIgnore()
      .execute();
    return (await repo.findOneByOrFail({ userId })).secret;
  }

  /** A new secret: the old address answers 404 from now on. */
  async resetFeedSecret(userId: number): Promise<string> {
    const secret = newToken();
    await this.ds.transaction(async (m) => {
      await m.delete(CalendarFeed, { userId });
      await m.insert(CalendarFeed, { userId, secret, createdAt: this.clock.now() });
    });
    return secret;
  }

  /** The feed's owner, or null for an unknown secret. */
  async feedOwner(secret: string): Promise<number | null> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(secret)) return null;
    const row = await this.ds.getRepository(CalendarFeed).findOneBy({ secret });
    return row ? row.userId : null;
  }

  /** The private feed: every session of the user's courses from the last half year on. */
  async feedFor(userId: number): Promise<string | null> {
    const user = await this.users.findById(userId);
    if (!user) {
      // The account is gone: its feed goes with it.
      await this.ds.getRepository(CalendarFeed).delete({ userId });
      return null;
    }
    return this.render(await this.sessions.calendarSessions(user), 'feed');
  }

  /** One session's file. */
  async fileFor(user: Viewer, sessionId: number): Promise<string> {
    return this.render([await this.sessions.forOwner(user, sessionId)], 'file');
  }

  /** The data export: whether the account has a private calendar feed, and since when (never the secret). */
  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'calendarFeed'>> {
    const feed = await m.findOne(CalendarFeed, { where: { userId } });
    return { calendarFeed: feed ? { createdAt: feed.createdAt.toISOString() } : null };
  }

  /** Erasure, inside the caller's transaction. */
  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<{ calendarFeedsRemoved: number }> {
    return { calendarFeedsRemoved: (await m.delete(CalendarFeed, { userId })).affected ?? 0 };
  }

  private async render(list: SessionWithCourses[], kind: 'feed' | 'file'): Promise<string> {
    const host = new URL(this.cfg.publicUrl).hostname;
    const dashboard = `${this.cfg.publicUrl}/dashboard`;
    const cal = ical({
      name: kind === 'feed' ? `Live-økter – ${this.cfg.siteName}` : `${this.cfg.siteName}`,
      prodId: { company: this.cfg.siteName, product: 'Live-økter', language: 'NB' },
      // No calendar-wide zone name: ical-generator would then write DTSTAMP, CREATED and LAST-MODIFIED
      // as floating local times, and RFC 5545 wants them in UTC. The events carry TZID=Europe/Oslo and
      // the generator adds its VTIMEZONE.
      timezone: { name: null, generator: (tz) => (tz === TZ ? OSLO_VTIMEZONE : null) },
      method: kind === 'file' ? ICalCalendarMethod.PUBLISH : undefined,
      ttl: kind === 'feed' ? 3600 : undefined,
    });
    const titles = new Map<string, string>();
    for (const { session: s, courseIds } of list) {
      for (const c of courseIds) if (!titles.has(c)) titles.set(c, await this.content.titleOf(c));
      const description = [
        s.description ?? '',
        `Kurs: ${courseIds.map((c) => titles.get(c)).join(', ')}`,
        `Lenken for å bli med vises under «Live-økter» på ${dashboard} fra 15 minutter før start.`,
      ]
        .filter((x) => x !== '')
        .join('\n\n');
      cal.createEvent({
        id: `live-session-${s.id}@${host}`,
        sequence: s.sequence,
        start: osloDate(s.startsAt),
        end: osloDate(endOf(s)),
        timezone: TZ,
        stamp: s.updatedAt,
        created: s.createdAt,
        lastModified: s.updatedAt,
        summary: s.cancelledAt ? `AVLYST: ${s.title}` : s.title,
        description,
        url: dashboard,
        status: s.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    return cal.toString();
  }
}
