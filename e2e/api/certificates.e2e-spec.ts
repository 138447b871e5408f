import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { Certificate } from '../../backend/src/certificates/entities/certificate.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { adminAgent } from './admin-helpers';
import { isPdf, pdfText } from './support/pdf-text';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

const START = new Date('2026-05-05T12:00:00.000Z');
const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** supertest: collect a binary body as a Buffer. */
const binary = (res: NodeJS.ReadableStream, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('certificates: issued once on completing a paid course, a PDF, a public verification', () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let foundation: number[];
  let starter: number[];
  let foundationTitle: string;

  beforeAll(async () => {
    clock = new ManualClock(START);
    t = await startTestApp({}, { clock });
    admin = await adminAgent(t);
    const ids = async (courseId: string) =>
      (await t.ds.getRepository(CourseModule).find({ where: { courseId, published: true }, order: { position: 'ASC' } })).map(
        (m) => m.id,
      );
    foundation = await ids('foundation');
    starter = await ids('starter');
    foundationTitle = (await admin.agent.get('/api/admin/courses/foundation').expect(200)).body.title;
  });
  afterAll(() => t.close());

  async function student(opts: { courses?: string[]; name?: [string, string] } = {}) {
    const s = await loginAs(t);
    for (const courseId of opts.courses ?? ['foundation'])
      await t.ds.getRepository(Grant).insert({ userId: s.user.id, courseId, source: 'manual', grantedAt: clock.now() });
    if (opts.name) await t.ds.getRepository(User).update({ id: s.user.id }, { firstName: opts.name[0], lastName: opts.name[1] });
    return s;
  }

  const completeAll = async (agent: TestAgent, courseId: string, ids: number[]) => {
    for (const id of ids) await agent.post(`/api/progress/${courseId}/modules/${id}/complete`).send({}).expect(200);
  };
  const pdf = (agent: TestAgent, courseId: string) =>
    agent
      .get(`/api/certificates/${courseId}`)
      .buffer(true)
      .parse(binary as never);

  it('no certificate before every module is done; then exactly one, listed with its code, asking for a name', async () => {
    const { agent, user } = await student();
    const last = foundation[foundation.length - 1];
    for (const id of foundation.slice(0, -1))
      await agent.post(`/api/progress/foundation/modules/${id}/complete`).send({}).expect(200);
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([]);
    await agent.get('/api/certificates/foundation').expect(404);

    await agent.post(`/api/progress/foundation/modules/${last}/complete`).send({}).expect(200);
    await agent.post(`/api/progress/foundation/modules/${last}/complete`).send({}).expect(200);
    const list = await agent.get('/api/certificates').expect(200);
    expect(list.body).toEqual([
      {
        courseId: 'foundation',
        code: expect.stringMatching(CODE),
        issuedAt: START.toISOString(),
        courseTitle: foundationTitle,
        nameRequired: true,
      },
    ]);
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(1);

    // No name yet: the PDF waits for one.
    const refused = await agent.get('/api/certificates/foundation').expect(409);
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'NAME_REQUIRED' });
  });

  it('PATCH /api/account validates and trims the name; then the PDF is Norwegian and carries name, course, date and code', async () => {
    const { agent } = await student();
    await completeAll(agent, 'foundation', foundation);
    for (const bad of [
      {},
      { firstName: '', lastName: 'Nordmann' },
      { firstName: 'Kari', lastName: '   ' },
      { firstName: 'K'.repeat(101), lastName: 'Nordmann' },
      { firstName: '<script>', lastName: 'Nordmann' },
      { firstName: 'Kari\u0000', lastName: 'Nordmann' },
      { firstName: 42, lastName: 'Nordmann' },
      { firstName: 'Kari', lastName: 'Nordmann', role: 'admin' },
    ]) {
      const res = await agent.patch('/api/account').send(bad).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    await t.http().patch('/api/account').send({ firstName: 'Kari', lastName: 'Nordmann' }).expect(401);
    const saved = await agent.patch('/api/account').send({ firstName: '  Kari ', lastName: ' Nordmann  ' }).expect(200);
    expect(saved.body).toEqual({ firstName: 'Kari', lastName: 'Nordmann' });

    const [item] = (await agent.get('/api/certificates').expect(200)).body;
    expect(item.nameRequired).toBe(false);
    const res = await pdf(agent, 'foundation').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const body = res.body as Buffer;
    expect(isPdf(body)).toBe(true);
    const text = pdfText(body);
    expect(text).toContain('Kursbevis');
    expect(text).toContain('Kari Nordmann');
    expect(text).toContain(foundationTitle);
    expect(text).toContain('5. mai 2026');
    expect(text).toContain(item.code);
    expect(text).toContain('har fullført kurset');
  });

  it('the public verification shows name, course and date, nothing else; unknown codes are 404', async () => {
    const { agent, user } = await student({ name: ['Ola', 'Nordmann'] });
    await completeAll(agent, 'foundation', foundation);
    const [item] = (await agent.get('/api/certificates').expect(200)).body;
    expect(item.nameRequired).toBe(false);
    const res = await t.http().get(`/api/certificates/verify/${item.code}`).expect(200);
    expect(res.body).toEqual({
      code: item.code,
      holderName: 'Ola Nordmann',
      courseTitle: foundationTitle,
      issuedAt: START.toISOString(),
      revoked: false,
      revokedAt: null,
      revokedReason: null,
      revokedMessage: null,
    });
    expect(res.text).not.toContain(user.email);
    // Read as typed: lower case and blanks around.
    await t
      .http()
      .get(`/api/certificates/verify/${encodeURIComponent(` ${item.code.toLowerCase()} `)}`)
      .expect(200);
    for (const code of ['AAAA-BBBB-CCCC-DDDD', 'ikke-en-kode', '1', `${item.code}X`]) {
      const miss = await t
        .http()
        .get(`/api/certificates/verify/${encodeURIComponent(code)}`)
        .expect(404);
      expect(miss.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('concurrent completions of the last modules issue one certificate', async () => {
    for (let round = 0; round < 3; round++) {
      const { agent, user } = await student({ name: ['Per', 'Hansen'] });
      await Promise.all([
        ...foundation.map((id) => agent.post(`/api/progress/foundation/modules/${id}/complete`).send({})),
        ...foundation.map((id) => agent.post(`/api/progress/foundation/modules/${id}/complete`).send({})),
        agent.get('/api/certificates'),
      ]);
      const list = await agent.get('/api/certificates').expect(200);
      expect(list.body).toHaveLength(1);
      expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(1);
    }
  });

  it('Starter (free) gives no certificate; a paid course the student does not own gives none either', async () => {
    const { agent, user } = await student({ courses: [], name: ['Liv', 'Berg'] });
    await completeAll(agent, 'starter', starter);
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([]);
    await agent.get('/api/certificates/starter').expect(404);
    await agent.get('/api/certificates/foundation').expect(404);
    expect(await t.ds.getRepository(Certificate).countBy({ userId: user.id })).toBe(0);
  });

  it("no leakage: others and anonymous callers get nothing of someone else's certificate", async () => {
    const owner = await student({ name: ['Eva', 'Lie'] });
    await completeAll(owner.agent, 'foundation', foundation);
    const other = await student({ courses: ['accelerator'] });
    expect((await other.agent.get('/api/certificates').expect(200)).body).toEqual([]);
    await other.agent.get('/api/certificates/foundation').expect(404);
    await t.http().get('/api/certificates').expect(401);
    await t.http().get('/api/certificates/foundation').expect(401);
    await owner.agent.get('/api/admin/certificates').expect(403);
  });

  it('an issued certificate survives later content changes and a later name change', async () => {
    const { agent } = await student({ name: ['Nina', 'Dahl'] });
    await completeAll(agent, 'foundation', foundation);
    const [item] = (await agent.get('/api/certificates').expect(200)).body;

    await admin.agent.patch('/api/admin/courses/foundation').send({ title: 'Foundation 2.0' }).expect(200);
    await admin.agent.post('/api/admin/modules').send({ courseId: 'foundation', title: 'Ny bonusmodul' }).expect(201);
    await agent.patch('/api/account').send({ firstName: 'Nina', lastName: 'Dahl-Berg' }).expect(200);
    clock.advance(40 * 86_400_000);

    const verified = await t.http().get(`/api/certificates/verify/${item.code}`).expect(200);
    expect(verified.body).toMatchObject({ holderName: 'Nina Dahl', courseTitle: foundationTitle, issuedAt: START.toISOString() });
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([item]);
    const text = pdfText((await pdf(agent, 'foundation').expect(200)).body as Buffer);
    expect(text).toContain(foundationTitle);
    expect(text).not.toContain('Foundation 2.0');
    expect(text).toContain('Nina Dahl');
    expect(text).not.toContain('Dahl-Berg');

    // A student completing the changed course gets the new title (and must complete the new module).
    const late = await student({ name: ['Tor', 'Vik'] });
    await completeAll(late.agent, 'foundation', foundation);
    expect((await late.agent.get('/api/certificates').expect(200)).body).toEqual([]);
  });

  it('the admin lists and revokes a certificate (audited once); the verification then says revoked', async () => {
    const { agent, user } = await student({ name: ['Siri', 'Moe'], courses: ['kryptovaluta'] });
    const ids = (await t.ds.getRepository(CourseModule).find({ where: { courseId: 'kryptovaluta', published: true } })).map(
      (m) => m.id,
    );
    await completeAll(agent, 'kryptovaluta', ids);
    const [item] = (await agent.get('/api/certificates').expect(200)).body;

    const list = await admin.agent
      .get('/api/admin/certificates')
      .query({ filter: JSON.stringify({ userId: user.id }), sort: '["issuedAt","DESC"]', range: '[0,9]' })
      .expect(200);
    expect(list.headers['content-range']).toBe('certificates 0-0/1');
    expect(list.body[0]).toMatchObject({ code: item.code, userEmail: user.email, holderName: 'Siri Moe', revoked: false });
    const id = list.body[0].id as number;

    const revoked = await admin.agent.post(`/api/admin/certificates/${id}/revoke`).send({}).expect(200);
    expect(revoked.body).toMatchObject({ id, revoked: true, revokedAt: clock.now().toISOString() });
    await admin.agent.post(`/api/admin/certificates/${id}/revoke`).send({}).expect(200);
    expect(await t.ds.getRepository(AuditLog).countBy({ action: 'certificate.revoke', entityId: String(id) })).toBe(1);
    await admin.agent.post('/api/admin/certificates/999999/revoke').send({}).expect(404);

    const verified = await t.http().get(`/api/certificates/verify/${item.code}`).expect(200);
    expect(verified.body).toMatchObject({ revoked: true, revokedAt: clock.now().toISOString(), holderName: 'Siri Moe' });
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([]);
    await agent.get('/api/certificates/kryptovaluta').expect(404);
  });

  it('the data export lists the certificates; deleting the account removes them (the public page then finds none)', async () => {
    const { agent, password } = await student({ name: ['Ada', 'Lund'] });
    // Every module Foundation has now (an earlier test added one).
    const now = (await t.ds.getRepository(CourseModule).find({ where: { courseId: 'foundation', published: true } })).map(
      (m) => m.id,
    );
    await completeAll(agent, 'foundation', now);
    const [item] = (await agent.get('/api/certificates').expect(200)).body;
    expect(item.code).toMatch(CODE);
    const exported = (await agent.get('/api/account/export').expect(200)).body;
    expect(exported.certificates).toEqual([
      {
        courseId: 'foundation',
        courseTitle: expect.any(String),
        holderName: 'Ada Lund',
        code: item.code,
        issuedAt: item.issuedAt,
        revokedAt: null,
      },
    ]);
    await agent.delete('/api/account').send({ password }).expect(200);
    await t.http().get(`/api/certificates/verify/${item.code}`).expect(404);
  });
});
