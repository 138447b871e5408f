import { randomUUID } from 'node:crypto';
import { VIPPS_LOGIN_MSG } from '@academy/contracts';
import { User } from '../../backend/src/identity/entities/user.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { VippsLoginAttempt } from '../../backend/src/vipps-login/entities/vipps-login-attempt.entity';
import { VippsLoginLink } from '../../backend/src/vipps-login/entities/vipps-login-link.entity';
import { VippsOidcClient } from '../../backend/src/vipps-login/vipps-oidc.client';
import {
  FAKE_VIPPS_LOGIN,
  startFakeVippsLogin,
  type FakeVippsLogin,
  type VippsDecision,
  type VippsPerson,
} from './support/fake-vipps-login';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import type TestAgent from 'supertest/lib/agent';
import { createUser, startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { enrolDirect, totpCode } from './support/two-factor';

/**
 * «Logg inn med Vipps» (issue 49) against the fake Vipps Login, which checks every call against Vipps
 * MobilePay's published Login and Userinfo descriptions (e2e/contracts/vipps-login): a new account, the
 * link to an existing account only once its holder confirms, unverified addresses, the second factor,
 * every way it can fail leaving nothing half-made, the data export and erasure, two instances.
 */
describe('Logg inn med Vipps', () => {
  let db: TestDatabase;
  let t: TestApp;
  let fake: FakeVippsLogin;
  const callbackUri = 'http://localhost:3000/api/auth/vipps/callback';

  beforeAll(async () => {
    fake = await startFakeVippsLogin();
    fake.redirectUris.add(callbackUri);
    db = await createTestDatabase({ migrated: true });
    t = await startTestApp({ ...fake.env(), MAIL_POLL_INTERVAL_MS: '0' }, { db });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.down = false;
    fake.tamperNext = null;
    t.app.get(VippsOidcClient).reset();
  });

  const person = (over: Partial<VippsPerson> = {}): VippsPerson => ({
    sub: randomUUID(),
    email: uniqueEmail('vipps'),
    email_verified: true,
    given_name: 'Kari',
    family_name: 'Nordmann',
    ...over,
  });
  const counts = async () => ({
    users: await t.ds.getRepository(User).count(),
    links: await t.ds.getRepository(VippsLoginLink).count(),
  });

  /** «Logg inn med Vipps»: the app's 302 to Vipps' authorize page. */
  async function start(agent: TestAgent, next = '/kurs/foundation'): Promise<URL> {
    const res = await agent.get('/api/auth/vipps/start').query({ next }).expect(302);
    return new URL(res.headers.location as string);
  }

  /** The browser at Vipps presses a button; the app's answer to Vipps' redirect back. */
  async function through(agent: TestAgent, decision: VippsDecision = 'approve', next?: string) {
    const authorize = await start(agent, next);
    const at = await fake.decide(authorize.href, decision);
    expect(at.status).toBe(302);
    const back = new URL(at.location!);
    const res = await agent.get(back.pathname + back.search).expect(302);
    return { location: res.headers.location as string, back, setCookie: String(res.headers['set-cookie'] ?? '') };
  }

  const me = async (agent: TestAgent) =>
    (await agent.get('/api/auth/me').expect(200)).body as { email: string; vippsLinked: boolean } | null;

  it('sends the browser to Vipps with state, nonce, PKCE S256, the registered redirect URI and the scopes', async () => {
    const url = await start(t.agent());
    expect(url.origin + url.pathname).toBe(`${fake.issuer}oauth2/auth`);
    const q = url.searchParams;
    expect({
      client_id: q.get('client_id'),
      response_type: q.get('response_type'),
      redirect_uri: q.get('redirect_uri'),
      scope: q.get('scope'),
      code_challenge_method: q.get('code_challenge_method'),
    }).toEqual({
      client_id: FAKE_VIPPS_LOGIN.clientId,
      response_type: 'code',
      redirect_uri: callbackUri,
      scope: 'openid name email',
      code_challenge_method: 'S256',
    });
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(8);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(8);
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is stored hashed, the verifier is never sent.
    expect(await t.ds.getRepository(VippsLoginAttempt).findOneBy({ stateHash: q.get('state')! })).toBeNull();
  });

  it('a new person: the account is made with the verified name and address, linked, signed in, no mail to confirm', async () => {
    fake.person = person();
    const agent = t.agent();
    const { location } = await through(agent, 'approve', '/course/starter?modul=1');
    expect(location).toBe('/course/starter?modul=1');
    expect(await me(agent)).toMatchObject({ email: fake.person.email, vippsLinked: true, claimed: true, courses: ['starter'] });
    const user = await t.ds.getRepository(User).findOneByOrFail({ email: fake.person.email });
    expect(user).toMatchObject({ firstName: 'Kari', lastName: 'Nordmann', passwordHash: null });
    expect(user.claimedAt).not.toBeNull();
    expect(await t.ds.getRepository(VippsLoginLink).findOneBy({ userId: user.id })).toMatchObject({ sub: fake.person.sub });
    expect(await t.ds.getRepository(OutboxMessage).countBy({ toAddress: user.email })).toBe(0);

    // Again in another browser: the same account, nothing new.
    const before = await counts();
    const other = t.agent();
    expect((await through(other)).location).toBe('/kurs/foundation');
    expect(await me(other)).toMatchObject({ email: user.email, vippsLinked: true });
    expect(await counts()).toEqual(before);
  });

  it('`next` only within the site', async () => {
    fake.person = person();
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/api/account/export']) {
      expect((await through(t.agent(), 'approve', next)).location).toBe('/dashboard');
    }
  });

  it('an existing account is linked only after its holder confirms with the password', async () => {
    const holder = await createUser(t, { password: 'riktig-passord-1' });
    fake.person = person({ email: holder.email });
    const agent = t.agent();
    const before = await counts();
    expect((await through(agent)).location).toBe('/login/vipps');
    expect(await me(agent)).toBeNull();
    expect(await counts()).toEqual(before);
    expect((await agent.get('/api/auth/vipps/pending').expect(200)).body).toEqual({
      step: 'bekreft',
      email: holder.email,
      passwordSet: true,
      mailSent: false,
    });
    // Another browser has nothing waiting.
    await t.agent().get('/api/auth/vipps/pending').expect(404);

    const wrong = await agent
      .post('/api/auth/vipps/confirm')
      .send({ email: holder.email, password: 'feil-passord-1' })
      .expect(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(await counts()).toEqual(before);
    const ok = await agent
      .post('/api/auth/vipps/confirm')
      .send({ email: holder.email, password: 'riktig-passord-1' })
      .expect(200);
    expect(ok.body).toEqual({ next: '/kurs/foundation' });
    expect(await me(agent)).toMatchObject({ email: holder.email, vippsLinked: true });
    expect(await t.ds.getRepository(VippsLoginLink).findOneBy({ userId: holder.id })).toMatchObject({ sub: fake.person.sub });
    // Used: nothing waits any more.
    await agent.post('/api/auth/vipps/confirm').send({ email: holder.email, password: 'riktig-passord-1' }).expect(400);
  });

  it('…or with the link mailed to the account, opened in another browser', async () => {
    const holder = await createUser(t, { password: null });
    fake.person = person({ email: holder.email, given_name: 'Ola', family_name: 'Vipps' });
    const agent = t.agent();
    expect((await through(agent)).location).toBe('/login/vipps');
    expect((await agent.get('/api/auth/vipps/pending').expect(200)).body).toMatchObject({ step: 'bekreft', passwordSet: false });
    await agent.post('/api/auth/vipps/confirm').send({ email: holder.email, password: 'hva-som-helst' }).expect(400);
    const sent = await agent.post('/api/auth/vipps/confirm/mail').send({}).expect(200);
    expect(sent.body.message).toBe(VIPPS_LOGIN_MSG.confirmMailSent);
    const mail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ toAddress: holder.email, kind: 'vipps_link' });
    const body = await t.ds.getRepository(OutboxBody).findOneByOrFail({ messageId: mail.id });
    const token = /\/vipps-kobling#token=([A-Za-z0-9_-]+)/.exec(body.textBody)![1];
    expect(await t.ds.getRepository(VippsLoginLink).countBy({ userId: holder.id })).toBe(0);

    const phone = t.agent();
    expect((await phone.post('/api/auth/vipps/confirm/link').send({ token }).expect(200)).body).toEqual({
      next: '/kurs/foundation',
    });
    expect(await me(phone)).toMatchObject({ email: holder.email, vippsLinked: true, claimed: true });
    // The account had no name: it takes Vipps' verified one.
    expect(await t.ds.getRepository(User).findOneByOrFail({ id: holder.id })).toMatchObject({
      firstName: 'Ola',
      lastName: 'Vipps',
    });
    await t.agent().post('/api/auth/vipps/confirm/link').send({ token }).expect(400);
  });

  it('an unverified address never links to an account, nor makes one', async () => {
    const holder = await createUser(t);
    const before = await counts();
    for (const email of [holder.email, uniqueEmail('ubekreftet')]) {
      fake.person = person({ email, email_verified: false });
      const agent = t.agent();
      expect((await through(agent)).location).toBe('/login?vipps=ubekreftet');
      expect(await me(agent)).toBeNull();
    }
    fake.person = person({ email: undefined });
    expect((await through(t.agent())).location).toBe('/login?vipps=mangler-epost');
    expect(await counts()).toEqual(before);
  });

  it('a member with a second factor still gives the code after Vipps', async () => {
    fake.person = person();
    expect((await through(t.agent())).location).toBe('/kurs/foundation');
    const user = await t.ds.getRepository(User).findOneByOrFail({ email: fake.person.email });
    const { secret } = await enrolDirect(t, user);

    const agent = t.agent();
    expect((await through(agent)).location).toBe('/login/vipps');
    expect(await me(agent)).toBeNull();
    expect((await agent.get('/api/auth/vipps/pending').expect(200)).body).toMatchObject({ step: 'kode' });
    expect((await agent.post('/api/auth/vipps/totp').send({ email: user.email, totp: '000000' }).expect(401)).body.code).toBe(
      'TOTP_INVALID',
    );
    expect(await me(agent)).toBeNull();
    const ok = await agent
      .post('/api/auth/vipps/totp')
      .send({ email: user.email, totp: totpCode(secret, Date.now() + 30_000) })
      .expect(200);
    expect(ok.body).toEqual({ next: '/kurs/foundation' });
    expect(await me(agent)).toMatchObject({ email: user.email });
  });

  it("an admin account never signs in with Vipps, linked or not: the panel needs the admin's password and code", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const before = await counts();
    fake.person = person({ email: admin.email });
    expect((await through(t.agent())).location).toBe('/login?vipps=admin');
    expect(await counts()).toEqual(before);
    fake.person = person();
    await t.ds.getRepository(VippsLoginLink).insert({ userId: admin.id, sub: fake.person.sub, linkedAt: new Date() });
    const agent = t.agent();
    expect((await through(agent)).location).toBe('/login?vipps=admin');
    expect(await me(agent)).toBeNull();
  });

  it('cancelled in Vipps, or consent denied: a clear reason, nothing made', async () => {
    fake.person = person();
    const before = await counts();
    expect((await through(t.agent(), 'cancel')).location).toBe('/login?vipps=avbrutt');
    expect((await through(t.agent(), 'deny')).location).toBe('/login?vipps=samtykke');
    expect(await counts()).toEqual(before);
    expect(VIPPS_LOGIN_MSG.reasons.avbrutt).toMatch(/avbrøt/);
  });

  it('a state that is not this browser’s, or made up: refused, and the right browser can still finish', async () => {
    fake.person = person();
    const before = await counts();
    const mine = t.agent();
    const authorize = await start(mine);
    const back = new URL((await fake.decide(authorize.href, 'approve')).location!);
    // Another browser with this callback (a link sent to someone: login CSRF).
    const stranger = t.agent();
    expect((await stranger.get(back.pathname + back.search).expect(302)).headers.location).toBe('/login?vipps=utlopt');
    expect(await me(stranger)).toBeNull();
    const madeUp = new URL(back);
    madeUp.searchParams.set('state', 'en-helt-annen-state');
    expect((await mine.get(madeUp.pathname + madeUp.search).expect(302)).headers.location).toBe('/login?vipps=utlopt');
    expect(await counts()).toEqual(before);
    expect((await mine.get(back.pathname + back.search).expect(302)).headers.location).toBe('/kurs/foundation');
  });

  it('an ID token with another nonce or a foreign signature: refused, nothing made', async () => {
    const before = await counts();
    for (const tamper of ['nonce', 'signature'] as const) {
      fake.person = person();
      fake.tamperNext = tamper;
      const agent = t.agent();
      expect((await through(agent)).location).toBe('/login?vipps=ugyldig');
      expect(await me(agent)).toBeNull();
    }
    expect(await counts()).toEqual(before);
  });

  it('a replayed callback, and a used code with a new attempt: refused, nothing made twice', async () => {
    fake.person = person();
    const agent = t.agent();
    const { back } = await through(agent);
    const after = await counts();
    expect((await agent.get(back.pathname + back.search).expect(302)).headers.location).toBe('/login?vipps=brukt');
    // The old code under a new attempt's state: Vipps refuses the used code (invalid_grant).
    const fresh = await start(agent);
    const replay = new URL(back);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    expect((await agent.get(replay.pathname + replay.search).expect(302)).headers.location).toBe('/login?vipps=brukt');
    expect(await counts()).toEqual(after);
  });

  it('Vipps down at the start or at the callback: told so, nothing written', async () => {
    fake.person = person();
    const attempts = await t.ds.getRepository(VippsLoginAttempt).count();
    fake.down = true;
    const res = await t.agent().get('/api/auth/vipps/start').expect(302);
    expect(res.headers.location).toBe('/login?vipps=nede');
    expect(await t.ds.getRepository(VippsLoginAttempt).count()).toBe(attempts);

    fake.down = false;
    const before = await counts();
    const agent = t.agent();
    const authorize = await start(agent);
    const back = new URL((await fake.decide(authorize.href, 'approve')).location!);
    fake.down = true;
    expect((await agent.get(back.pathname + back.search).expect(302)).headers.location).toBe('/login?vipps=nede');
    expect(await counts()).toEqual(before);
    expect(await me(agent)).toBeNull();
  });

  it('the data export shows the link; erasure removes it; «Koble fra» only with a password', async () => {
    fake.person = person();
    const agent = t.agent();
    await through(agent);
    const user = await t.ds.getRepository(User).findOneByOrFail({ email: fake.person.email });
    const exported = await agent.get('/api/account/export').expect(200);
    expect(exported.body.vipps).toEqual({ sub: fake.person.sub, linkedAt: expect.any(String) });

    const refused = await agent.delete('/api/account/vipps').send({}).expect(403);
    expect(refused.body.message).toBe(VIPPS_LOGIN_MSG.unlinkNeedsPassword);
    await agent
      .post('/api/auth/password')
      .send({ newPassword: 'et-godt-passord-9', confirmPassword: 'et-godt-passord-9' })
      .expect(200);
    await agent.delete('/api/account/vipps').send({}).expect(200);
    expect(await me(agent)).toMatchObject({ vippsLinked: false });
    await agent.delete('/api/account/vipps').send({}).expect(404);
    // Vipps again: the address is the account's, so its holder confirms again.
    expect((await through(agent)).location).toBe('/login/vipps');
    await agent.post('/api/auth/vipps/confirm').send({ email: user.email, password: 'et-godt-passord-9' }).expect(200);
    expect(await me(agent)).toMatchObject({ vippsLinked: true });

    await agent.delete('/api/account').send({ password: 'et-godt-passord-9' }).expect(200);
    expect(await t.ds.getRepository(VippsLoginLink).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(VippsLoginAttempt).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(Grant).countBy({ userId: user.id })).toBe(0);
  });

  it('two instances: the attempt started on one is finished on the other (state in the database)', async () => {
    const second = await startTestApp({ ...fake.env(), MAIL_POLL_INTERVAL_MS: '0' }, { db: { ...db, drop: async () => {} } });
    try {
      fake.person = person();
      const started = await t.http().get('/api/auth/vipps/start').query({ next: '/dashboard' }).expect(302);
      const cookie = String(started.headers['set-cookie']).split(';')[0];
      const back = new URL((await fake.decide(started.headers.location as string, 'approve')).location!);
      const done = await second
        .http()
        .get(back.pathname + back.search)
        .set('Cookie', cookie)
        .expect(302);
      expect(done.headers.location).toBe('/dashboard');
      expect(String(done.headers['set-cookie'])).toMatch(/sid=/);
      expect(await t.ds.getRepository(User).countBy({ email: fake.person.email })).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('the fake refuses what Vipps refuses: an unregistered redirect URI, a wrong PKCE verifier, a used code', async () => {
    const authorize = await start(t.agent());
    const wrongUri = new URL(authorize);
    wrongUri.searchParams.set('redirect_uri', `${callbackUri}/`);
    expect((await fake.decide(wrongUri.href, 'approve')).status).toBe(400);

    const code = new URL((await fake.decide(authorize.href, 'approve')).location!).searchParams.get('code')!;
    const exchange = (verifier: string) =>
      fetch(`${fake.issuer}oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${FAKE_VIPPS_LOGIN.clientId}:${FAKE_VIPPS_LOGIN.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUri, code_verifier: verifier }),
      });
    const wrong = await exchange('x'.repeat(43));
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
    const again = await exchange('x'.repeat(43));
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
    expect(fake.violations).toEqual([]);
  });
});
