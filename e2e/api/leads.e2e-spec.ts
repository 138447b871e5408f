import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { createUser, startTestApp, TestApp, uniqueEmail } from './support/test-app';

describe('lead capture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

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
