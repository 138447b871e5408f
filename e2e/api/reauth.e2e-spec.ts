import type TestAgent from 'supertest/lib/agent';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { demoPurchase } from './admin-helpers';
import { throwawayGrant } from './support/route-fixture';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { rawClient, type RawClient } from './support/raw-http';
import { buildFixture, routeSuiteEnv, startCountingWrites, writtenTables, type Fixture } from './support/route-fixture';
import { countWrites, type WriteCounter } from './support/write-counter';
import { ROUTES, routeName, toRaw } from './support/route-table';
import { createUser, loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { enrolDirect, totpCode } from './support/two-factor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Refunds, grants and revokes need a sign-in within the last 15 minutes (401 REAUTH_REQUIRED,
 * renewed by POST /api/auth/reauth), and admin sessions last 12 hours idle and 7 days at most.
 * Time passes by moving the session's recorded times back, not by waiting.
 */
describe('re-authentication for refunds, grants and revokes', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminUser: User;
  const password = 'hemmelig123';

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, user: adminUser } = await loginAs(t, { role: 'admin', email: uniqueEmail('mentor'), password }));
  });
  afterAll(() => t.close());

  /** Moves the admin's last full authentication `ms` into the past. */
  const signedInAgo = (ms: number, userId = adminUser.id) =>
    t.ds.getRepository(Session).update({ userId }, { authenticatedAt: new Date(Date.now() - ms) });

  const refund = (agent: TestAgent, orderId: number) =>
    agent.post(`/api/admin/orders/${orderId}/refund`).send({ amount: 100, reason: 'Angret kjøpet' });
  const grant = async (agent: TestAgent) => {
    const student = await createUser(t, { password: null });
    return { student, res: await agent.post(`/api/admin/users/${student.id}/grants`).send({ courseId: 'kryptovaluta' }) };
  };
  const revoke = async (agent: TestAgent) => {
    const id = await throwawayGrant(t);
    return { id, res: await agent.delete(`/api/admin/grants/${id}`).set('X-Requested-With', 'fetch') };
  };

  it('a sign-in 16 minutes ago: refund, grant and revoke answer 401 REAUTH_REQUIRED in Norwegian and change nothing', async () => {
    const { orderId } = await demoPurchase(t);
    await signedInAgo(16 * MINUTE);

    const r = await refund(admin, orderId);
    expect([r.status, r.body.code]).toEqual([401, 'REAUTH_REQUIRED']);
    expect(r.body.message).toBe('Bekreft at det er deg: skriv inn passordet ditt på nytt.');
    expect(await t.ds.getRepository(Refund).countBy({ orderId })).toBe(0);
    expect((await t.ds.getRepository(Order).findOneByOrFail({ id: orderId })).refundedOre).toBe(0);

    const g = await grant(admin);
    expect([g.res.status, g.res.body.code]).toEqual([401, 'REAUTH_REQUIRED']);
    expect(await t.ds.getRepository(Grant).countBy({ userId: g.student.id })).toBe(0);

    const v = await revoke(admin);
    expect([v.res.status, v.res.body.code]).toEqual([401, 'REAUTH_REQUIRED']);
    expect((await t.ds.getRepository(Grant).findOneByOrFail({ id: v.id })).revokedAt).toBeNull();

    // The session itself is still good: reading goes on, and the panel is not signed out.
    await admin.get('/api/admin/orders').expect(200);
    await admin.get('/api/auth/me').expect(200);
  });

  it('a sign-in 14 minutes ago is recent enough', async () => {
    const { orderId } = await demoPurchase(t);
    await signedInAgo(14 * MINUTE);
    await refund(admin, orderId).expect(200);
    expect((await grant(admin)).res.status).toBe(201);
    expect((await revoke(admin)).res.status).toBe(200);
  });

  it('POST /api/auth/reauth with the password renews it; a wrong password does not', async () => {
    const { orderId } = await demoPurchase(t);
    await signedInAgo(HOUR);
    const wrong = await admin.post('/api/auth/reauth').send({ password: 'feil-passord' }).expect(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Feil passord' });
    expect((await refund(admin, orderId)).status).toBe(401);

    const before = Date.now();
    const ok = await admin.post('/api/auth/reauth').send({ password }).expect(200);
    const until = Date.parse(ok.body.recentUntil);
    expect(until).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    await refund(admin, orderId).expect(200);
    expect((await grant(admin)).res.status).toBe(201);
    expect((await revoke(admin)).res.status).toBe(200);
  });

  it('re-authentication renews only this session, not the account’s other sessions', async () => {
    const other = t.agent();
    await other.post('/api/auth/login').send({ email: adminUser.email, password }).expect(200);
    await signedInAgo(HOUR);
    await admin.post('/api/auth/reauth').send({ password }).expect(200);
    expect((await grant(admin)).res.status).toBe(201);
    const g = await grant(other);
    expect([g.res.status, g.res.body.code]).toEqual([401, 'REAUTH_REQUIRED']);
  });

  it('a session opened by a one-time link needs the password before a grant', async () => {
    const mentor = await createUser(t, { role: 'admin', email: uniqueEmail('mentor'), password });
    const agent = t.agent();
    await agent
      .post('/api/auth/token-login')
      .send({ token: await t.app.get(LoginTokensService).issue(mentor.id) })
      .expect(200);
    const g = await grant(agent);
    expect([g.res.status, g.res.body.code]).toEqual([401, 'REAUTH_REQUIRED']);
    await agent.post('/api/auth/reauth').send({ password }).expect(200);
    expect((await grant(agent)).res.status).toBe(201);
  });

  it('an admin with a second factor re-authenticates with password and code', async () => {
    const mentor = await createUser(t, { role: 'admin', email: uniqueEmail('mentor'), password });
    const { secret, recoveryCodes } = await enrolDirect(t, mentor);
    const agent = t.agent();
    const code = totpCode(secret, Date.now() + 30_000);
    await agent.post('/api/auth/login').send({ email: mentor.email, password, totp: code }).expect(200);
    await signedInAgo(HOUR, mentor.id);

    const noCode = await agent.post('/api/auth/reauth').send({ password }).expect(400);
    expect(noCode.body).toMatchObject({ code: 'TOTP_REQUIRED', message: 'Skriv inn engangskoden fra autentiseringsappen' });
    // The code already used for the sign-in is not accepted again.
    const replay = await agent.post('/api/auth/reauth').send({ password, totp: code }).expect(400);
    expect(replay.body.code).toBe('TOTP_INVALID');
    expect((await grant(agent)).res.status).toBe(401);
    await agent.post('/api/auth/reauth').send({ password, totp: recoveryCodes[0] }).expect(200);
    expect((await grant(agent)).res.status).toBe(201);
  });

  it('needs a session', async () => {
    const res = await t.http().post('/api/auth/reauth').send({ password }).expect(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

/**
 * Every route that moves money or access: the same 15-minute rule as refunds, checked from the one
 * route table with its valid requests. Time passes by moving the admin's session back.
 */
describe('re-authentication for every money and access change', () => {
  const STEP_UP = [
    'POST /api/admin/orders/:id/refund',
    'POST /api/admin/users/:id/grants',
    'POST /api/admin/users/:id/subscription/stop-renewal',
    'DELETE /api/admin/grants/:id',
    'POST /api/admin/users',
    'POST /api/admin/campaign-codes',
    'PUT /api/admin/campaign-codes/:id',
    'PATCH /api/admin/campaign-codes/:id',
    'DELETE /api/admin/campaign-codes/:id',
    'POST /api/admin/certificates/:id/revoke',
    'POST /api/admin/grants/:id/release',
    'POST /api/admin/grants/:id/mentorship',
    'POST /api/admin/broadcasts/:id/send',
    'PUT /api/admin/modules/:id/captions',
  ];
  let t: TestApp;
  let fake: FakeStripe;
  let f: Fixture;
  let client: RawClient;
  let writes: WriteCounter | undefined;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), ...routeSuiteEnv() });
    writes = countWrites(t.ds);
    f = await buildFixture(t, fake);
    client = await rawClient(t);
  }, 60_000);
  afterAll(async () => {
    writes?.stop();
    client?.close();
    await t?.close();
    await fake?.close();
  });

  const routes = STEP_UP.map((name) => {
    const route = ROUTES.find((r) => routeName(r) === name);
    if (!route) throw new Error(`${name} is not in the route table`);
    return [name, route] as const;
  });

  it.each(routes)(
    '%s: 401 REAUTH_REQUIRED 16 minutes after the sign-in, nothing changed; 14 minutes is recent enough',
    async (_name, route) => {
      const admin = f.id.admin;
      const req = await route.valid(f, admin);
      const cookie = await f.cookieFor(admin.user);
      const signedInAgo = (ms: number) =>
        t.ds.getRepository(Session).update({ userId: admin.user.id }, { authenticatedAt: new Date(Date.now() - ms) });

      await signedInAgo(16 * MINUTE);
      await startCountingWrites(t, writes!);
      const refused = await client.send(toRaw(route, req, { cookie }));
      expect([refused.status, (refused.json as { code?: string }).code]).toEqual([401, 'REAUTH_REQUIRED']);
      expect((refused.json as { message?: string }).message).toBe('Bekreft at det er deg: skriv inn passordet ditt på nytt.');
      expect(await writtenTables(t, writes!)).toEqual([]);

      await signedInAgo(14 * MINUTE);
      const done = await client.send(toRaw(route, req, { cookie }));
      expect(done.status).toBe(route.access.admin);
    },
  );

  it('sending a broadcast now needs it too (the table schedules one for later)', async () => {
    const admin = f.id.admin;
    const send = ROUTES.find((r) => routeName(r) === 'POST /api/admin/broadcasts/:id/send')!;
    const req = await send.valid(f, admin);
    const cookie = await f.cookieFor(admin.user);
    await t.ds.getRepository(Session).update({ userId: admin.user.id }, { authenticatedAt: new Date(Date.now() - HOUR) });
    await startCountingWrites(t, writes!);
    const res = await client.send(toRaw(send, { ...req, json: {} }, { cookie }));
    expect([res.status, (res.json as { code?: string }).code]).toEqual([401, 'REAUTH_REQUIRED']);
    expect(await writtenTables(t, writes!)).toEqual([]);
  });
});

describe('admin session lifetimes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const age = (userId: number, times: { lastSeenAt?: number; createdAt?: number }) =>
    t.ds.getRepository(Session).update(
      { userId },
      {
        ...(times.lastSeenAt !== undefined ? { lastSeenAt: new Date(Date.now() - times.lastSeenAt) } : {}),
        ...(times.createdAt !== undefined ? { createdAt: new Date(Date.now() - times.createdAt) } : {}),
      },
    );

  it('an admin session ends after 12 hours idle; a student’s does not', async () => {
    const admin = await loginAs(t, { role: 'admin', email: uniqueEmail('mentor') });
    const student = await loginAs(t);
    await age(admin.user.id, { lastSeenAt: 11 * HOUR });
    await age(student.user.id, { lastSeenAt: 11 * HOUR });
    await admin.agent.get('/api/auth/me').expect(200);

    await age(admin.user.id, { lastSeenAt: 12 * HOUR + MINUTE });
    await age(student.user.id, { lastSeenAt: 12 * HOUR + MINUTE });
    await admin.agent.get('/api/auth/me').expect(200, 'null');
    await student.agent.get('/api/auth/me').expect(200);
    expect(await t.ds.getRepository(Session).countBy({ userId: admin.user.id })).toBe(0);
  });

  it('an admin session ends 7 days after the sign-in however active; a student’s does not', async () => {
    const admin = await loginAs(t, { role: 'admin', email: uniqueEmail('mentor') });
    const student = await loginAs(t);
    await age(admin.user.id, { createdAt: 7 * DAY - HOUR, lastSeenAt: MINUTE });
    await admin.agent.get('/api/auth/me').expect(200);
    await age(admin.user.id, { createdAt: 7 * DAY + MINUTE, lastSeenAt: MINUTE });
    await age(student.user.id, { createdAt: 7 * DAY + MINUTE, lastSeenAt: MINUTE });
    await admin.agent.get('/api/auth/me').expect(200, 'null');
    await student.agent.get('/api/auth/me').expect(200);
  });

  it('an admin sign-in gets a 7-day session and cookie; a student keeps the configured lifetime', async () => {
    const adminUser = await createUser(t, { role: 'admin', email: uniqueEmail('mentor') });
    const adminRes = await t.http().post('/api/auth/login').send({ email: adminUser.email, password: 'hemmelig123' }).expect(200);
    expect(String(adminRes.headers['set-cookie'])).toContain(`Max-Age=${7 * 86400}`);
    const s = await t.ds.getRepository(Session).findOneByOrFail({ userId: adminUser.id });
    expect(s.expiresAt.getTime() - s.createdAt.getTime()).toBe(7 * DAY);

    const studentUser = await createUser(t);
    const studentRes = await t
      .http()
      .post('/api/auth/login')
      .send({ email: studentUser.email, password: 'hemmelig123' })
      .expect(200);
    expect(String(studentRes.headers['set-cookie'])).toContain(`Max-Age=${t.cfg.sessionAbsoluteDays * 86400}`);
    const ss = await t.ds.getRepository(Session).findOneByOrFail({ userId: studentUser.id });
    expect(ss.expiresAt.getTime() - ss.createdAt.getTime()).toBe(t.cfg.sessionAbsoluteDays * DAY);
  });

  it('a student promoted to admin keeps a session no longer than an admin’s', async () => {
    const student = await loginAs(t);
    await age(student.user.id, { createdAt: 8 * DAY, lastSeenAt: MINUTE });
    await student.agent.get('/api/auth/me').expect(200);
    await t.ds.getRepository(User).update({ id: student.user.id }, { role: 'admin' });
    await student.agent.get('/api/auth/me').expect(200, 'null');
  });
});
