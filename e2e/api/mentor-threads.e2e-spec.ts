import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent';
import type { Test } from 'supertest';
import { MENTOR_MSG } from '@academy/contracts';
import { MentorImage } from '../../backend/src/community/entities/mentor-image.entity';
import { MentorMessage } from '../../backend/src/community/entities/mentor-message.entity';
import { MentorThread } from '../../backend/src/community/entities/mentor-thread.entity';
import { MentorImagesService } from '../../backend/src/community/mentor/mentor-images.service';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

/**
 * Chart review and the mentor's inbox (issue 26): students with an active mentorship or a course with
 * chart review start threads with chart images (multipart, limits while streaming, decoded and
 * re-encoded), the images answer only their student and admins, a monthly quota, the mentor answers
 * from 'Innboks' with a mail in the answer's transaction, export and erasure with the files.
 */
describe('mentor inbox', () => {
  const clock = new ManualClock(new Date('2026-05-04T08:00:00Z'));
  const uploadDir = join(mkdtempSync(join(tmpdir(), 'ta-mentor-')), 'uploads');
  let t: TestApp;
  let admin: TestAgent;
  let student: Awaited<ReturnType<typeof loginAs>>;
  let mentee: Awaited<ReturnType<typeof loginAs>>;
  let other: Awaited<ReturnType<typeof loginAs>>;
  let png: Buffer;
  let jpeg: Buffer;

  /** A multipart write as the member area sends it: the site's Origin and X-Requested-With. */
  const upload = (req: Test): Test => req.set('Origin', t.cfg.publicOrigin).set('X-Requested-With', 'XMLHttpRequest');
  const files = (userId: number): string[] => {
    const dir = join(uploadDir, 'mentor', String(userId));
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    t = await startTestApp({ MAIL_POLL_INTERVAL_MS: '0', UPLOAD_DIR: uploadDir, MENTOR_THREADS_PER_MONTH: '3' }, { clock });
    ({ agent: admin } = await adminAgent(t));
    student = await loginAs(t, { courses: ['accelerator'] });
    other = await loginAs(t, { courses: ['accelerator'] });
    // Foundation alone has no chart review; a mentorship period set on the grant opens the inbox.
    mentee = await loginAs(t, { courses: ['foundation'] });
    // A wide chart with camera metadata (EXIF) that must not survive.
    png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .withExif({ IFD0: { Artist: 'Kari Nordmann', Copyright: 'hemmelig' } })
      .png()
      .toBuffer();
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#345' } })
      .withExif({ IFD0: { Artist: 'Kari Nordmann' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(uploadDir, '..'), { recursive: true, force: true });
  });

  it('a student without mentorship or chart review is refused; a mentorship period opens the inbox', async () => {
    await t.http().get('/api/mentor/threads').expect(401);
    const before = await mentee.agent.get('/api/mentor/threads').expect(200);
    expect(before.body).toMatchObject({
      eligible: false,
      threads: [],
      quota: { used: 0, limit: 3, label: '0 av 3 brukt denne måneden' },
    });
    const refused = await mentee.agent.post('/api/mentor/threads').send({ title: 'Chart', body: 'Se her' }).expect(403);
    expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: expect.stringContaining('mentorordning') });

    await t.ds
      .getRepository(Grant)
      .update({ userId: mentee.user.id, courseId: 'foundation' }, { mentorshipEndsAt: new Date('2026-06-01T00:00:00Z') });
    expect((await mentee.agent.get('/api/mentor/threads').expect(200)).body.eligible).toBe(true);
    const made = await mentee.agent
      .post('/api/mentor/threads')
      .send({ title: 'Bare tekst', body: 'Et spørsmål uten bilde' })
      .expect(201);
    expect(made.body).toMatchObject({ status: 'waiting', messageCount: 1, messages: [{ author: 'student', images: [] }] });
  });

  it('a thread with chart images: decoded, re-encoded without metadata, long side at most 2560 px, a thumbnail', async () => {
    const res = await upload(student.agent.post('/api/mentor/threads'))
      .field('title', 'EURUSD breakout')
      .field('body', 'Var dette en **god** entry?')
      .attach('images', png, { filename: 'chart.png', contentType: 'image/png' })
      .attach('images', jpeg, { filename: 'bilde.jpg', contentType: 'image/jpeg' })
      .expect(201);
    expect(res.body).toMatchObject({ title: 'EURUSD breakout', status: 'waiting', messageCount: 1 });
    const [msg] = res.body.messages;
    expect(msg.bodyHtml).toContain('<strong>god</strong>');
    expect(msg.images).toHaveLength(2);
    expect(msg.images[0]).toMatchObject({ width: 2560, height: 1280, url: `/api/mentor/images/${msg.images[0].id}` });

    const full = await student.agent.get(msg.images[0].url).buffer(true).expect(200);
    expect(full.headers['content-type']).toBe('image/png');
    const meta = await sharp(full.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 2560, 1280, undefined]);
    const jpg = await student.agent.get(msg.images[1].url).buffer(true).expect(200);
    const jmeta = await sharp(jpg.body as Buffer).metadata();
    expect([jmeta.format, jmeta.width, jmeta.exif]).toEqual(['jpeg', 800, undefined]);
    const thumb = await student.agent.get(msg.images[0].thumbUrl).buffer(true).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(480);
    // Two images, two thumbnails on disk, in the student's folder.
    expect(files(student.user.id)).toHaveLength(4);

    const list = await student.agent.get('/api/mentor/threads').expect(200);
    expect(list.body).toMatchObject({ eligible: true, quota: { used: 1, limit: 3, label: '1 av 3 brukt denne måneden' } });
  });

  it('refuses what is not an image, too large or too many files, in Norwegian, and keeps nothing', async () => {
    const threads = await t.ds.getRepository(MentorThread).countBy({ userId: student.user.id });
    const stored = files(student.user.id);
    const notImage = await upload(student.agent.post('/api/mentor/threads'))
      .field('title', 'Falsk')
      .field('body', 'Tekst')
      .attach('images', png, { filename: 'ekte.png', contentType: 'image/png' })
      .attach('images', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/> ikke et bilde'), {
        filename: 'chart.png',
        contentType: 'image/png',
      })
      .expect(400);
    expect(notImage.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      field: 'images',
      message: expect.stringContaining('«chart.png» er ikke et bilde'),
    });

    const big = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]);
    const tooLarge = await upload(student.agent.post('/api/mentor/threads'))
      .field('title', 'Stor')
      .field('body', 'Tekst')
      .attach('images', big, { filename: 'stor.png', contentType: 'image/png' })
      .expect(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Hvert bilde kan være på høyst 8 MB.' });

    let many = upload(student.agent.post('/api/mentor/threads')).field('title', 'Mange').field('body', 'Tekst');
    for (let i = 0; i < 5; i++) many = many.attach('images', jpeg, { filename: `b${i}.jpg`, contentType: 'image/jpeg' });
    expect((await many.expect(400)).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Du kan legge ved høyst 4 bilder.',
    });

    const noTitle = await upload(student.agent.post('/api/mentor/threads'))
      .field('body', 'Tekst')
      .attach('images', jpeg, { filename: 'b.jpg', contentType: 'image/jpeg' })
      .expect(400);
    expect(noTitle.body).toMatchObject({ field: 'title', message: 'Gi tråden en tittel.' });

    expect(await t.ds.getRepository(MentorThread).countBy({ userId: student.user.id })).toBe(threads);
    expect(files(student.user.id)).toEqual(stored);
  });

  it('a broken multipart body is a 400 in Norwegian, never a 500, and writes nothing', async () => {
    const threads = await t.ds.getRepository(MentorThread).count();
    const raw = (type: string, body: string) =>
      upload(student.agent.post('/api/mentor/threads')).set('Content-Type', type).send(body);
    const cases: Array<[string, string]> = [
      // Cut off in the middle of a part.
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nTittel'],
      // No boundary at all.
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x--\r\n'],
      // A file where a text field belongs.
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n',
      ],
      // The same text field twice.
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\r\n--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nB\r\n--x--\r\n',
      ],
    ];
    for (const [type, body] of cases) {
      const res = await raw(type, body);
      expect([type, res.status]).toEqual([type, 400]);
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect(await t.ds.getRepository(MentorThread).count()).toBe(threads);
  });

  it('multipart only on the upload routes, with X-Requested-With and the site as Origin', async () => {
    const post = () => student.agent.post('/api/mentor/threads').field('title', 'T').field('body', 'B');
    expect((await post().set('X-Requested-With', 'x').expect(403)).body.code).toBe('CSRF_REJECTED');
    expect((await post().set('Origin', t.cfg.publicOrigin).expect(403)).body.code).toBe('CSRF_REJECTED');
    await post().set('Origin', 'https://evil.example').set('X-Requested-With', 'x').expect(403);
    const elsewhere = await upload(student.agent.patch('/api/account'))
      .field('firstName', 'Kari')
      .field('lastName', 'N')
      .expect(415);
    expect(elsewhere.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('threads and images answer only their student and admins', async () => {
    const mine = (await student.agent.get('/api/mentor/threads').expect(200)).body.threads[0];
    const thread = (await student.agent.get(`/api/mentor/threads/${mine.id}`).expect(200)).body;
    const image = thread.messages[0].images[0];
    expect((await other.agent.get(`/api/mentor/threads/${mine.id}`).expect(404)).body.code).toBe('NOT_FOUND');
    await other.agent.get(image.url).expect(404);
    await other.agent.get(image.thumbUrl).expect(404);
    await t.http().get(image.url).expect(401);
    await upload(other.agent.post(`/api/mentor/threads/${mine.id}/messages`))
      .send({ body: 'Hei' })
      .expect(404);
    expect((await other.agent.get('/api/mentor/threads').expect(200)).body.threads).toEqual([]);
    await admin.get(image.url).expect(200);
    await admin.get(`/api/mentor/threads/${mine.id}`).expect(200);
    await student.agent.get('/api/mentor/images/999999').expect(404);
    await student.agent.get('/api/mentor/threads/abc').expect(404);
  });

  it('the monthly quota: the limit refuses with 429, the next calendar month (Oslo) starts again', async () => {
    const q = await loginAs(t, { courses: ['accelerator'] });
    for (let i = 1; i <= 3; i++)
      await q.agent
        .post('/api/mentor/threads')
        .send({ title: `Tråd ${i}`, body: 'Tekst' })
        .expect(201);
    const over = await q.agent.post('/api/mentor/threads').send({ title: 'Én til', body: 'Tekst' }).expect(429);
    expect(over.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('alle 3 trådene denne måneden'),
    });
    expect((await q.agent.get('/api/mentor/threads').expect(200)).body.quota.label).toBe('3 av 3 brukt denne måneden');
    // 31 May 23:30 in Oslo is still May; 1 June 00:10 Oslo time is a new month.
    clock.set(new Date('2026-05-31T21:30:00Z'));
    await q.agent.post('/api/mentor/threads').send({ title: 'Mai', body: 'Tekst' }).expect(429);
    clock.set(new Date('2026-05-31T22:10:00Z'));
    await q.agent.post('/api/mentor/threads').send({ title: 'Juni', body: 'Tekst' }).expect(201);
    expect((await q.agent.get('/api/mentor/threads').expect(200)).body.quota.label).toBe('1 av 3 brukt denne måneden');
    clock.set(new Date('2026-05-04T09:00:00Z'));
  });

  it("the mentor's inbox: waiting first, an answer with an image mails the student once; states follow the conversation", async () => {
    const a = (await other.agent.post('/api/mentor/threads').send({ title: 'Eldre', body: 'Første' }).expect(201)).body
      .id as number;
    clock.advance(60_000);
    const b = (await other.agent.post('/api/mentor/threads').send({ title: 'Nyere', body: 'Andre' }).expect(201)).body
      .id as number;
    await student.agent.get('/api/admin/mentor-threads').expect(403);

    const answer = await upload(admin.post(`/api/admin/mentor-threads/${a}/messages`))
      .field('body', 'Stopp under **swing low**.')
      .attach('images', jpeg, { filename: 'svar.jpg', contentType: 'image/jpeg' })
      .expect(201);
    expect(answer.body).toMatchObject({ id: a, status: 'answered', studentEmail: other.user.email, messageCount: 2 });
    expect(answer.body.messages[1]).toMatchObject({ author: 'mentor', images: [expect.objectContaining({ width: 800 })] });
    // The mentor's image belongs to the student's thread: the student sees it, others do not.
    await other.agent.get(answer.body.messages[1].images[0].url).expect(200);
    await student.agent.get(answer.body.messages[1].images[0].url).expect(404);
    await upload(admin.post(`/api/admin/mentor-threads/${a}/messages`))
      .field('body', 'To bilder')
      .attach('images', jpeg, { filename: '1.jpg', contentType: 'image/jpeg' })
      .attach('images', jpeg, { filename: '2.jpg', contentType: 'image/jpeg' })
      .expect(400);

    const list = await admin.get('/api/admin/mentor-threads').query({ range: '[0,99]' }).expect(200);
    expect(list.headers['content-range']).toMatch(/^mentor-threads 0-\d+\/\d+$/);
    const rows = list.body as Array<{ id: number; status: string }>;
    expect(rows.map((r) => r.id).indexOf(b)).toBeLessThan(rows.map((r) => r.id).indexOf(a));
    const statuses = rows.map((r) => r.status);
    expect(statuses.lastIndexOf('waiting')).toBeLessThan(statuses.indexOf('answered'));
    // The newest waiting first.
    const waiting = (list.body as Array<{ status: string; lastMessageAt: string }>)
      .filter((r) => r.status === 'waiting')
      .map((r) => r.lastMessageAt);
    expect(waiting).toEqual([...waiting].sort().reverse());

    const mails = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'mentor_answered', toAddress: other.user.email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Eldre');
    expect(mails[0].html).toContain('<strong>swing low</strong>');
    expect(mails[0].textBody).toContain(`/mentor/${a}`);
    const audit = await t.ds.getRepository(AuditLog).findBy({ entity: 'mentor_thread', entityId: String(a) });
    expect(audit.map((r) => r.action)).toEqual(['mentor_thread.answer']);

    const seen = await other.agent.get(`/api/mentor/threads/${a}`).expect(200);
    expect(seen.body.messages.map((m: { author: string }) => m.author)).toEqual(['student', 'mentor']);
    const again = await other.agent.post(`/api/mentor/threads/${a}/messages`).send({ body: 'Takk! Og denne?' }).expect(201);
    expect(again.body.status).toBe('waiting');

    await admin.patch(`/api/admin/mentor-threads/${a}`).send({ status: 'closed' }).expect(200);
    await admin.patch(`/api/admin/mentor-threads/${a}`).send({ status: 'maybe' }).expect(400);
    const closed = await other.agent.post(`/api/mentor/threads/${a}/messages`).send({ body: 'Hallo?' }).expect(409);
    expect(closed.body.message).toBe('Tråden er lukket. Start en ny tråd.');
    await admin.post('/api/admin/mentor-threads/999999/messages').send({ body: 'x' }).expect(404);
  });

  it('export lists the threads with their images; erasure deletes the rows and the files', async () => {
    const exp = await student.agent.get('/api/account/export').expect(200);
    expect(exp.body.mentorThreads).toEqual([
      expect.objectContaining({
        title: 'EURUSD breakout',
        messages: [
          expect.objectContaining({
            author: 'student',
            images: [expect.objectContaining({ contentType: 'image/png', width: 2560 }), expect.anything()],
          }),
        ],
      }),
    ]);
    expect(files(student.user.id).length).toBeGreaterThan(0);
    await student.agent.delete('/api/account').send({ password: 'hemmelig123' }).expect(200);
    expect(files(student.user.id)).toEqual([]);
    expect(await t.ds.getRepository(MentorThread).countBy({ userId: student.user.id })).toBe(0);
    expect(await t.ds.getRepository(MentorImage).countBy({ userId: student.user.id })).toBe(0);
    expect(await t.ds.getRepository(MentorMessage).countBy({ authorId: student.user.id })).toBe(0);
    // The other student's files stay.
    expect(files(other.user.id).length).toBeGreaterThan(0);
  });
});

/**
 * Chart images cannot exhaust the server (issue 33): at most 25 megapixels an image, a daily budget
 * of image bytes per student (threads and replies), every refusal that needs no body answered before
 * the body is read, and the monthly quota counted with the insert under the student's lock.
 */
describe('mentor inbox: limits that protect the server', () => {
  const clock = new ManualClock(new Date('2026-05-04T08:00:00Z'));
  const uploadDir = join(mkdtempSync(join(tmpdir(), 'ta-mentor-limits-')), 'uploads');
  let t: TestApp;
  /** A noisy PNG that barely compresses: about 3 × side² bytes on the wire. */
  let noisy: Buffer;

  const upload = (req: Test): Test => req.set('Origin', t.cfg.publicOrigin).set('X-Requested-With', 'XMLHttpRequest');
  const files = (userId: number): string[] => {
    const dir = join(uploadDir, 'mentor', String(userId));
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const solid = (width: number, height: number): Promise<Buffer> =>
    sharp({ create: { width, height, channels: 3, background: '#123' } })
      .png({ compressionLevel: 9 })
      .toBuffer();

  beforeAll(async () => {
    t = await startTestApp(
      { MAIL_POLL_INTERVAL_MS: '0', UPLOAD_DIR: uploadDir, MENTOR_THREADS_PER_MONTH: '8', MENTOR_IMAGE_MB_PER_DAY: '1' },
      { clock },
    );
    const side = 360;
    noisy = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(uploadDir, '..'), { recursive: true, force: true });
  });
  beforeEach(() => clock.set(new Date('2026-05-04T08:00:00Z')));

  const cookieOf = async (email: string, password: string): Promise<string> => {
    const res = await t.http().post('/api/auth/login').send({ email, password }).expect(200);
    return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  };
  /**
   * A raw upload that announces 1 GB of multipart and sends only its start (the headers of an image part
   * and `first` bytes of it). `answer` is the status line and body once the server answers, or null when
   * it has not answered after 5 s; `close` hangs up.
   */
  const announce = async (path: string, cookie: string, first: Buffer = noisy.subarray(0, 4096)) => {
    const server = t.app.getHttpServer();
    if (!server.listening) await t.app.listen(0, '127.0.0.1');
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    const answer = new Promise<{ head: string; body: string } | null>((resolve, reject) => {
      let got = Buffer.alloc(0);
      const timer = setTimeout(() => resolve(null), 5000);
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(null);
      });
      socket.on('data', (d: Buffer) => {
        got = Buffer.concat([got, d]);
        const end = got.indexOf('\r\n\r\n');
        const head = end >= 0 ? got.subarray(0, end).toString('latin1') : '';
        const length = /content-length: (\d+)/i.exec(head)?.[1];
        if (length !== undefined && got.length >= end + 4 + Number(length)) {
          clearTimeout(timer);
          resolve({ head, body: got.subarray(end + 4).toString('utf8') });
        }
      });
    });
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Cookie: ${cookie}`,
        `Origin: ${t.cfg.publicOrigin}`,
        'X-Requested-With: XMLHttpRequest',
        'Content-Type: multipart/form-data; boundary=grense',
        `Content-Length: ${1024 * 1024 * 1024}`,
        '',
        '--grense\r\nContent-Disposition: form-data; name="images"; filename="chart.png"\r\nContent-Type: image/png\r\n\r\n',
      ].join('\r\n'),
    );
    socket.write(first);
    return { answer, close: () => socket.destroy() };
  };
  /** Sends the start of an upload and hangs up once answered (or after 5 s without an answer: null). */
  const refusal = async (path: string, cookie: string) => {
    const upload = await announce(path, cookie);
    const answer = await upload.answer;
    upload.close();
    return answer;
  };
  const until = async (what: () => boolean): Promise<void> => {
    for (let i = 0; i < 250 && !what(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(what()).toBe(true);
  };

  it('an image over 25 megapixels is refused from its header, in Norwegian; 5 000 × 5 000 passes', async () => {
    const s = await loginAs(t, { courses: ['accelerator'] });
    const huge = await solid(6000, 5000);
    const res = await upload(s.agent.post('/api/mentor/threads'))
      .field('title', 'Stort skjermbilde')
      .field('body', 'Se her')
      .attach('images', huge, { filename: 'skjerm.png', contentType: 'image/png' })
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', field: 'images' });
    expect(res.body.message).toBe(MENTOR_MSG.tooManyPixels('skjerm.png', 6000, 5000));
    expect(res.body.message).toMatch(/^«skjerm\.png» er for stort: 6\u00a0000 × 5\u00a0000 piksler\. .*25 megapiksler/);
    expect(await t.ds.getRepository(MentorThread).countBy({ userId: s.user.id })).toBe(0);
    expect(files(s.user.id)).toEqual([]);

    const ok = await upload(s.agent.post('/api/mentor/threads'))
      .field('title', 'Akkurat nok')
      .field('body', 'Se her')
      .attach('images', await solid(5000, 5000), { filename: 'stor.png', contentType: 'image/png' })
      .expect(201);
    expect(ok.body.messages[0].images[0]).toMatchObject({ width: 2560, height: 2560 });
  });

  it('image bytes per student per day: threads and replies count together, the next day (Oslo) starts again', async () => {
    const s = await loginAs(t, { courses: ['accelerator'] });
    // Two images of about 390 KB: within the day's 1 MB.
    const made = await upload(s.agent.post('/api/mentor/threads'))
      .field('title', 'To charts')
      .field('body', 'Hva tenker du?')
      .attach('images', noisy, { filename: 'a.png', contentType: 'image/png' })
      .attach('images', noisy, { filename: 'b.png', contentType: 'image/png' })
      .expect(201);
    const id = made.body.id as number;
    const stored = files(s.user.id);
    expect(stored).toHaveLength(4);
    const uploads = await t.ds.getRepository(MentorImage).findBy({ userId: s.user.id });
    expect(uploads.map((i) => i.uploadBytes)).toEqual([noisy.length, noisy.length]);

    // A reply with one more: over the day's limit, refused while the form streams in; nothing is kept.
    const over = await upload(s.agent.post(`/api/mentor/threads/${id}/messages`))
      .field('body', 'Og denne?')
      .attach('images', noisy, { filename: 'c.png', contentType: 'image/png' })
      .expect(429);
    const left = 1024 * 1024 - 2 * noisy.length;
    expect(over.body).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      field: 'images',
      message: MENTOR_MSG.dailyImageBytes(1, left),
    });
    expect(over.body.message).toContain('du kan laste opp 1 MB bilder per dag og har 0,2 MB igjen');
    expect(files(s.user.id)).toEqual(stored);
    expect((await s.agent.get(`/api/mentor/threads/${id}`).expect(200)).body.messageCount).toBe(1);

    // Text alone still goes (the member area always sends multipart).
    await upload(s.agent.post(`/api/mentor/threads/${id}/messages`))
      .field('body', 'Bare tekst')
      .expect(201);
    // 5 May 00:10 in Oslo: a new day starts the budget again.
    clock.set(new Date('2026-05-04T22:10:00Z'));
    await upload(s.agent.post(`/api/mentor/threads/${id}/messages`))
      .field('body', 'Ny dag')
      .attach('images', noisy, { filename: 'c.png', contentType: 'image/png' })
      .expect(201);
  });

  it("the day's image bytes hold against parallel replies; the mentor's images never count", async () => {
    const s = await loginAs(t, { courses: ['accelerator'] });
    const id = (await s.agent.post('/api/mentor/threads').send({ title: 'Parallelt', body: 'Start' }).expect(201)).body
      .id as number;
    const { agent: admin } = await adminAgent(t);
    await upload(admin.post(`/api/admin/mentor-threads/${id}/messages`))
      .field('body', 'Her er mitt')
      .attach('images', noisy, { filename: 'mentor.png', contentType: 'image/png' })
      .expect(201);
    const replies = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        upload(s.agent.post(`/api/mentor/threads/${id}/messages`))
          .field('body', `Svar ${i}`)
          .attach('images', noisy, { filename: `r${i}.png`, contentType: 'image/png' }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 429, 429]);
    // Refused with what is left (some, or none once the others have landed): both name the day's limit.
    for (const r of replies.filter((x) => x.status === 429)) expect(r.body.message).toMatch(/MB bilder .*per dag/);
    const images = await t.ds.getRepository(MentorImage).findBy({ userId: s.user.id });
    expect(images).toHaveLength(3);
    expect(images.filter((i) => i.uploadBytes === null)).toHaveLength(1);
    // Two students' images and thumbnails, the refused ones removed again.
    expect(files(s.user.id)).toHaveLength(6);
  });

  it('refuses before reading the body: no inbox, not the thread, a closed thread, the quota used up', async () => {
    // A signed-in student who may not use the inbox.
    const outsider = await loginAs(t, { courses: ['foundation'] });
    const outsiderCookie = await cookieOf(outsider.user.email, outsider.password);
    const refused = await refusal('/api/mentor/threads', outsiderCookie);
    expect(refused?.head).toMatch(/^HTTP\/1\.1 403 /);
    expect(JSON.parse(refused!.body)).toMatchObject({ code: 'FORBIDDEN', message: MENTOR_MSG.notEligible });

    const owner = await loginAs(t, { courses: ['accelerator'] });
    const ownerCookie = await cookieOf(owner.user.email, owner.password);
    const thread = (await owner.agent.post('/api/mentor/threads').send({ title: 'Min', body: 'Tekst' }).expect(201)).body
      .id as number;
    // Someone else's thread (or none at all): 404 as if it did not exist.
    const stranger = await loginAs(t, { courses: ['accelerator'] });
    const strangerCookie = await cookieOf(stranger.user.email, stranger.password);
    expect((await refusal(`/api/mentor/threads/${thread}/messages`, strangerCookie))?.head).toMatch(/^HTTP\/1\.1 404 /);
    expect((await refusal(`/api/mentor/threads/999999/messages`, ownerCookie))?.head).toMatch(/^HTTP\/1\.1 404 /);
    // The outsider may not reply either.
    await t.ds.getRepository(MentorThread).update({ id: thread }, { userId: outsider.user.id });
    expect((await refusal(`/api/mentor/threads/${thread}/messages`, outsiderCookie))?.head).toMatch(/^HTTP\/1\.1 403 /);
    await t.ds.getRepository(MentorThread).update({ id: thread }, { userId: owner.user.id, status: 'closed' });
    const closed = await refusal(`/api/mentor/threads/${thread}/messages`, ownerCookie);
    expect(closed?.head).toMatch(/^HTTP\/1\.1 409 /);
    expect(JSON.parse(closed!.body)).toMatchObject({ message: MENTOR_MSG.closed });

    // The month's threads used up.
    for (let i = 2; i <= 8; i++)
      await owner.agent
        .post('/api/mentor/threads')
        .send({ title: `Tråd ${i}`, body: 'Tekst' })
        .expect(201);
    const quota = await refusal('/api/mentor/threads', ownerCookie);
    expect(quota?.head).toMatch(/^HTTP\/1\.1 429 /);
    expect(JSON.parse(quota!.body)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MENTOR_MSG.quota(8) });
    expect(await t.ds.getRepository(MentorImage).countBy({ userId: owner.user.id })).toBe(0);
  });

  it("a student's uploads at the same time share what is left of the day while they stream", async () => {
    const s = await loginAs(t, { courses: ['accelerator'] });
    const cookie = await cookieOf(s.user.email, s.password);
    const id = (await s.agent.post('/api/mentor/threads').send({ title: 'Samtidig', body: 'Start' }).expect(201)).body
      .id as number;
    const receiving = () => t.app.get(MentorImagesService).imageBytesInFlight(s.user.id);
    // A slow upload: 700 KB of an image received, the rest still to come.
    const slow = await announce(`/api/mentor/threads/${id}/messages`, cookie, randomBytes(700 * 1024));
    await until(() => receiving() >= 700 * 1024);
    // Another one at the same time passes the day's 1 MB with it: refused while it streams.
    const second = await upload(s.agent.post(`/api/mentor/threads/${id}/messages`))
      .field('body', 'Samtidig')
      .attach('images', noisy, { filename: 'b.png', contentType: 'image/png' })
      .expect(429);
    expect(second.body.message).toContain('har 0,3 MB igjen');
    // The slow one hangs up: its bytes stop counting, nothing was stored, and the next upload goes.
    slow.close();
    await until(() => receiving() === 0);
    expect(files(s.user.id)).toEqual([]);
    await upload(s.agent.post(`/api/mentor/threads/${id}/messages`))
      .field('body', 'Nå')
      .attach('images', noisy, { filename: 'c.png', contentType: 'image/png' })
      .expect(201);
  });

  it('15 parallel starts against a quota of 8 make exactly 8 threads', async () => {
    const s = await loginAs(t, { courses: ['accelerator'] });
    // Each with a small chart, as the member area sends them (decoding it is the time between the count and the insert).
    const chart = await solid(1200, 800);
    const starts = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        upload(s.agent.post('/api/mentor/threads'))
          .field('title', `Samtidig ${i}`)
          .field('body', 'Tekst')
          .attach('images', chart, { filename: `chart${i}.png`, contentType: 'image/png' }),
      ),
    );
    const statuses = starts.map((r) => r.status);
    expect(statuses.filter((c) => c === 201)).toHaveLength(8);
    expect(statuses.filter((c) => c === 429)).toHaveLength(7);
    for (const r of starts.filter((x) => x.status === 429)) expect(r.body).toMatchObject({ message: MENTOR_MSG.quota(8) });
    expect(await t.ds.getRepository(MentorThread).countBy({ userId: s.user.id })).toBe(8);
    // The refused starts' images were removed again.
    expect(files(s.user.id)).toHaveLength(16);
    const overview = await s.agent.get('/api/mentor/threads').expect(200);
    expect(overview.body.quota).toMatchObject({ used: 8, limit: 8, label: '8 av 8 brukt denne måneden' });
  });
});
