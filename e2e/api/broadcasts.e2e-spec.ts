import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type TestAgent from 'supertest/lib/agent';
import type { SubscriberStatus } from '@academy/contracts';
import { createApp } from '../../backend/src/bootstrap';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { BroadcastRecipient } from '../../backend/src/marketing/entities/broadcast-recipient.entity';
import { Subscriber } from '../../backend/src/marketing/entities/subscriber.entity';
import { MarketingRunner } from '../../backend/src/marketing/marketing.runner';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { createUser, loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const START = new Date('2026-03-10T09:00:00Z');

describe('broadcasts: segments, preview, test, send in batches through the outbox (admin API)', () => {
  const clock = new ManualClock(START);
  let sink: SmtpSink;
  let t: TestApp;
  let admin: { agent: TestAgent; id: number; email: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(
      { SMTP_URL: sink.url, MAIL_POLL_INTERVAL_MS: '0', MARKETING_POLL_INTERVAL_MS: '0', MARKETING_SEND_RATE: '3' },
      { clock },
    );
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(() => sink.clear());

  /** A subscriber row as the consent flow leaves it (tests choose status, variants and dates). */
  async function subscriber(
    status: SubscriberStatus,
    opts: { email?: string; isLead?: boolean; variants?: string[]; userId?: number | null; createdAt?: Date } = {},
  ): Promise<string> {
    const email = opts.email ?? uniqueEmail(status);
    const at = opts.createdAt ?? clock.now();
    await t.ds.getRepository(Subscriber).insert({
      email,
      status,
      previousStatus: null,
      userId: opts.userId ?? null,
      isLead: opts.isLead ?? true,
      variants: opts.variants?.length ? `,${opts.variants.join(',')},` : '',
      consentText: 'x',
      consentVersion: '1',
      consentAt: at,
      consentSource: '/',
      consentIp: null,
      confirmedAt: status === 'subscribed' ? at : null,
      unsubscribedAt: status === 'unsubscribed' ? at : null,
      confirmSentAt: at,
      createdAt: at,
      updatedAt: at,
    });
    return email;
  }

  async function student(status: SubscriberStatus, courses: string[], isLead = false): Promise<string> {
    const user = await createUser(t, { courses });
    return subscriber(status, { email: user.email, userId: user.id, isLead });
  }

  const runner = () => t.app.get(MarketingRunner);
  const worker = () => t.app.get(OutboxWorker);

  /** Clears the list so each test counts only its own addresses. */
  async function freshList(): Promise<void> {
    await t.ds.getRepository(Subscriber).clear();
  }

  it('only the mentor: 401 without a session, 403 for a student', async () => {
    await t.http().get('/api/admin/broadcasts').expect(401);
    const { agent } = await loginAs(t);
    await agent.get('/api/admin/broadcasts').expect(403);
    await agent
      .post('/api/admin/broadcasts')
      .send({ subject: 'x', body: 'y', segment: { audience: 'all' } })
      .expect(403);
  });

  it('bad input is a clear 400: unknown audience, variant, dates, missing subject', async () => {
    const post = (body: object) => admin.agent.post('/api/admin/broadcasts').send(body);
    expect((await post({ subject: 'x', body: 'y', segment: { audience: 'alle' } }).expect(400)).body.message).toContain(
      'Ugyldig segment',
    );
    expect(
      (await post({ subject: 'x', body: 'y', segment: { audience: 'all', variants: ['Z'] } }).expect(400)).body.message,
    ).toContain('Ugyldig segment');
    await post({ subject: 'x', body: 'y', segment: { audience: 'all', from: '2026-13-40' } }).expect(400);
    await post({ subject: 'x', body: 'y', segment: { audience: 'all', from: '2026-03-10', to: '2026-03-01' } }).expect(400);
    await post({ subject: '', body: 'y', segment: { audience: 'all' } }).expect(400);
    await post({ subject: 'x', body: 'y' }).expect(400);
    await admin.agent.get('/api/admin/broadcasts/999999').expect(404);
  });

  it('segments count only subscribed and customer addresses, narrowed by audience, variant, courses and dates', async () => {
    await freshList();
    const leadA = await subscriber('subscribed', { variants: ['A'] });
    const leadStarter = await subscriber('subscribed', {
      variants: ['starter', 'B'],
      createdAt: new Date('2026-02-01T12:00:00Z'),
    });
    await subscriber('pending', { variants: ['A'] });
    await subscriber('unsubscribed', { variants: ['A'] });
    await subscriber('bounced', { variants: ['A'] });
    await subscriber('complained', { variants: ['A'] });
    const buyer = await student('customer', ['starter', 'foundation']);
    const starterOnly = await student('subscribed', ['starter'], true);
    const count = async (segment: object) =>
      (await admin.agent.post('/api/admin/broadcasts/count').send({ segment }).expect(200)).body.recipients as number;
    expect(await count({ audience: 'all' })).toBe(4);
    expect(await count({ audience: 'leads' })).toBe(3);
    expect(await count({ audience: 'students' })).toBe(2);
    expect(await count({ audience: 'all', variants: ['A'] })).toBe(1);
    expect(await count({ audience: 'all', variants: ['starter'] })).toBe(1);
    expect(await count({ audience: 'all', owns: ['foundation'] })).toBe(1);
    expect(await count({ audience: 'students', notOwns: ['foundation'] })).toBe(1);
    expect(await count({ audience: 'all', from: '2026-02-01', to: '2026-02-01' })).toBe(1);
    expect(await count({ audience: 'all', from: '2026-03-01' })).toBe(3);
    const res = await admin.agent
      .post('/api/admin/broadcasts')
      .send({ subject: 'Til Foundation-elever', body: 'Hei', segment: { audience: 'all', owns: ['foundation'] } })
      .expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      recipients: 1,
      status: 'draft',
      segment: { audience: 'all', owns: ['foundation'] },
    });
    void [leadA, leadStarter, buyer, starterOnly];
  });

  it('draft: edit, preview (sanitised Markdown, plain text, UTM on links, no pixels), test to yourself; audited', async () => {
    await freshList();
    await subscriber('subscribed');
    const created = await admin.agent
      .post('/api/admin/broadcasts')
      .send({ subject: 'Utkast', body: 'Første versjon', segment: { audience: 'all' } })
      .expect(201);
    const id = created.body.id as number;
    const body =
      '# Nyhet\n\nLes **mer** [her](https://example.no/kurs?x=1).\n\n<script>alert(1)</script><img src="https://spor.example/p.gif">';
    const put = await admin.agent
      .put(`/api/admin/broadcasts/${id}`)
      .send({ subject: 'Månedsbrev mars', body, segment: { audience: 'leads' } })
      .expect(200);
    expect(put.body).toMatchObject({
      id,
      status: 'draft',
      subject: 'Månedsbrev mars',
      segment: { audience: 'leads' },
      recipients: 1,
    });
    const preview = await admin.agent.get(`/api/admin/broadcasts/${id}/preview`).expect(200);
    expect(preview.body.html).toContain('<h1>Nyhet</h1>');
    expect(preview.body.html).toContain('<strong>mer</strong>');
    expect(preview.body.html).toContain(
      `https://example.no/kurs?x=1&amp;utm_source=nyhetsbrev&amp;utm_medium=email&amp;utm_campaign=utsendelse-${id}`,
    );
    expect(preview.body.html).not.toContain('<script');
    expect(preview.body.html).not.toMatch(/<img/i);
    expect(preview.body.html).toContain('&lt;script&gt;');
    expect(preview.body.text).toContain(
      `mer her (https://example.no/kurs?x=1&utm_source=nyhetsbrev&utm_medium=email&utm_campaign=utsendelse-${id})`,
    );
    expect(preview.body.text).not.toContain('<strong>');
    // Without UTM.
    const plain = await admin.agent
      .post('/api/admin/broadcasts/preview')
      .send({ subject: 'x', body: '[lenke](https://example.no/)', utm: false })
      .expect(200);
    expect(plain.body.html).toContain('href="https://example.no/"');

    const to = uniqueEmail('mentor-test');
    await admin.agent.post(`/api/admin/broadcasts/${id}/test`).send({ email: to }).expect(200);
    await admin.agent.post(`/api/admin/broadcasts/${id}/test`).send({ email: 'ikke-en-adresse' }).expect(400);
    await worker().drain();
    const test = sink.to(to);
    expect(test).toHaveLength(1);
    expect(test[0].subject).toBe('[Test] Månedsbrev mars');
    expect(test[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(test[0].text).toContain('Meld deg av her');
    // A test is not a send: still a draft, nothing counted.
    expect((await admin.agent.get(`/api/admin/broadcasts/${id}`).expect(200)).body).toMatchObject({ status: 'draft', sent: 0 });
    const audit = await t.ds.getRepository(AuditLog).findBy({ entity: 'broadcast', entityId: String(id) });
    expect(audit.map((a) => a.action).sort()).toEqual(['broadcast.created', 'broadcast.test_sent', 'broadcast.updated']);
    expect(audit.every((a) => a.actorId === admin.id)).toBe(true);
  });

  it('schedule for later, cancel while scheduled; no edits once sent; a past time is refused', async () => {
    await freshList();
    const member = await subscriber('subscribed');
    const make = async (subject: string) =>
      (
        await admin.agent
          .post('/api/admin/broadcasts')
          .send({ subject, body: 'Hei', segment: { audience: 'all' } })
          .expect(201)
      ).body.id as number;
    const id = await make('Planlagt');
    await admin.agent.post(`/api/admin/broadcasts/${id}/send`).send({ at: '2026-03-01T10:00:00Z' }).expect(400);
    await admin.agent.post(`/api/admin/broadcasts/${id}/cancel`).send({}).expect(409);
    const at = new Date(clock.now().getTime() + 2 * 3600_000).toISOString();
    expect((await admin.agent.post(`/api/admin/broadcasts/${id}/send`).send({ at }).expect(200)).body).toMatchObject({
      status: 'scheduled',
      sendAt: at,
    });
    await admin.agent
      .put(`/api/admin/broadcasts/${id}`)
      .send({ subject: 'Endret', body: 'Hei', segment: { audience: 'all' } })
      .expect(409);
    await runner().runOnce();
    await worker().drain();
    expect(sink.to(member)).toHaveLength(0);
    clock.advance(2 * 3600_000);
    await runner().runOnce();
    await worker().drain();
    expect(sink.to(member).map((m) => m.subject)).toEqual(['Planlagt']);
    expect((await admin.agent.get(`/api/admin/broadcasts/${id}`).expect(200)).body).toMatchObject({
      status: 'sent',
      recipients: 1,
      sent: 1,
      failed: 0,
      pending: 0,
    });
    await admin.agent.post(`/api/admin/broadcasts/${id}/send`).send({}).expect(409);

    const cancelled = await make('Avbrutt');
    await admin.agent
      .post(`/api/admin/broadcasts/${cancelled}/send`)
      .send({ at: new Date(clock.now().getTime() + 3600_000).toISOString() })
      .expect(200);
    expect((await admin.agent.post(`/api/admin/broadcasts/${cancelled}/cancel`).send({}).expect(200)).body.status).toBe(
      'cancelled',
    );
    clock.advance(2 * 3600_000);
    await runner().runOnce();
    await worker().drain();
    expect(sink.to(member).map((m) => m.subject)).toEqual(['Planlagt']);
    const list = await admin.agent.get('/api/admin/broadcasts').expect(200);
    expect(list.headers['content-range']).toMatch(/^broadcasts 0-\d+\/\d+$/);
    expect(list.body.map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([id, cancelled]));
  });

  describe('two app instances on one database, one restarted mid-send', () => {
    let second: NestFastifyApplication | null = null;
    afterAll(async () => {
      await second?.close();
    });

    it('the segment gets the broadcast exactly once per consented member, MARKETING_SEND_RATE per minute', async () => {
      await freshList();
      const members: string[] = [];
      for (let i = 0; i < 8; i++) members.push(await subscriber(i % 2 ? 'subscribed' : 'customer', { variants: ['B'] }));
      const outside = [
        await subscriber('subscribed', { variants: ['C'] }),
        await subscriber('pending', { variants: ['B'] }),
        await subscriber('unsubscribed', { variants: ['B'] }),
        await subscriber('bounced', { variants: ['B'] }),
      ];
      const created = await admin.agent
        .post('/api/admin/broadcasts')
        .send({ subject: 'Til variant B', body: 'Hei B!', segment: { audience: 'leads', variants: ['B'] } })
        .expect(201);
      expect(created.body.recipients).toBe(8);
      const id = created.body.id as number;
      await admin.agent.post(`/api/admin/broadcasts/${id}/send`).send({}).expect(200);

      second = await createApp(t.cfg, { logger: false, clock });
      await second.init();
      const both = async () => {
        const [a, b] = await Promise.all([runner().runOnce(), second!.get(MarketingRunner).runOnce()]);
        await Promise.all([worker().drain(), second!.get(OutboxWorker).drain()]);
        return a + b;
      };
      // Minute 1: one batch of 3, whichever instance claims it; asking again in the same minute adds nothing.
      expect(await both()).toBe(3);
      expect(await both()).toBe(0);
      expect((await admin.agent.get(`/api/admin/broadcasts/${id}`).expect(200)).body).toMatchObject({
        status: 'sending',
        recipients: 8,
        sent: 3,
        pending: 5,
      });

      // The second instance restarts between batches.
      await second.close();
      second = await createApp(t.cfg, { logger: false, clock });
      await second.init();
      clock.advance(60_000);
      expect(await both()).toBe(3);
      clock.advance(60_000);
      expect(await both()).toBe(2);
      clock.advance(60_000);
      expect(await both()).toBe(0);

      const got = sink.messages.filter((m) => m.subject === 'Til variant B').flatMap((m) => m.to);
      expect(got.sort()).toEqual([...members].sort());
      for (const o of outside) expect(got).not.toContain(o);
      expect(await t.ds.getRepository(BroadcastRecipient).countBy({ broadcastId: id })).toBe(8);
      expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'broadcast', subject: 'Til variant B' })).toBe(8);
      expect((await admin.agent.get(`/api/admin/broadcasts/${id}`).expect(200)).body).toMatchObject({
        status: 'sent',
        recipients: 8,
        sent: 8,
        failed: 0,
        pending: 0,
      });
      // The list counts a whole page of broadcasts at once: each row as that broadcast's own page shows it.
      const listed = (await admin.agent.get('/api/admin/broadcasts').expect(200)).body as Array<{ id: number; sent: number }>;
      expect(new Set(listed.map((b) => b.sent)).size).toBeGreaterThan(1);
      for (const row of listed) expect(row).toEqual((await admin.agent.get(`/api/admin/broadcasts/${row.id}`).expect(200)).body);
    });

    it('an address that unsubscribes after the list is made is skipped; each queued row points at its own mail', async () => {
      await freshList();
      const members: string[] = [];
      for (let i = 0; i < 5; i++) members.push(await subscriber('subscribed', { variants: ['C'] }));
      const created = await admin.agent
        .post('/api/admin/broadcasts')
        .send({ subject: 'Etter avmelding', body: 'Hei C!', segment: { audience: 'all', variants: ['C'] } })
        .expect(201);
      const id = created.body.id as number;
      await admin.agent.post(`/api/admin/broadcasts/${id}/send`).send({}).expect(200);
      // The list is made in the first round (its batch of 3 goes then); one address leaves before the next.
      clock.advance(60_000);
      await runner().runOnce();
      const recipients = t.ds.getRepository(BroadcastRecipient);
      const waiting = await recipients.find({ where: { broadcastId: id, status: 'pending' }, order: { id: 'ASC' } });
      expect(waiting).toHaveLength(2);
      await t.ds.getRepository(Subscriber).update({ email: waiting[0].email }, { status: 'unsubscribed' });
      clock.advance(60_000);
      await runner().runOnce();
      await worker().drain();
      const rows = await recipients.find({ where: { broadcastId: id }, order: { id: 'ASC' } });
      expect(rows.map((r) => r.status).sort()).toEqual(['queued', 'queued', 'queued', 'queued', 'skipped']);
      expect(rows.find((r) => r.status === 'skipped')).toMatchObject({ email: waiting[0].email, outboxId: null });
      for (const r of rows.filter((x) => x.status === 'queued')) {
        const mail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ id: r.outboxId! });
        expect(mail).toMatchObject({ toAddress: r.email, kind: 'broadcast', status: 'sent', dedupeKey: `bc:${id}:${r.id}` });
      }
      const got = sink.messages.filter((m) => m.subject === 'Etter avmelding').flatMap((m) => m.to);
      expect(got.sort()).toEqual(members.filter((e) => e !== waiting[0].email).sort());
    });

    it('a crash while the list was being made: the next round finishes it without duplicates', async () => {
      await freshList();
      const members: string[] = [];
      for (let i = 0; i < 4; i++) members.push(await subscriber('subscribed', { variants: ['D'] }));
      const created = await admin.agent
        .post('/api/admin/broadcasts')
        .send({ subject: 'Etter krasj', body: 'Hei D!', segment: { audience: 'all', variants: ['D'] } })
        .expect(201);
      const id = created.body.id as number;
      await admin.agent.post(`/api/admin/broadcasts/${id}/send`).send({}).expect(200);
      // As if an instance died after writing two recipients and before marking the list ready.
      await t.ds.query(`UPDATE marketing_broadcasts SET status = 'sending' WHERE id = ${id}`);
      for (const email of members.slice(0, 2))
        await t.ds
          .getRepository(BroadcastRecipient)
          .insert({ broadcastId: id, email, userId: null, status: 'pending', outboxId: null, createdAt: clock.now() });
      clock.advance(60_000);
      await Promise.all([runner().runOnce(), second!.get(MarketingRunner).runOnce()]);
      clock.advance(60_000);
      await Promise.all([runner().runOnce(), second!.get(MarketingRunner).runOnce()]);
      await Promise.all([worker().drain(), second!.get(OutboxWorker).drain()]);
      const got = sink.messages.filter((m) => m.subject === 'Etter krasj').flatMap((m) => m.to);
      expect(got.sort()).toEqual([...members].sort());
    });
  });
});
