import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { In } from 'typeorm';
import { createApp } from '../../backend/src/bootstrap';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { OutboxService, type NewMail } from '../../backend/src/outbox/outbox.service';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { useMailApp } from './support/mail-app';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startTestApp, TestApp, uniqueEmail } from './support/test-app';

function mail(to: string, over: Partial<NewMail> = {}): NewMail {
  return {
    kind: 'password_reset',
    to,
    subject: 'Prøvemelding – æøå',
    html: '<p>Hei <strong>på</strong> deg – æøå</p>',
    text: 'Hei på deg – æøå',
    ...over,
  };
}

describe('the outbox and its worker (SMTP sink)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let outbox: OutboxService;
  let worker: OutboxWorker;
  const rows = () => t.ds.getRepository(OutboxMessage);
  /** "Time passes": the message is due now. */
  const makeDue = (id: number) => rows().update({ id }, { nextAttemptAt: new Date(Date.now() - 1000) });

  useMailApp(
    { MAIL_FROM: 'Trading Akademiet <post@example.no>', MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_SECONDS: '60' },
    (app) => {
      ({ t, sink, worker } = app);
      outbox = t.app.get(OutboxService);
    },
  );

  it('stores the message as pending first, then the worker sends it once: envelope, subject, text and HTML parts', async () => {
    const to = uniqueEmail('mottaker');
    const id = (await outbox.enqueue(mail(to)))!;
    expect(await rows().findOneByOrFail({ id })).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    await worker.drain();
    expect(sink.messages).toHaveLength(1);
    const m = sink.messages[0];
    expect(m.to).toEqual([to]);
    expect(m.from).toBe('post@example.no');
    expect(m.headers.from).toContain('Trading Akademiet');
    expect(m.headers['reply-to']).toBe('kontakt@example.com');
    expect(m.subject).toBe('Prøvemelding – æøå');
    expect(m.text).toContain('Hei på deg – æøå');
    expect(m.html).toContain('<strong>på</strong>');
    expect(m.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(m.headers['x-outbox-id']).toBe(String(id));
    const row = await rows().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Nothing is due any more: another round sends nothing.
    expect(await worker.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(1);
  });

  it('transactional mail first: a receipt queued behind a broadcast of 100 goes out in the next round', async () => {
    // (Issue 47: at launch, receipts waited behind the broadcast's backlog, oldest first.)
    const broadcast: number[] = [];
    for (let i = 0; i < 100; i++)
      broadcast.push((await outbox.enqueue(mail(uniqueEmail(`abonnent${i}`), { kind: 'broadcast', subject: 'Nyhetsbrev' })))!);
    const receipt = (await outbox.enqueue(mail(uniqueEmail('kjoper'), { kind: 'receipt', subject: 'Kvittering' })))!;
    await worker.runOnce();
    expect(await rows().findOneByOrFail({ id: receipt })).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sink.messages[0].headers['x-outbox-id']).toBe(String(receipt));
    // The broadcast is not starved either: the rest of the round went to it, and it drains.
    await worker.drain();
    expect(await rows().countBy({ id: In(broadcast), status: 'pending' })).toBe(0);
  });

  it('keeps the body apart from the queue, and claims a message only once its body is written', async () => {
    const to = uniqueEmail('uten-innhold');
    const res = await rows().insert({
      kind: 'password_reset',
      toAddress: to,
      subject: 'Innholdet kommer',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(Date.now() - 1000),
      createdAt: new Date(),
    });
    const id = Number(res.identifiers[0]?.id);
    expect(await worker.runOnce()).toBe(0);
    expect(await rows().findOneByOrFail({ id })).toMatchObject({ status: 'pending', attempts: 0 });
    await t.ds.getRepository(OutboxBody).insert({ messageId: id, html: '<p>Nå <em>kom</em> det</p>', textBody: 'Nå kom det' });
    await worker.drain();
    const got = sink.messages.find((m) => m.to.includes(to))!;
    expect(got.html).toContain('<em>kom</em>');
    expect(got.text).toContain('Nå kom det');
    expect(await rows().findOneByOrFail({ id })).toMatchObject({ status: 'sent', attempts: 1 });
    // The queue's own row carries no body columns.
    expect(t.ds.getMetadata(OutboxMessage).columns.map((c) => c.databaseName)).not.toEqual(expect.arrayContaining(['html']));
  });

  it('a message written in a transaction that rolls back is never sent', async () => {
    const to = uniqueEmail('rulletilbake');
    await expect(
      t.ds.transaction(async (m) => {
        await outbox.enqueue(mail(to), m);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await worker.drain();
    expect(await rows().countBy({ toAddress: to })).toBe(0);
    expect(sink.messages).toHaveLength(0);
  });

  it('a dedupe key is used once: a repeated event stores no second message', async () => {
    const to = uniqueEmail('dedupe');
    const key = `test:${to}`;
    expect(await outbox.enqueue(mail(to, { dedupeKey: key }))).toEqual(expect.any(Number));
    expect(await outbox.enqueue(mail(to, { dedupeKey: key }))).toBeNull();
    await worker.drain();
    expect(await rows().countBy({ toAddress: to })).toBe(1);
    expect(sink.to(to)).toHaveLength(1);
  });

  it('retries with backoff after the server refuses (451), and sends once it comes back', async () => {
    const to = uniqueEmail('retry');
    sink.setMode('refuse');
    const id = (await outbox.enqueue(mail(to)))!;
    const before = Date.now();
    await worker.drain();
    let row = await rows().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
    expect(row.lastError).toMatch(/451/);
    // First retry after MAIL_RETRY_BASE_SECONDS (60 s, up to 10 % jitter).
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 66_000 + 1000);
    expect(await worker.runOnce()).toBe(0); // not due yet
    expect(sink.refusals()).toBe(1);

    // Refused again: the delay doubles.
    await makeDue(id);
    const before2 = Date.now();
    await worker.runOnce();
    row = await rows().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before2 + 120_000);

    // The server is back.
    sink.setMode('accept');
    await makeDue(id);
    await worker.runOnce();
    row = await rows().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sink.to(to)).toHaveLength(1);
  });

  it('gives up after MAIL_MAX_ATTEMPTS temporary failures: status failed with the last error', async () => {
    const to = uniqueEmail('gir-opp');
    sink.setMode('refuse');
    const id = (await outbox.enqueue(mail(to)))!;
    for (let i = 0; i < 3; i++) {
      await makeDue(id);
      await worker.runOnce();
    }
    const row = await rows().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lockedBy: null });
    expect(row.lastError).toMatch(/451/);
    await makeDue(id);
    expect(await worker.runOnce()).toBe(0);
    expect(sink.refusals()).toBe(3);
    expect(sink.messages).toHaveLength(0);
  });

  it('a recipient the server rejects for good (550) fails at once, without retries', async () => {
    const to = uniqueEmail('finnes-ikke');
    sink.setMode('reject');
    const id = (await outbox.enqueue(mail(to)))!;
    await worker.drain();
    const row = await rows().findOneByOrFail({ id });
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/550/);
  });

  it('takes over a message whose sender died mid-send (lapsed claim), but leaves a live claim alone', async () => {
    const lapsed = (await outbox.enqueue(mail(uniqueEmail('lapsed'))))!;
    const live = (await outbox.enqueue(mail(uniqueEmail('live'))))!;
    await rows().update(
      { id: lapsed },
      { status: 'sending', lockedBy: 'dead-instance', lockedUntil: new Date(Date.now() - 1000), attempts: 1 },
    );
    await rows().update(
      { id: live },
      { status: 'sending', lockedBy: 'other-instance', lockedUntil: new Date(Date.now() + 60_000), attempts: 1 },
    );
    await worker.drain();
    expect(await rows().findOneByOrFail({ id: lapsed })).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
    expect(await rows().findOneByOrFail({ id: live })).toMatchObject({
      status: 'sending',
      lockedBy: 'other-instance',
      attempts: 1,
    });
    expect(sink.messages.map((m) => m.headers['x-outbox-id'])).toEqual([String(lapsed)]);
    await rows().delete({ id: live });
  });

  describe('two app instances on the same database', () => {
    let second: NestFastifyApplication;
    beforeAll(async () => {
      second = await createApp(t.cfg, { logger: false });
      await second.init();
    });
    afterAll(() => second.close());

    it('never send the same message twice, and share the work', async () => {
      const otherWorker = second.get(OutboxWorker);
      expect(otherWorker.workerId).not.toBe(worker.workerId);
      const ids: number[] = [];
      for (let i = 0; i < 24; i++) ids.push((await outbox.enqueue(mail(uniqueEmail(`par${i}`))))!);
      sink.setDelay(15);
      // Both poll at the same time, again and again, until nothing is left.
      const claimed = [0, 0];
      for (let round = 0; round < 20; round++) {
        const [a, b] = await Promise.all([worker.runOnce(), otherWorker.runOnce()]);
        claimed[0] += a;
        claimed[1] += b;
        if (a + b === 0) break;
      }
      expect(claimed[0] + claimed[1]).toBe(24);
      expect(Math.min(...claimed)).toBeGreaterThan(0);
      const sentIds = sink.messages.map((m) => Number(m.headers['x-outbox-id']));
      expect(sentIds.sort((x, y) => x - y)).toEqual(ids);
      const stored = await rows().findBy(ids.map((id) => ({ id })));
      expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });
  });
});

describe('without SMTP_URL (development) or with MAIL_DISABLED', () => {
  it('no SMTP_URL: the message is stored and written to the log (status logged), nothing is sent', async () => {
    const t = await startTestApp({ MAIL_POLL_INTERVAL_MS: '0' });
    try {
      const id = (await t.app.get(OutboxService).enqueue(mail(uniqueEmail('logget'))))!;
      await t.app.get(OutboxWorker).drain();
      const row = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ id });
      expect(row).toMatchObject({ status: 'logged', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await t.close();
    }
  });

  it('MAIL_DISABLED wins over SMTP_URL: logged, and the SMTP server receives nothing', async () => {
    const sink = await startSmtpSink();
    const t = await startTestApp({ SMTP_URL: sink.url, MAIL_DISABLED: 'true', MAIL_POLL_INTERVAL_MS: '0' });
    try {
      const id = (await t.app.get(OutboxService).enqueue(mail(uniqueEmail('av'))))!;
      await t.app.get(OutboxWorker).drain();
      expect(await t.ds.getRepository(OutboxMessage).findOneByOrFail({ id })).toMatchObject({ status: 'logged' });
      expect(sink.messages).toHaveLength(0);
    } finally {
      await t.close();
      await sink.close();
    }
  });
});

describe('the worker runs with the app', () => {
  it('polls by itself (MAIL_POLL_INTERVAL_MS) and delivers without being driven; stops with the app', async () => {
    const sink = await startSmtpSink();
    const t = await startTestApp({ SMTP_URL: sink.url, MAIL_POLL_INTERVAL_MS: '200' });
    try {
      const to = uniqueEmail('poll');
      // Written straight to the table (no kick): only the poll can find it.
      await t.ds.transaction(async (m) => {
        const res = await m.getRepository(OutboxMessage).insert({
          kind: 'password_reset',
          toAddress: to,
          subject: 'Fra pollingen',
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(),
          createdAt: new Date(),
        });
        await m
          .getRepository(OutboxBody)
          .insert({ messageId: Number(res.identifiers[0]?.id), html: '<p>Hei</p>', textBody: 'Hei' });
      });
      const got = await sink.waitFor((m) => m.to.includes(to), 5000);
      expect(got.subject).toBe('Fra pollingen');
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
