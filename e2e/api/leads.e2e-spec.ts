import { User } from '../../backend/src/identity/entities/user.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { createUser, startTestApp, TestApp, uniqueEmail } from './support/test-app';

describe('lead capture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /**
   * The statements on the leads and users tables while `fn` runs: TypeORM's (its logger hears every
   * one) and, on MySQL/MariaDB, the server-side prepared ones run on its pool.
   */
  async function leadAndAccountStatements(fn: () => Promise<unknown>): Promise<string[]> {
    const pool = (t.ds.driver as unknown as { pool?: { execute: (...a: unknown[]) => unknown } }).pool;
    const logged = jest.spyOn(t.ds.logger, 'logQuery');
    const prepared = pool ? jest.spyOn(pool, 'execute') : null;
    try {
      await fn();
      const texts = [...logged.mock.calls, ...(prepared?.mock.calls ?? [])].map((c) => String(c[0]));
      return texts.filter((sql) => /[`"\s](leads|users)[`"\s]/i.test(sql));
    } finally {
      logged.mockRestore();
      prepared?.mockRestore();
    }
  }

  describe('POST /api/leads', () => {
    it('stores the lead with its normalised e-mail, page and first-touch attribution, and says where to go next', async () => {
      const email = uniqueEmail('lead');
      const res = await t
        .http()
        .post('/api/leads')
        .send({
          email: `  ${email.toUpperCase()}  `,
          courseType: 'foundation',
          source: '/kurs/foundation',
          trafficSource: 'B',
          utm: { source: 'facebook', medium: 'cpc', campaign: 'host-2026' },
          attribution: { landingPath: '/b?utm_source=facebook', referrer: 'https://www.facebook.com/' },
        })
        .expect(201);
      expect(res.body).toEqual({
        success: true,
        id: expect.any(Number),
        next: `/bestill?course=foundation&email=${encodeURIComponent(email)}`,
      });
      const lead = await t.ds.getRepository(Lead).findOneByOrFail({ id: res.body.id });
      expect(lead).toMatchObject({ email, courseType: 'foundation', source: '/kurs/foundation', userId: null, contacted: false });
      expect(lead.attribution).toMatchObject({
        trafficSource: 'B',
        utmSource: 'facebook',
        utmMedium: 'cpc',
        utmCampaign: 'host-2026',
        landingPath: '/b?utm_source=facebook',
        referrer: 'https://www.facebook.com/',
      });
      expect(Math.abs(lead.createdAt.getTime() - Date.now())).toBeLessThan(10_000);
    });

    it.each([
      ['starter', '/course/starter?email='],
      ['microkurs', '/bestill?course=microkurs&email='],
      ['vip', '/bestill?course=vip&email='],
      ['kryptovaluta', '/course/starter?email='],
      ['accelerator', '/bestill?course=accelerator&email='],
    ])('sends %s leads on to %s…', async (courseType, prefix) => {
      const res = await t.http().post('/api/leads').send({ email: 'x@example.no', courseType, source: '/d' }).expect(201);
      expect(res.body.next.startsWith(prefix)).toBe(true);
    });

    it("links a lead of an existing account's address in its one INSERT (the account found inside the statement)", async () => {
      await createUser(t); // another account beside it
      const user = await createUser(t);
      let id = 0;
      const sql = await leadAndAccountStatements(async () => {
        const res = await t
          .http()
          .post('/api/leads')
          .send({ email: ` ${user.email.toUpperCase()}`, courseType: 'foundation', source: '/' })
          .expect(201);
        id = res.body.id;
      });
      expect(sql).toHaveLength(1);
      const q = '[`"]';
      expect(sql[0]).toMatch(new RegExp(`^INSERT INTO ${q}leads${q} \\(`));
      expect(sql[0]).toMatch(
        new RegExp(`COALESCE\\(\\?, \\(SELECT \\w+\\.${q}id${q} FROM ${q}users${q} \\w+ WHERE \\w+\\.${q}email${q} = \\?\\)\\)`),
      );
      expect(await t.ds.getRepository(Lead).findOneByOrFail({ id })).toMatchObject({ email: user.email, userId: user.id });

      // An address without an account: the same one statement, and no account.
      const email = uniqueEmail('uten-konto');
      const none = await leadAndAccountStatements(() =>
        t.http().post('/api/leads').send({ email, courseType: 'starter', source: '/' }).expect(201),
      );
      expect(none).toEqual(sql);
      expect(await t.ds.getRepository(Lead).findOneByOrFail({ email })).toMatchObject({ userId: null });
    });

    it('a free sign-up links its own lead and the earlier leads of the address to the new account', async () => {
      const email = uniqueEmail('forst-lead');
      await t.http().post('/api/leads').send({ email, courseType: 'foundation', source: '/kurs/foundation' }).expect(201);
      expect(await t.ds.getRepository(Lead).findOneByOrFail({ email })).toMatchObject({ userId: null });
      await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      const leads = await t.ds.getRepository(Lead).find({ where: { email }, order: { id: 'ASC' } });
      expect(leads.map((l) => [l.courseType, l.userId])).toEqual([
        ['foundation', user.id],
        ['starter', user.id],
      ]);
      // And a later lead of the address, by the form, is the account's too.
      await t.http().post('/api/leads').send({ email, courseType: 'vip', source: '/' }).expect(201);
      expect(await t.ds.getRepository(Lead).findOneByOrFail({ email, courseType: 'vip' })).toMatchObject({ userId: user.id });
    });

    it('stores repeated submissions (never an error) and links them to an existing account', async () => {
      const user = await createUser(t);
      for (let i = 0; i < 3; i++)
        await t.http().post('/api/leads').send({ email: user.email, courseType: 'starter', source: '/' }).expect(201);
      const leads = await t.ds.getRepository(Lead).findBy({ email: user.email });
      expect(leads).toHaveLength(3);
      expect(leads.every((l) => l.userId === user.id)).toBe(true);
    });

    it.each([
      [{ courseType: 'starter', source: '/' }, 'E-post er påkrevd'],
      [{ email: '', courseType: 'starter', source: '/' }, 'E-post er påkrevd'],
      [{ email: 'ola@', courseType: 'starter', source: '/' }, 'Skriv inn en gyldig e-postadresse'],
      [{ email: `${'a'.repeat(250)}@b.no`, courseType: 'starter', source: '/' }, 'Skriv inn en gyldig e-postadresse'],
      [{ email: 'ola@example.no', courseType: 'gull', source: '/' }, 'Ukjent kurstype'],
      [{ email: 'ola@example.no', source: '/' }, 'Ukjent kurstype'],
      [{ email: 'ola@example.no', courseType: 'starter' }, 'Kilde mangler'],
      [{ email: 'ola@example.no', courseType: 'starter', source: 'x'.repeat(201) }, 'Kilde kan være maks 200 tegn'],
      [{ email: 'ola@example.no', courseType: 'starter', source: '/', trafficSource: 'E' }, 'Ukjent trafikkilde'],
      [
        { email: 'ola@example.no', courseType: 'starter', source: '/', utm: { source: 'x'.repeat(101) } },
        'utm.source kan være maks 100 tegn',
      ],
      [{ email: 'ola@example.no', courseType: 'starter', source: '/', utm: 'facebook' }, 'Ugyldig verdi for utm'],
      [{ email: ['ola@example.no'], courseType: 'starter', source: '/' }, 'E-post er påkrevd'],
    ])('rejects %j with 400 "%s" and stores nothing', async (body, message) => {
      const before = await t.ds.getRepository(Lead).count();
      const res = await t.http().post('/api/leads').send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.message).toBe(message);
      expect(await t.ds.getRepository(Lead).count()).toBe(before);
    });

    it('rejects a body that is not an object', async () => {
      for (const body of ['"ola@example.no"', '[]', 'null', '42']) {
        const res = await t.http().post('/api/leads').set('Content-Type', 'application/json').send(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400 });
      }
    });
  });

  describe('the form without JavaScript (form-encoded POST /)', () => {
    it('stores the lead and answers 303 to where the script would go', async () => {
      const email = uniqueEmail('nojs');
      const res = await t
        .http()
        .post('/')
        .type('form')
        .send({ 'form-name': 'lead-capture', email, 'course-type': 'accelerator', source: '/kurs/accelerator' })
        .expect(303);
      expect(res.headers.location).toBe(`/bestill?course=accelerator&email=${encodeURIComponent(email)}`);
      expect(await t.ds.getRepository(Lead).findOneBy({ email })).toMatchObject({
        courseType: 'accelerator',
        source: '/kurs/accelerator',
      });
      const starter = await t
        .http()
        .post('/')
        .type('form')
        .send({ 'form-name': 'lead-capture', email, 'course-type': 'starter', source: '/' })
        .expect(303);
      expect(starter.headers.location).toBe(`/course/starter?email=${encodeURIComponent(email)}`);
    });

    it('answers 400 with a Norwegian page for a browser, the error shape otherwise, and stores nothing', async () => {
      const before = await t.ds.getRepository(Lead).count();
      const page = await t
        .http()
        .post('/')
        .type('form')
        .set('Accept', 'text/html')
        .send({ 'form-name': 'lead-capture', email: 'ikke-gyldig', 'course-type': 'starter', source: '/' })
        .expect(400);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('Skriv inn en gyldig e-postadresse');
      const json = await t.http().post('/').type('form').send({ 'form-name': 'annet', email: 'a@b.no' }).expect(400);
      expect(json.body).toMatchObject({ statusCode: 400, message: 'Ukjent skjema' });
      const unknownCourse = await t
        .http()
        .post('/')
        .type('form')
        .send({ 'form-name': 'lead-capture', email: 'a@b.no', 'course-type': 'x' })
        .expect(400);
      expect(unknownCourse.body.message).toBe('Ukjent kurstype');
      expect(await t.ds.getRepository(Lead).count()).toBe(before);
    });
  });
});
