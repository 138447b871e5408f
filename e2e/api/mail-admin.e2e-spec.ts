import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import type { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { useMailApp } from './support/mail-app';
import type { SmtpSink } from './support/smtp-sink';
import { loginAs, TestApp, uniqueEmail } from './support/test-app';

describe("admin: 'Utgående e-post' (/api/admin/outbox)", () => {
  let sink: SmtpSink;
  let t: TestApp;
  let worker: OutboxWorker;
  useMailApp({ MAIL_MAX_ATTEMPTS: '1', PASSWORD_RESET_LIMIT_PER_IP: '100000' }, (app) => ({ t, sink, worker } = app));

  const signup = (email: string) =>
    t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);

  it('only admins: 401 without a session, 403 for a student', async () => {
    await t.http().get('/api/admin/outbox').expect(401);
    const { agent } = await loginAs(t);
    const res = await agent.get('/api/admin/outbox').expect(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    await agent.post('/api/admin/outbox/1/resend').send({}).expect(403);
  });

  it('lists with Content-Range, filters by status and searches by address; shows the text part with one-time links hidden', async () => {
    const { agent } = await loginAs(t, { role: 'admin' });
    const a = uniqueEmail('liste-a');
    const b = uniqueEmail('liste-b');
    await signup(a);
    await worker.drain();
    sink.setMode('reject');
    await signup(b);
    await worker.drain();

    const all = await agent.get('/api/admin/outbox').query({ sort: '["id","DESC"]', range: '[0,9]' }).expect(200);
    expect(all.headers['content-range']).toMatch(/^outbox 0-\d+\/\d+$/);
    expect(all.body[0]).toMatchObject({ toAddress: b, kind: 'welcome', status: 'failed', attempts: 1 });
    expect(all.body[0]).not.toHaveProperty('html');
    expect(all.body[0]).not.toHaveProperty('textBody');

    const failed = await agent
      .get('/api/admin/outbox')
      .query({ filter: JSON.stringify({ status: 'failed' }) })
      .expect(200);
    expect(failed.body.map((m: { toAddress: string }) => m.toAddress)).toEqual([b]);
    const search = await agent
      .get('/api/admin/outbox')
      .query({ filter: JSON.stringify({ q: a.slice(0, 12).toUpperCase() }) })
      .expect(200);
    expect(search.body.map((m: { toAddress: string }) => m.toAddress)).toEqual([a]);
    expect(search.headers['content-range']).toBe('outbox 0-0/1');

    const show = await agent.get(`/api/admin/outbox/${search.body[0].id}`).expect(200);
    expect(show.body).toMatchObject({ toAddress: a, status: 'sent', subject: expect.stringContaining('Velkommen') });
    expect(show.body.textBody).toContain('Du har nå gratis tilgang til Starter-kurset.');
    expect(show.body.textBody).toContain('/auto-login#token=[skjult]&next=/account/settings');
    expect(show.body.textBody).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);

    // Bad list parameters and ids: 4xx in the error shape.
    const bad = await agent
      .get('/api/admin/outbox')
      .query({ filter: JSON.stringify({ status: 'borte' }) })
      .expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    await agent.get('/api/admin/outbox').query({ sort: '["html","ASC"]' }).expect(400);
    await agent.get('/api/admin/outbox/999999').expect(404);
    await agent.get('/api/admin/outbox/abc').expect(404);
  });

  it('resend: a failed message is queued again from scratch; a sent one gets a new copy', async () => {
    const { agent } = await loginAs(t, { role: 'admin' });
    const email = uniqueEmail('resend');
    sink.setMode('reject');
    await signup(email);
    await worker.drain();
    const failed = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ toAddress: email });
    expect(failed.status).toBe('failed');

    sink.setMode('accept');
    const requeued = await agent.post(`/api/admin/outbox/${failed.id}/resend`).send({}).expect(200);
    expect(requeued.body).toMatchObject({
      action: 'requeued',
      message: { id: failed.id, status: 'pending', attempts: 0, lastError: null },
    });
    await worker.drain();
    expect(sink.to(email)).toHaveLength(1);
    expect(await t.ds.getRepository(OutboxMessage).findOneByOrFail({ id: failed.id })).toMatchObject({
      status: 'sent',
      attempts: 1,
    });

    const copied = await agent.post(`/api/admin/outbox/${failed.id}/resend`).send({}).expect(200);
    expect(copied.body).toMatchObject({ action: 'copied', message: { status: 'pending', toAddress: email } });
    expect(copied.body.message.id).not.toBe(failed.id);
    await worker.drain();
    const got = sink.to(email);
    expect(got).toHaveLength(2);
    expect(got[1].text).toBe(got[0].text);
    expect(await t.ds.getRepository(OutboxMessage).countBy({ toAddress: email })).toBe(2);

    // A message being sent right now cannot be resent.
    await t.ds
      .getRepository(OutboxMessage)
      .update({ id: failed.id }, { status: 'sending', lockedBy: 'x', lockedUntil: new Date(Date.now() + 60_000) });
    const busy = await agent.post(`/api/admin/outbox/${failed.id}/resend`).send({}).expect(409);
    expect(busy.body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    await agent.post('/api/admin/outbox/999999/resend').send({}).expect(404);
  });
});
