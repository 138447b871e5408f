/**
 * Issue 33, "The buyer", the server's part: who is signed in answers 200 with no user for a visitor;
 * a new password equal to the current one is refused in Norwegian; the student count's threshold is
 * the mentor's setting (default 20, audited, validated); the Testmiljø flag lists the placeholders;
 * the landing pages get the module titles the player shows; «Åpne VIP-fellesskapet» never leads to
 * discord.com's front page. Runs on SQLite and, with TEST_DATABASE_URL, on MariaDB.
 */
import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { adminAgent } from './admin-helpers';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/** A demo purchase (no Stripe key): the buyer's signed-in client. */
async function buy(t: TestApp, courseId: string): Promise<TestAgent> {
  const buyer = t.agent();
  const res = await buyer.post('/api/checkout/sessions').send({
    courseId,
    email: uniqueEmail('kjoper'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
  });
  expect([200, 201]).toContain(res.status);
  return buyer;
}

describe('issue 33: the buyer (server)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/auth/me', () => {
    it('answers 200 with no user (JSON null) without a session or with a dead one, and the profile with one', async () => {
      for (const cookie of [undefined, 'sid=finnes-ikke-0123456789abcdefghijklmnopqrstu']) {
        const req = t.http().get('/api/auth/me');
        const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
        expect(res.text).toBe('null');
        expect(res.body).toBeNull();
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
      const { agent, user } = await loginAs(t);
      expect((await agent.get('/api/auth/me').expect(200)).body).toMatchObject({ id: user.id, email: user.email });
      await agent.post('/api/auth/logout').set('X-Requested-With', 'fetch').expect(204);
      expect((await agent.get('/api/auth/me').expect(200)).text).toBe('null');
    });

    it('what needs a session still answers 401 without one', async () => {
      await t.http().get('/api/account/export').expect(401);
      await t.http().get('/api/auth/totp').expect(401);
    });
  });

  describe('POST /api/auth/password', () => {
    it('refuses a new password equal to the current one, in Norwegian, and changes nothing', async () => {
      const { agent, user, password } = await loginAs(t);
      const other = t.agent();
      await other.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      const res = await agent
        .post('/api/auth/password')
        .send({ currentPassword: password, newPassword: password, confirmPassword: password })
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'PASSWORD_UNCHANGED',
        message: 'Det nye passordet er det samme som det nåværende. Velg et annet passord.',
      });
      // The other device is still signed in, and the password still works.
      expect((await other.get('/api/auth/me').expect(200)).body).toMatchObject({ email: user.email });
      await t.http().post('/api/auth/login').send({ email: user.email, password }).expect(200);
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBeGreaterThanOrEqual(2);

      // A different one is taken.
      await agent
        .post('/api/auth/password')
        .send({ currentPassword: password, newPassword: 'et-annet-passord-7', confirmPassword: 'et-annet-passord-7' })
        .expect(200);
    });
  });

  describe('the student count threshold', () => {
    it('is 20 until the mentor sets another in the settings; the catalogue carries it; the change is audited', async () => {
      const catalog = async () => (await t.http().get('/api/catalog').expect(200)).body as Record<string, unknown>;
      expect(await catalog()).toMatchObject({ studentCountThreshold: 20 });
      const admin = await adminAgent(t);
      expect((await admin.agent.get('/api/admin/settings').expect(200)).body).toMatchObject({ studentCountThreshold: 20 });

      const saved = await admin.agent.put('/api/admin/settings').send({ id: 'site', studentCountThreshold: 3 }).expect(200);
      expect(saved.body).toMatchObject({ studentCountThreshold: 3 });
      expect(await catalog()).toMatchObject({ studentCountThreshold: 3 });
      const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ entityId: 'studentCountThreshold' });
      expect(audit).toMatchObject({ action: 'settings.update', entity: 'settings' });

      // Saving the same value again is no change (no second audit row).
      await admin.agent.put('/api/admin/settings').send({ studentCountThreshold: 3 }).expect(200);
      expect(await t.ds.getRepository(AuditLog).countBy({ entityId: 'studentCountThreshold' })).toBe(1);

      // 0: the count shows from the first student.
      await admin.agent.put('/api/admin/settings').send({ studentCountThreshold: 0 }).expect(200);
      expect(await catalog()).toMatchObject({ studentCountThreshold: 0 });
      await admin.agent.put('/api/admin/settings').send({ studentCountThreshold: 20 }).expect(200);
    });

    it.each([[-1], [2.5], ['tjue'], [null], [10_000_001]])('refuses %p in Norwegian', async (value) => {
      const admin = await adminAgent(t);
      const res = await admin.agent.put('/api/admin/settings').send({ studentCountThreshold: value }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: 'Antall elever må være et helt tall, 0 eller mer' });
      expect((await t.http().get('/api/catalog').expect(200)).body).toMatchObject({ studentCountThreshold: 20 });
    });

    it('is the mentor’s alone', async () => {
      const { agent } = await loginAs(t);
      await agent.put('/api/admin/settings').send({ studentCountThreshold: 1 }).expect(403);
      await t.http().put('/api/admin/settings').set('X-Requested-With', 'fetch').send({ studentCountThreshold: 1 }).expect(401);
    });
  });

  describe('pages and the player read one source', () => {
    it('the catalogue lists the published module titles the player shows (module 4 of Starter reads the same)', async () => {
      const items = (await t.http().get('/api/catalog').expect(200)).body.items as Array<{
        id: string;
        moduleTitles: string[];
        moduleCount: number;
      }>;
      const starter = items.find((i) => i.id === 'starter')!;
      const course = (await t.http().get('/api/courses/starter').expect(200)).body as { modules: Array<{ title: string }> };
      expect(starter.moduleTitles).toEqual(course.modules.map((m) => m.title));
      expect(starter.moduleTitles[3]).toBe('Bygg en ferdighet');
      expect(starter.moduleCount).toBe(starter.moduleTitles.length);
    });

    it('the course descriptions are Norwegian: "tradingfundament" in one word, no "Crypto trading"', async () => {
      const items = (await t.http().get('/api/catalog').expect(200)).body.items as Array<{
        id: string;
        description: string;
        shortDescription: string;
      }>;
      const text = JSON.stringify(items);
      expect(items.find((i) => i.id === 'foundation')!.description).toBe('Komplett tradingfundament');
      expect(items.find((i) => i.id === 'kryptovaluta')!.description).toBe('Spesialisering i kryptotrading');
      expect(text).not.toMatch(/trading fundament|Crypto trading|trading prinsipper|trading strategier/);
    });
  });

  describe('a test environment', () => {
    it('names the placeholders still in use (the pages show a Testmiljø banner)', async () => {
      const site = (await t.http().get('/api/site').expect(200)).body;
      expect(site.testEnvironment).toEqual({ missing: ['SELLER_NAME', 'SELLER_ORG_NR', 'SELLER_ADDRESS', 'CONTACT_EMAIL'] });
    });

    it('is not flagged once the seller and the mailbox are set', async () => {
      const set = await startTestApp({
        SELLER_NAME: 'Trading Akademiet AS',
        SELLER_ORG_NR: '923 456 789',
        SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
        CONTACT_EMAIL: 'hei@tradingakademiet.no',
      });
      try {
        expect((await set.http().get('/api/site').expect(200)).body.testEnvironment).toBeNull();
      } finally {
        await set.close();
      }
    });
  });

  describe('«Åpne VIP-fellesskapet»', () => {
    const communityOf = async (app: TestApp) => {
      const vip = await buy(app, 'vip');
      const res = await vip.get('/api/membership').expect(200);
      return (res.body.memberships as Array<{ productId: string; communityUrl: string | null }>).find(
        (m) => m.productId === 'vip',
      )!.communityUrl;
    };

    it('has no link when no invitation is configured (never discord.com’s front page)', async () => {
      expect(await communityOf(t)).toBeNull();
    });

    it('uses COMMUNITY_URL when it is an invitation', async () => {
      const app = await startTestApp({ COMMUNITY_URL: 'https://discord.gg/tradingakademiet' });
      try {
        expect(await communityOf(app)).toBe('https://discord.gg/tradingakademiet');
      } finally {
        await app.close();
      }
    });
  });
});
