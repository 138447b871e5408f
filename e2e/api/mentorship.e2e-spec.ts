import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { MentorshipService } from '../../backend/src/mentorship/mentorship.service';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const START = new Date('2026-01-10T09:00:00.000Z');
/** Three calendar months after START. */
const END = new Date('2026-04-10T09:00:00.000Z');
const BOOKING = 'https://kalender.example.no/mentor';

describe('mentorship period: Accelerator grants carry three months of mentoring', () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let runDue: () => Promise<number>;

  beforeAll(async () => {
    clock = new ManualClock(START);
    t = await startTestApp({ MENTORSHIP_REMINDER_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' }, { clock });
    admin = await adminAgent(t);
    const service = t.app.get(MentorshipService);
    runDue = () => service.runDue();
  });
  afterAll(() => t.close());

  /** A student granted the course by the admin (through the API, at the clock's time). */
  async function student(courseId = 'accelerator') {
    const s = await loginAs(t);
    const res = await admin.agent.post(`/api/admin/users/${s.user.id}/grants`).send({ courseId }).expect(201);
    return { ...s, grantId: res.body.id as number };
  }

  const mails = (userId: number) => t.ds.getRepository(OutboxMessage).find({ where: { userId, kind: 'mentorship_ending' } });

  it('the dashboard gets the period (3 months from the grant), days left, and the contact mailbox without a booking link', async () => {
    const s = await student();
    const grant = await t.ds.getRepository(Grant).findOneByOrFail({ id: s.grantId });
    expect(grant.grantedAt.toISOString()).toBe(START.toISOString());
    const res = await s.agent.get('/api/mentorship').expect(200);
    expect(res.body).toEqual({
      periods: [
        {
          courseId: 'accelerator',
          courseTitle: expect.any(String),
          startsAt: START.toISOString(),
          endsAt: END.toISOString(),
          daysLeft: 90,
          active: true,
        },
      ],
      bookingUrl: null,
      contactEmail: t.cfg.contactEmail,
    });
    clock.advance(10 * DAY + 3600_000);
    expect((await s.agent.get('/api/mentorship').expect(200)).body.periods[0].daysLeft).toBe(80);
    clock.set(START);
  });

  it('a Foundation student has no period; anonymous callers get 401', async () => {
    const s = await student('foundation');
    expect((await s.agent.get('/api/mentorship').expect(200)).body.periods).toEqual([]);
    await t.http().get('/api/mentorship').expect(401);
  });

  it('the booking link is a site setting the admin edits (validated, audited); blank removes it', async () => {
    const s = await student();
    for (const bad of ['http://kalender.example.no', 'javascript:alert(1)', 'https://a b', `https://x.no/${'a'.repeat(600)}`]) {
      const res = await admin.agent
        .put('/api/admin/settings')
        .send({ videoOverlayText: 'Kommer snart', mentorBookingUrl: bad })
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const saved = await admin.agent
      .put('/api/admin/settings')
      .send({ videoOverlayText: 'Kommer snart', mentorBookingUrl: BOOKING })
      .expect(200);
    expect(saved.body).toMatchObject({ mentorBookingUrl: BOOKING });
    expect((await admin.agent.get('/api/admin/settings').expect(200)).body.mentorBookingUrl).toBe(BOOKING);
    expect((await s.agent.get('/api/mentorship').expect(200)).body.bookingUrl).toBe(BOOKING);
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'settings.update', entityId: 'mentorBookingUrl' });
    expect(audit.after).toEqual({ mentorBookingUrl: BOOKING });

    await admin.agent.put('/api/admin/settings').send({ videoOverlayText: 'Kommer snart', mentorBookingUrl: '' }).expect(200);
    expect((await s.agent.get('/api/mentorship').expect(200)).body.bookingUrl).toBeNull();
    await admin.agent
      .put('/api/admin/settings')
      .send({ videoOverlayText: 'Kommer snart', mentorBookingUrl: BOOKING })
      .expect(200);
  });

  it('the length is a course field in the admin course edit (months, validated)', async () => {
    const got = await admin.agent.get('/api/admin/courses/accelerator').expect(200);
    expect(got.body.mentorshipMonths).toBe(3);
    expect((await admin.agent.get('/api/admin/courses/foundation').expect(200)).body.mentorshipMonths).toBe(0);
    for (const bad of [-1, 2.5, 'tre', 100])
      await admin.agent.patch('/api/admin/courses/kryptovaluta').send({ mentorshipMonths: bad }).expect(400);
    const res = await admin.agent.patch('/api/admin/courses/kryptovaluta').send({ mentorshipMonths: 1 }).expect(200);
    expect(res.body.mentorshipMonths).toBe(1);
    const s = await student('kryptovaluta');
    const view = await s.agent.get('/api/mentorship').expect(200);
    expect(view.body.periods).toEqual([
      expect.objectContaining({ courseId: 'kryptovaluta', endsAt: new Date('2026-02-10T09:00:00.000Z').toISOString() }),
    ]);
    await admin.agent.patch('/api/admin/courses/kryptovaluta').send({ mentorshipMonths: 0 }).expect(200);
    expect((await s.agent.get('/api/mentorship').expect(200)).body.periods).toEqual([]);
  });

  it("the admin sees each grant's period and extends it (audited); only admins may", async () => {
    const s = await student();
    const detail = await admin.agent.get(`/api/admin/users/${s.user.id}`).expect(200);
    expect(detail.body.grants.find((g: { id: number }) => g.id === s.grantId).mentorshipEndsAt).toBe(END.toISOString());

    for (const bad of [0, 366, 1.5, 'ti', null])
      await admin.agent.post(`/api/admin/grants/${s.grantId}/mentorship`).send({ days: bad }).expect(400);
    await s.agent.post(`/api/admin/grants/${s.grantId}/mentorship`).send({ days: 30 }).expect(403);
    await admin.agent.post('/api/admin/grants/999999/mentorship').send({ days: 30 }).expect(404);

    const extended = await admin.agent.post(`/api/admin/grants/${s.grantId}/mentorship`).send({ days: 30 }).expect(200);
    const newEnd = new Date(END.getTime() + 30 * DAY).toISOString();
    expect(extended.body).toMatchObject({ id: s.grantId, mentorshipEndsAt: newEnd });
    expect((await s.agent.get('/api/mentorship').expect(200)).body.periods[0]).toMatchObject({ endsAt: newEnd, daysLeft: 120 });
    const audit = await t.ds
      .getRepository(AuditLog)
      .find({ where: { action: 'grant.mentorship.extend', entityId: String(s.grantId) } });
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toEqual({ mentorshipEndsAt: END.toISOString() });
    expect(audit[0].after).toMatchObject({ mentorshipEndsAt: newEnd, days: 30 });
  });

  it('a mail goes out 14 days before the end, once (also when the scheduler runs again), none after a revoke', async () => {
    clock.set(START);
    const s = await student();
    const revoked = await student();
    await admin.agent.delete(`/api/admin/grants/${revoked.grantId}`).set('x-requested-with', 'XMLHttpRequest').expect(200);

    await runDue();
    expect(await mails(s.user.id)).toHaveLength(0);
    clock.set(new Date(END.getTime() - 14 * DAY - 60_000));
    await runDue();
    expect(await mails(s.user.id)).toHaveLength(0);

    clock.set(new Date(END.getTime() - 14 * DAY + 60_000));
    await Promise.all([runDue(), runDue()]);
    await runDue();
    clock.advance(3 * DAY);
    await runDue();
    const sent = await mails(s.user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].toAddress).toBe(s.user.email);
    expect(sent[0].subject).toContain('10. april 2026');
    expect(sent[0].textBody).toContain('14 dager');
    expect(sent[0].textBody).toContain(BOOKING);
    expect(await mails(revoked.user.id)).toHaveLength(0);

    clock.set(new Date(END.getTime() + DAY));
    await runDue();
    expect(await mails(s.user.id)).toHaveLength(1);
    const view = await s.agent.get('/api/mentorship').expect(200);
    expect(view.body.periods[0]).toMatchObject({ active: false, daysLeft: 0 });
  });
});
