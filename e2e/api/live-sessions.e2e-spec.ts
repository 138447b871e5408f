import type TestAgent from 'supertest/lib/agent';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { CalendarFeed } from '../../backend/src/live/entities/calendar-feed.entity';
import { LiveRemindersService } from '../../backend/src/live/live-reminders.service';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

/**
 * Live sessions (issue 17) with a hand-moved clock: the mentor's planning and its validation, series
 * across the clock changes, the join link's window and who sees what, the calendar files and the
 * private feed, reminders (once, even from two instances; none when cancelled or without access) and
 * the cancel/move mails.
 */

const JOIN = 'https://zoom.us/j/123456789?pwd=hemmelig';
const at = (iso: string) => new Date(iso);

/** The VEVENT blocks of an iCalendar text, unfolded (RFC 5545 §3.1). */
function vevents(ics: string): string[] {
  const text = ics.replace(/\r\n[ \t]/g, '');
  return text
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((b) => b.split('END:VEVENT')[0]);
}
const prop = (block: string, name: string): string | undefined =>
  block
    .split(/\r\n/)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');
const propLine = (block: string, name: string): string | undefined =>
  block.split(/\r\n/).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('live sessions', () => {
  const clock = new ManualClock(at('2026-03-18T08:00:00Z'));
  let t: TestApp;
  let admin: TestAgent;
  let owner: TestAgent;
  let ownerId: number;
  let ownerEmail: string;
  let leaver: TestAgent;
  let leaverId: number;
  let leaverEmail: string;
  let other: TestAgent;
  let otherEmail: string;

  const outbox = () => t.ds.getRepository(OutboxMessage);
  const mailsTo = async (to: string, kind: string) => (await outbox().findBy({ toAddress: to, kind })).map((m) => m);
  const create = (body: Record<string, unknown>) =>
    admin
      .post('/api/admin/live-sessions')
      .send({ courseIds: ['accelerator'], title: 'Live Q&A', durationMinutes: 60, joinUrl: JOIN, ...body });

  beforeAll(async () => {
    t = await startTestApp({ LIVE_REMINDER_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' }, { clock });
    ({ agent: admin } = await adminAgent(t));
    ({
      agent: owner,
      user: { id: ownerId, email: ownerEmail },
    } = await loginAs(t, { courses: ['accelerator'] }));
    ({
      agent: leaver,
      user: { id: leaverId, email: leaverEmail },
    } = await loginAs(t, { courses: ['kryptovaluta'] }));
    ({
      agent: other,
      user: { email: otherEmail },
    } = await loginAs(t, { courses: ['foundation'] }));
  });
  afterAll(() => t.close());

  it('refuses bad plans with 400 in the error shape, and non-admins with 401/403', async () => {
    const bad: Array<Record<string, unknown>> = [
      { courseIds: [] },
      { courseIds: ['starter'] },
      { courseIds: ['nope'] },
      { courseIds: 'accelerator' },
      { courseIds: ['accelerator', 'accelerator'] },
      { title: '' },
      { title: 'x'.repeat(201) },
      { startsAt: 'i morgen kl 18' },
      { startsAt: '2026-02-30T18:00' },
      { startsAt: '2026-03-20T25:00' },
      { startsAt: 1774026000000 },
      { startsAt: '2026-03-20T18:00', durationMinutes: 0 },
      { startsAt: '2026-03-20T18:00', durationMinutes: 601 },
      { startsAt: '2026-03-20T18:00', durationMinutes: '60' },
      { startsAt: '2026-03-20T18:00', joinUrl: 'http://zoom.us/j/1' },
      { startsAt: '2026-03-20T18:00', joinUrl: 'javascript:alert(1)' },
      { startsAt: '2026-03-20T18:00', joinUrl: 'https://bruker:pass@meet.google.com/abc' },
      { startsAt: '2026-03-20T18:00', joinUrl: `https://zoom.us/${'a'.repeat(500)}` },
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'daily', count: 3 } },
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'weekly' } },
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'weekly', count: 3, until: '2026-05-01' } },
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'weekly', count: 53 } },
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'weekly', until: '2028-01-01' } },
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'weekly', until: '2026-03-01' } },
      // The 20th is the third Friday of March, not the first.
      { startsAt: '2026-03-20T18:00', recurrence: { frequency: 'monthly-first-weekday', count: 3 } },
      { startsAt: '2026-03-20T18:00', recurrence: 'weekly' },
      { startsAt: '2026-03-20T18:00', meetingPassword: 'x' },
    ];
    for (const body of bad) {
      const res = await create(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toMatchObject({ statusCode: 400, code: expect.any(String), message: expect.any(String) });
    }
    const one = await create({ startsAt: '2026-03-20T18:00' }).expect(201);
    for (const body of [
      { recordingVideoId: 'kort' },
      { joinUrl: 'ftp://x.no' },
      { startsAt: 'snart' },
      { title: null },
      { status: 'cancelled' },
    ]) {
      await admin.put(`/api/admin/live-sessions/${one.body.id}`).send(body).expect(400);
    }
    await admin.get('/api/admin/live-sessions/abc').expect(404);
    await admin.get('/api/admin/live-sessions/999999').expect(404);
    await owner.post('/api/admin/live-sessions').send({}).expect(403);
    await t.http().get('/api/admin/live-sessions').expect(401);
    await admin.delete(`/api/admin/live-sessions/${one.body.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
  });

  // (Before the two-instance test below: passport keeps one registry per process, so a sign-in after a
  // second app in this process has closed would reach that app's closed database.)
  it("lists the feed in the account's data export (without the secret) and removes it with the account", async () => {
    const { agent, user, password } = await loginAs(t, { courses: ['accelerator'] });
    const { feedUrl } = (await agent.get('/api/account/calendar').expect(200)).body as { feedUrl: string };
    const exported = (await agent.get('/api/account/export').expect(200)).body;
    expect(exported.calendarFeed).toEqual({ createdAt: expect.any(String) });
    expect(JSON.stringify(exported)).not.toContain(new URL(feedUrl).pathname.split('/').pop()!.replace('.ics', ''));
    await agent.delete('/api/account').send({ password }).expect(200);
    expect(await t.ds.getRepository(CalendarFeed).count({ where: { userId: user.id } })).toBe(0);
    await t.http().get(new URL(feedUrl).pathname).expect(404);
  });

  it('creates a series on the same Oslo wall time across the clock changes (weekly and first weekday of the month)', async () => {
    // Summer time starts on Sunday 29 March 2026: 18:00 is 17:00Z before and 16:00Z after.
    const weekly = await create({
      title: 'Ukentlig VIP',
      startsAt: '2026-03-19T18:00',
      recurrence: { frequency: 'weekly', count: 3 },
    }).expect(201);
    expect(weekly.body).toMatchObject({
      startsAt: '2026-03-19T17:00:00.000Z',
      startsAtLocal: '2026-03-19T18:00',
      createdCount: 3,
    });
    const series = await admin
      .get('/api/admin/live-sessions')
      .query({ filter: JSON.stringify({ seriesId: weekly.body.seriesId }), sort: '["startsAt","ASC"]' })
      .expect(200);
    expect(series.headers['content-range']).toBe('live-sessions 0-2/3');
    expect(series.body.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      '2026-03-19T17:00:00.000Z',
      '2026-03-26T17:00:00.000Z',
      '2026-04-02T16:00:00.000Z',
    ]);
    expect(series.body.every((s: { startsAtLocal: string }) => s.startsAtLocal.endsWith('T18:00'))).toBe(true);

    // Winter time comes back on Sunday 25 October 2026. 6 October is the first Tuesday of the month.
    const monthly = await create({
      title: 'Månedlig Accelerator',
      startsAt: '2026-10-06T18:00',
      recurrence: { frequency: 'monthly-first-weekday', until: '2027-01-10' },
    }).expect(201);
    const months = await admin
      .get('/api/admin/live-sessions')
      .query({ filter: JSON.stringify({ seriesId: monthly.body.seriesId }), sort: '["startsAt","ASC"]' })
      .expect(200);
    expect(months.body.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      '2026-10-06T16:00:00.000Z',
      '2026-11-03T17:00:00.000Z',
      '2026-12-01T17:00:00.000Z',
      '2027-01-05T17:00:00.000Z',
    ]);
    // An ISO instant is taken as it is.
    const iso = await create({ startsAt: '2026-07-01T16:30:00Z' }).expect(201);
    expect(iso.body).toMatchObject({
      startsAt: '2026-07-01T16:30:00.000Z',
      startsAtLocal: '2026-07-01T18:30',
      endsAt: '2026-07-01T17:30:00.000Z',
    });
    const audit = await t.ds.getRepository(AuditLog).findBy({ action: 'live_session.create', entity: 'live_session' });
    expect(audit.length).toBeGreaterThanOrEqual(8);
    // Tidy: cancel these so they stay out of the later checks.
    for (const id of [
      ...series.body.map((s: { id: number }) => s.id),
      ...months.body.map((s: { id: number }) => s.id),
      iso.body.id,
    ])
      await admin.delete(`/api/admin/live-sessions/${id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
  });

  let sessionA: number;

  it('reminds the owners 24 hours and 1 hour before, once each even from two instances, never a cancelled session or a student without access', async () => {
    const a = await create({
      courseIds: ['accelerator', 'kryptovaluta'],
      title: 'Markedsgjennomgang',
      startsAt: '2026-03-19T18:00',
    }).expect(201);
    sessionA = a.body.id;
    const cancelled = await create({ courseIds: ['accelerator'], title: 'Avlyses', startsAt: '2026-03-19T18:30' }).expect(201);
    await admin.delete(`/api/admin/live-sessions/${cancelled.body.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    const reminders = t.app.get(LiveRemindersService);

    clock.set(at('2026-03-18T16:59:00Z')); // 24 h 1 min before A
    await reminders.runDue();
    expect(await mailsTo(ownerEmail, 'live_reminder')).toHaveLength(0);

    clock.set(at('2026-03-18T17:00:00Z')); // exactly 24 h before
    // A second instance on the same database runs its round at the same time.
    const second = await startTestApp({ LIVE_REMINDER_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' }, { db: t.db, clock });
    try {
      await Promise.all([reminders.runDue(), second.app.get(LiveRemindersService).runDue(), reminders.runDue()]);
      await second.app.get(LiveRemindersService).runDue();
    } finally {
      await second.app.close();
    }
    await reminders.runDue();
    const ownerMails = await mailsTo(ownerEmail, 'live_reminder');
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0].subject).toContain('Markedsgjennomgang');
    expect(ownerMails[0].dedupeKey).toBe(`live-24h:${sessionA}:${at('2026-03-19T17:00:00Z').getTime()}:${ownerId}`);
    expect(ownerMails[0].textBody).toContain('19. mars 2026 kl. 18:00');
    expect(ownerMails[0].textBody).not.toContain(JOIN);
    expect(await mailsTo(leaverEmail, 'live_reminder')).toHaveLength(1);
    expect(await mailsTo(otherEmail, 'live_reminder')).toHaveLength(0);

    // The kryptovaluta student loses access before the 1-hour reminder.
    await t.ds.getRepository(Grant).update({ userId: leaverId }, { revokedAt: clock.now() });
    clock.set(at('2026-03-19T16:00:00Z'));
    await reminders.runDue();
    await reminders.runDue();
    const now = await mailsTo(ownerEmail, 'live_reminder');
    expect(now.map((m) => m.dedupeKey?.split(':')[0]).sort()).toEqual(['live-1h', 'live-24h']);
    expect(await mailsTo(leaverEmail, 'live_reminder')).toHaveLength(1);
    // Nothing for the cancelled session, to anyone.
    const all = await outbox().findBy({ kind: 'live_reminder' });
    expect(all.filter((m) => m.dedupeKey?.includes(`:${cancelled.body.id}:`))).toHaveLength(0);
    // The cancelled session's owners were told it was cancelled (once).
    const cancelMails = await mailsTo(ownerEmail, 'live_changed');
    expect(cancelMails.filter((m) => m.subject.startsWith('Avlyst: Avlyses'))).toHaveLength(1);
  });

  it('shows the join link only to owners, only from 15 minutes before the start until the end; recordings on past sessions', async () => {
    const list = async (agent: TestAgent) => agent.get('/api/live-sessions').expect(200);
    clock.set(at('2026-03-19T16:44:59Z'));
    let res = await list(owner);
    let a = res.body.upcoming.find((s: { id: number }) => s.id === sessionA);
    expect(a).toMatchObject({
      title: 'Markedsgjennomgang',
      startsAt: '2026-03-19T17:00:00.000Z',
      joinUrl: null,
      joinOpensAt: '2026-03-19T16:45:00.000Z',
    });
    expect(res.text).not.toContain('zoom.us');
    // The cancelled one shows as cancelled, without a link.
    expect(res.body.upcoming.find((s: { title: string }) => s.title === 'Avlyses')).toMatchObject({
      status: 'cancelled',
      joinUrl: null,
    });

    clock.set(at('2026-03-19T16:45:00Z'));
    res = await list(owner);
    a = res.body.upcoming.find((s: { id: number }) => s.id === sessionA);
    expect(a.joinUrl).toBe(JOIN);
    // Not an owner (foundation), lost access (kryptovaluta revoked), not signed in: nothing.
    for (const agent of [other, leaver]) {
      const r = await list(agent);
      expect(r.body).toEqual({ upcoming: [], past: [] });
      expect(r.text).not.toContain('zoom.us');
    }
    await t.http().get('/api/live-sessions').expect(401);
    await other.get(`/api/live-sessions/${sessionA}.ics`).expect(403);
    await t.http().get(`/api/live-sessions/${sessionA}.ics`).expect(401);
    await owner.get('/api/live-sessions/999999.ics').expect(404);
    await owner.get(`/api/live-sessions/${sessionA}`).expect(404);
    await owner.get('/api/live-sessions?courseId=nope').expect(400);
    expect((await owner.get('/api/live-sessions?courseId=foundation').expect(200)).body).toEqual({ upcoming: [], past: [] });
    expect(
      (await owner.get('/api/live-sessions?courseId=accelerator').expect(200)).body.upcoming.map((s: { id: number }) => s.id),
    ).toContain(sessionA);

    clock.set(at('2026-03-19T17:59:59Z'));
    a = (await list(owner)).body.upcoming.find((s: { id: number }) => s.id === sessionA);
    expect(a.joinUrl).toBe(JOIN);

    clock.set(at('2026-03-19T18:00:00Z')); // ended
    await admin
      .put(`/api/admin/live-sessions/${sessionA}`)
      .send({ recordingVideoId: 'https://youtu.be/dQw4w9WgXcQ', notes: 'Lysark i Discord.' })
      .expect(200);
    res = await list(owner);
    expect(res.body.upcoming.find((s: { id: number }) => s.id === sessionA)).toBeUndefined();
    expect(res.body.past.find((s: { id: number }) => s.id === sessionA)).toMatchObject({
      joinUrl: null,
      recordingVideoId: 'dQw4w9WgXcQ',
      notes: 'Lysark i Discord.',
    });
    expect(res.text).not.toContain('zoom.us');
  });

  it('serves "Legg til i kalender" and a private feed (Europe/Oslo, stable UID, no join link, cancelled as CANCELLED); a reset kills the old address', async () => {
    clock.set(at('2026-03-19T19:00:00Z'));
    const b = await create({
      courseIds: ['accelerator'],
      title: 'Sommertid-økt',
      description: 'Vi ser på ukens marked.',
      startsAt: '2026-04-02T18:00',
    }).expect(201);

    const file = await owner
      .get(`/api/live-sessions/${b.body.id}.ics`)
      .buffer(true)
      .parse(textParser as never)
      .expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="live-okt-\d+\.ics"/);
    const [ev] = vevents(file.body);
    expect(vevents(file.body)).toHaveLength(1);
    expect(file.body).toContain('BEGIN:VCALENDAR');
    expect(file.body).toContain('TZID:Europe/Oslo');
    expect(propLine(ev, 'DTSTART')).toBe('DTSTART;TZID=Europe/Oslo:20260402T180000');
    expect(propLine(ev, 'DTEND')).toBe('DTEND;TZID=Europe/Oslo:20260402T190000');
    expect(prop(ev, 'SUMMARY')).toBe('Sommertid-økt');
    // DTSTAMP is UTC (RFC 5545 §3.8.7.2); the Oslo zone is described once.
    expect(prop(ev, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(file.body.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    const uid = prop(ev, 'UID');
    expect(uid).toBe(`live-session-${b.body.id}@localhost`);
    expect(file.body).not.toContain('zoom.us');

    const feedRes = await owner.get('/api/account/calendar').expect(200);
    const feedUrl: string = feedRes.body.feedUrl;
    expect(feedUrl).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await owner.get('/api/account/calendar').expect(200)).body.feedUrl).toBe(feedUrl);
    const path = new URL(feedUrl).pathname;
    const feed = async (p: string) =>
      (
        await t
          .http()
          .get(p)
          .buffer(true)
          .parse(textParser as never)
          .expect(200)
      ).body as string;

    // In the join window of B, the feed still carries no link.
    clock.set(at('2026-04-02T15:50:00Z'));
    let ics = await feed(path);
    let events = vevents(ics);
    const titles = events.map((e) => prop(e, 'SUMMARY'));
    expect(titles).toEqual(expect.arrayContaining(['Markedsgjennomgang', 'Sommertid-økt', 'AVLYST: Avlyses']));
    expect(ics).not.toContain('zoom.us');
    const evB = events.find((e) => prop(e, 'UID') === uid)!;
    expect(propLine(evB, 'DTSTART')).toBe('DTSTART;TZID=Europe/Oslo:20260402T180000');
    expect(prop(evB, 'STATUS')).toBe('CONFIRMED');
    expect(events.find((e) => prop(e, 'SUMMARY') === 'AVLYST: Avlyses')).toMatch(/STATUS:CANCELLED/);
    const count = events.length;

    // Moved: same UID, new time, higher SEQUENCE.
    clock.set(at('2026-04-01T10:00:00Z'));
    await admin.put(`/api/admin/live-sessions/${b.body.id}`).send({ startsAt: '2026-04-02T19:30' }).expect(200);
    ics = await feed(path);
    events = vevents(ics);
    expect(events).toHaveLength(count);
    const moved = events.find((e) => prop(e, 'UID') === uid)!;
    expect(propLine(moved, 'DTSTART')).toBe('DTSTART;TZID=Europe/Oslo:20260402T193000');
    expect(Number(prop(moved, 'SEQUENCE'))).toBeGreaterThan(Number(prop(evB, 'SEQUENCE') ?? 0));

    // Someone without the course gets an empty calendar; an unknown secret 404.
    const otherFeed = new URL((await other.get('/api/account/calendar').expect(200)).body.feedUrl).pathname;
    expect(vevents(await feed(otherFeed))).toHaveLength(0);
    await t.http().get('/api/calendar/finnesikke-finnesikke-finnesikke.ics').expect(404);
    await t.http().get('/api/calendar/x.ics').expect(404);

    // Reset: the old address stops working, the new one works.
    await t.http().post('/api/account/calendar/reset').set('X-Requested-With', 'XMLHttpRequest').expect(401);
    const reset = await owner.post('/api/account/calendar/reset').set('X-Requested-With', 'XMLHttpRequest').expect(200);
    expect(reset.body.feedUrl).not.toBe(feedUrl);
    await t.http().get(path).expect(404);
    expect(vevents(await feed(new URL(reset.body.feedUrl).pathname))).toHaveLength(count);
  });

  it('mails the owners when a session is moved or cancelled (once), and a cancelled session cannot be edited', async () => {
    clock.set(at('2026-04-05T10:00:00Z'));
    const c = await create({ courseIds: ['accelerator'], title: 'Flytteøkt', startsAt: '2026-04-10T18:00' }).expect(201);
    const moved = await admin.put(`/api/admin/live-sessions/${c.body.id}`).send({ startsAt: '2026-04-11T12:00' }).expect(200);
    expect(moved.body).toMatchObject({ startsAt: '2026-04-11T10:00:00.000Z', startsAtLocal: '2026-04-11T12:00' });
    // The same time again is not a move.
    await admin.put(`/api/admin/live-sessions/${c.body.id}`).send({ startsAt: '2026-04-11T12:00' }).expect(200);
    let mails = (await mailsTo(ownerEmail, 'live_changed')).filter((m) => m.subject.includes('Flytteøkt'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Ny tid: Flytteøkt flyttet til 11. april 2026 kl. 12:00');
    expect(mails[0].textBody).toContain('10. april 2026 kl. 18:00');
    expect((await mailsTo(otherEmail, 'live_changed')).filter((m) => m.subject.includes('Flytteøkt'))).toHaveLength(0);

    await admin.delete(`/api/admin/live-sessions/${c.body.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    const again = await admin
      .delete(`/api/admin/live-sessions/${c.body.id}`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .expect(200);
    expect(again.body).toMatchObject({ status: 'cancelled' });
    mails = (await mailsTo(ownerEmail, 'live_changed')).filter((m) => m.subject.includes('Flytteøkt'));
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Avlyst', 'Ny tid']);
    const conflict = await admin.put(`/api/admin/live-sessions/${c.body.id}`).send({ title: 'Ny' }).expect(409);
    expect(conflict.body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });

    // Inside what would have been its window, the cancelled session shows no link.
    clock.set(at('2026-04-11T09:50:00Z'));
    const list = await owner.get('/api/live-sessions').expect(200);
    expect(list.body.upcoming.find((s: { id: number }) => s.id === c.body.id)).toMatchObject({
      status: 'cancelled',
      joinUrl: null,
    });
    expect(list.text).not.toContain('zoom.us');
    // And no reminders for it.
    await t.app.get(LiveRemindersService).runDue();
    expect(
      (await outbox().findBy({ kind: 'live_reminder' })).filter((m) => m.dedupeKey?.includes(`:${c.body.id}:`)),
    ).toHaveLength(0);
    const audit = await t.ds.getRepository(AuditLog).findBy({ entity: 'live_session', entityId: String(c.body.id) });
    expect(audit.map((r) => r.action).sort()).toEqual([
      'live_session.cancel',
      'live_session.create',
      'live_session.update',
      'live_session.update',
    ]);
  });

  it("lists every upcoming session of the student's courses, however many (no cut at a count)", async () => {
    for (const startsAt of ['2027-01-05T18:00', '2028-01-04T18:00']) {
      await create({ title: 'Ukentlig gjennomgang', startsAt, recurrence: { frequency: 'weekly', count: 52 } }).expect(201);
    }
    const res = await owner.get('/api/live-sessions').expect(200);
    const weekly = (res.body.upcoming as Array<{ title: string }>).filter((s) => s.title === 'Ukentlig gjennomgang');
    expect(weekly).toHaveLength(104);
  });
});

/** Collects a text body whatever its content type (supertest parses only some). */
function textParser(
  res: NodeJS.ReadableStream & { setEncoding(e: string): void },
  cb: (err: Error | null, body: string) => void,
): void {
  let data = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (data += chunk));
  res.on('end', () => cb(null, data));
}
