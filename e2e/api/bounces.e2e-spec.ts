import { Subscriber } from '../../backend/src/marketing/entities/subscriber.entity';
import { MarketingRunner } from '../../backend/src/marketing/marketing.runner';
import { SegmentsService } from '../../backend/src/marketing/segments.service';
import type { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { adminAgent } from './admin-helpers';
import { useMailApp } from './support/mail-app';
import { confirmByLink } from './support/marketing-confirm';
import { linkIn, type SmtpSink } from './support/smtp-sink';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Postmark's bounce and spam-complaint webhooks (POST /api/mail/postmark-webhook, basic auth in the
 * URL): a hard bounce marks the address bounced, a complaint marks it complained, and neither gets
 * marketing again; soft bounces and other records change nothing. The bodies are Postmark's documented
 * webhook payloads (the fields of `Bounce` and `SpamComplaintWebhook` in Postmark's Node.js client).
 */

const USER = 'postmark';
const PASSWORD = 'webhook-passord-0123456789';
const PATH = '/api/mail/postmark-webhook';
const CONFIRM = 'http://localhost:3000/api/marketing/confirm?';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function bounce(email: string, type: string, typeCode: number, over: Record<string, unknown> = {}) {
  return {
    RecordType: 'Bounce',
    MessageStream: 'broadcast',
    ID: 4323372036,
    Type: type,
    TypeCode: typeCode,
    Name: type === 'HardBounce' ? 'Hard bounce' : 'Soft bounce',
    Tag: 'nyhetsbrev',
    MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
    Metadata: {},
    ServerID: 23,
    Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    Email: email,
    From: 'post@example.no',
    BouncedAt: new Date().toISOString(),
    DumpAvailable: true,
    Inactive: type === 'HardBounce',
    CanActivate: true,
    Subject: 'Nytt kurs',
    Content: '',
    ...over,
  };
}

function complaint(email: string) {
  return {
    ...bounce(email, 'SpamComplaint', 512, { Name: 'Spam complaint', Inactive: true, CanActivate: false }),
    RecordType: 'SpamComplaint',
  };
}

describe('Postmark webhook: closed without POSTMARK_WEBHOOK_*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 in the error shape, whatever it is sent', async () => {
    const res = await t
      .http()
      .post(PATH)
      .set('Authorization', basic(USER, PASSWORD))
      .send(bounce('a@example.no', 'HardBounce', 1))
      .expect(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Fant ikke siden eller ressursen' });
  });
});

describe('Postmark webhook: bounces and spam complaints', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  useMailApp(
    { POSTMARK_WEBHOOK_USER: USER, POSTMARK_WEBHOOK_PASSWORD: PASSWORD, MARKETING_POLL_INTERVAL_MS: '0' },
    (app) => ({ t, sink, worker } = app),
  );

  const post = (body: unknown, auth = basic(USER, PASSWORD)) =>
    t.http().post(PATH).set('Authorization', auth).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const statusOf = async (email: string) => (await t.ds.getRepository(Subscriber).findOneByOrFail({ email })).status;

  /** An address on the list the way a person gets there: the box on the lead form and the mailed link. */
  async function subscribed(prefix: string): Promise<string> {
    const email = uniqueEmail(prefix);
    await t.http().post('/api/leads').send({ courseType: 'starter', source: '/b', email, marketingConsent: true }).expect(201);
    await worker.drain();
    const [mail] = sink.to(email).filter((m) => m.subject.startsWith('Bekreft'));
    await confirmByLink(t, linkIn(mail.text, CONFIRM));
    expect(await statusOf(email)).toBe('subscribed');
    return email;
  }

  it.each([
    ['no Authorization header', undefined],
    ['a wrong password', basic(USER, `${PASSWORD}x`)],
    ['a wrong user', basic('postmarc', PASSWORD)],
    ['the password without the user', `Basic ${Buffer.from(PASSWORD).toString('base64')}`],
    ['a bearer token', `Bearer ${PASSWORD}`],
  ])('%s: 401 in the error shape, and nothing changes', async (_what, auth) => {
    const email = await subscribed('feilauth');
    const req = t.http().post(PATH);
    const res = await (auth ? req.set('Authorization', auth) : req).send(bounce(email, 'HardBounce', 1)).expect(401);
    expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
    expect(await statusOf(email)).toBe('subscribed');
  });

  it.each([
    ['a list', []],
    ['null', null],
    ['no RecordType', { Type: 'HardBounce', Email: 'a@example.no' }],
    ['a bounce without Email', { RecordType: 'Bounce', Type: 'HardBounce', TypeCode: 1 }],
    ['a bounce with a broken address', { RecordType: 'Bounce', Type: 'HardBounce', TypeCode: 1, Email: 'ikke en adresse' }],
    ['a bounce without Type', { RecordType: 'Bounce', Email: 'a@example.no' }],
    ['a complaint with Email as a number', { RecordType: 'SpamComplaint', Type: 'SpamComplaint', Email: 42 }],
  ])('a malformed body (%s): 400 in the error shape', async (_what, body) => {
    const res = await post(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('a body that is not JSON: 400 in the error shape', async () => {
    const res = await t
      .http()
      .post(PATH)
      .set('Authorization', basic(USER, PASSWORD))
      .set('Content-Type', 'application/json')
      .send('{"RecordType": "Bounce",')
      .expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: expect.stringMatching(/^(INVALID_JSON|VALIDATION_FAILED|BAD_REQUEST)$/),
    });
  });

  it('a hard bounce and a complaint mark the addresses; soft bounces and other records change nothing; no more marketing', async () => {
    const hard = await subscribed('hard');
    const complained = await subscribed('klage');
    const soft = await subscribed('myk');
    const kept = await subscribed('beholdt');

    expect((await post(bounce(hard, 'HardBounce', 1)).expect(200)).body).toEqual({ received: true, action: 'bounced' });
    // Postmark normalises nothing: the address as the mail carried it, in another case.
    expect((await post(complaint(complained.toUpperCase())).expect(200)).body).toEqual({ received: true, action: 'complained' });
    for (const [type, code] of [
      ['SoftBounce', 4096],
      ['Transient', 2],
      ['DnsError', 256],
      ['AutoResponder', 64],
    ] as const)
      expect((await post(bounce(soft, type, code)).expect(200)).body).toEqual({ received: true, action: 'ignored' });
    expect((await post({ RecordType: 'Delivery', MessageID: 'x', Recipient: kept }).expect(200)).body).toEqual({
      received: true,
      action: 'ignored',
    });

    expect(await statusOf(hard)).toBe('bounced');
    expect(await statusOf(complained)).toBe('complained');
    expect(await statusOf(soft)).toBe('subscribed');
    expect(await statusOf(kept)).toBe('subscribed');
    // A repeated delivery of the same record changes nothing more.
    await post(bounce(hard, 'HardBounce', 1)).expect(200);
    expect(await statusOf(hard)).toBe('bounced');

    // Left out of every segment…
    const everyone = (await t.app.get(SegmentsService).resolve({ audience: 'all' })).map((r) => r.email);
    expect(everyone).toEqual(expect.arrayContaining([soft, kept]));
    expect(everyone).not.toContain(hard);
    expect(everyone).not.toContain(complained);
    const leads = (await t.app.get(SegmentsService).resolve({ audience: 'leads' })).map((r) => r.email);
    expect(leads).not.toContain(hard);
    expect(leads).not.toContain(complained);

    // …so a broadcast to everyone reaches the others and not them.
    sink.clear();
    const { agent } = await adminAgent(t);
    const created = await agent
      .post('/api/admin/broadcasts')
      .send({ subject: 'Nytt kurs', body: 'Hei! Et nytt kurs er ute.', segment: { audience: 'all' } })
      .expect(201);
    await agent.post(`/api/admin/broadcasts/${created.body.id}/send`).send({}).expect(200);
    await t.app.get(MarketingRunner).runOnce();
    await worker.drain();
    expect(sink.to(kept)).toHaveLength(1);
    expect(sink.to(soft)).toHaveLength(1);
    expect(sink.to(hard)).toHaveLength(0);
    expect(sink.to(complained)).toHaveLength(0);
  });
});
