import { LoginToken } from '../../backend/src/identity/entities/login-token.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { IsNull } from 'typeorm';
import { sha256 } from '../../backend/src/platform/crypto/tokens';
import { createUser, loginAs, signInByLink, startTestApp, TestApp, uniqueEmail } from './support/test-app';

const INVALID = 'Ugyldig e-post eller passord';

function sidFrom(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const c = list.find((x: string) => x.startsWith('sid='));
  return c?.split(';')[0].slice(4);
}

describe('accounts and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('POST /api/auth/login', () => {
    it('signs in with e-mail and password (any case, spaces trimmed) and sets an HttpOnly SameSite=Lax cookie', async () => {
      const user = await createUser(t, { password: 'riktig-passord' });
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ email: `  ${user.email.toUpperCase()} `, password: 'riktig-passord' })
        .expect(200);
      expect(res.body.user).toMatchObject({ id: user.id, email: user.email, role: 'student', passwordSet: true, courses: [] });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{40,}/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      // Only the SHA-256 of the token is stored.
      const token = sidFrom(res)!;
      expect(await t.ds.getRepository(Session).existsBy({ tokenHash: sha256(token) })).toBe(true);
      expect(await t.ds.getRepository(Session).existsBy({ tokenHash: token })).toBe(false);
    });

    it.each([
      ['a wrong password', (email: string) => ({ email, password: 'feil-passord' })],
      ['an unknown e-mail', () => ({ email: 'ingen@example.no', password: 'riktig-passord' })],
      ['no password', (email: string) => ({ email })],
      ['no e-mail', () => ({ password: 'riktig-passord' })],
      ['non-string fields', () => ({ email: 123, password: ['x'] })],
      ['an empty body', () => ({})],
    ])('answers 401 "%s" with the one message', async (_label, body) => {
      const user = await createUser(t, { password: 'riktig-passord' });
      const res = await t.http().post('/api/auth/login').send(body(user.email)).expect(401);
      expect(res.body).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: INVALID });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('does not sign in an account that has no password yet', async () => {
      const user = await createUser(t, { password: null });
      await t.http().post('/api/auth/login').send({ email: user.email, password: '' }).expect(401);
    });

    it('gives a new token at every login (no session fixation): the old cookie is ended', async () => {
      const { agent, user, password } = await loginAs(t);
      const first = (await t.ds.getRepository(Session).findBy({ userId: user.id })).map((s) => s.tokenHash);
      await agent.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      const second = (await t.ds.getRepository(Session).findBy({ userId: user.id })).map((s) => s.tokenHash);
      expect(second).toHaveLength(1);
      expect(second[0]).not.toBe(first[0]);
      await agent.get('/api/auth/me').expect(200);
    });
  });

  describe('sessions', () => {
    it('GET /api/auth/me answers 200 with no user without a session (no 401 on every public page), and the profile with one', async () => {
      const anon = await t.http().get('/api/auth/me').expect(200, 'null');
      expect(anon.headers['content-type']).toMatch(/^application\/json/);
      expect(anon.body).toBeNull();
      expect(anon.headers['cache-control']).toMatch(/no-store/);
      const { agent, user } = await loginAs(t, { courses: ['foundation'] });
      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body).toEqual({
        id: user.id,
        email: user.email,
        role: 'student',
        courses: ['foundation'],
        includedBy: {},
        passwordSet: true,
        claimed: true,
        firstName: null,
        lastName: null,
        createdAt: user.createdAt.toISOString(),
        // This site has no Discord settings: the settings show the community's invite link instead.
        discord: { enabled: false, linked: false, username: null },
        // This site has no «Logg inn med Vipps» settings.
        vippsLinked: false,
      });
    });

    it('a made-up or malformed cookie is no session', async () => {
      await t.http().get('/api/auth/me').set('Cookie', 'sid=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG').expect(200, 'null');
      await t.http().get('/api/auth/me').set('Cookie', 'sid=%%%').expect(200, 'null');
    });

    it('logout answers 204, deletes the session and the cookie stops working', async () => {
      const { agent, user } = await loginAs(t);
      await agent.post('/api/auth/logout').set('X-Requested-With', 'fetch').expect(204);
      await agent.get('/api/auth/me').expect(200, 'null');
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(0);
    });

    it('ends a session after the idle timeout', async () => {
      const { agent, user } = await loginAs(t);
      await t.ds
        .getRepository(Session)
        .update({ userId: user.id }, { lastSeenAt: new Date(Date.now() - (t.cfg.sessionIdleMinutes + 1) * 60_000) });
      await agent.get('/api/auth/me').expect(200, 'null');
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(0);
    });

    it('ends a session after its absolute lifetime, however active', async () => {
      const { agent, user } = await loginAs(t);
      await t.ds.getRepository(Session).update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
      await agent.get('/api/auth/me').expect(200, 'null');
    });

    it('keeps an active session alive (last seen is moved forward)', async () => {
      const { agent, user } = await loginAs(t);
      const old = new Date(Date.now() - 10 * 60_000);
      await t.ds.getRepository(Session).update({ userId: user.id }, { lastSeenAt: old });
      await agent.get('/api/auth/me').expect(200);
      const s = await t.ds.getRepository(Session).findOneByOrFail({ userId: user.id });
      expect(s.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    });
  });

  describe('POST /api/auth/password', () => {
    it('requires a session', async () => {
      await t
        .http()
        .post('/api/auth/password')
        .send({ newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
        .expect(401);
    });

    it('sets the first password of a passwordless account, which then signs in', async () => {
      const user = await createUser(t, { password: null });
      const agent = await signInByLink(t, user);
      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body.passwordSet).toBe(false);
      const res = await agent
        .post('/api/auth/password')
        .send({ newPassword: 'mitt-passord', confirmPassword: 'mitt-passord' })
        .expect(200);
      expect(res.body.message).toBe('Passord satt! Du kan nå logge inn med ditt nye passord.');
      expect(res.body.user.passwordSet).toBe(true);
      await t.http().post('/api/auth/login').send({ email: user.email, password: 'mitt-passord' }).expect(200);
    });

    it('uses the specification messages word for word', async () => {
      const fresh = await createUser(t, { password: null });
      const a = await signInByLink(t, fresh);
      const short = await a.post('/api/auth/password').send({ newPassword: 'kort-pw', confirmPassword: 'kort-pw' }).expect(400);
      expect(short.body.message).toBe('Passord må være minst 8 tegn');
      const mismatch = await a
        .post('/api/auth/password')
        .send({ newPassword: 'passord-en-1', confirmPassword: 'passord-to-2' })
        .expect(400);
      expect(mismatch.body.message).toBe('Passordene stemmer ikke overens');
      const long = await a
        .post('/api/auth/password')
        .send({ newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) })
        .expect(400);
      expect(long.body.message).toBe('Passord kan være maks 128 tegn');

      const { agent } = await loginAs(t, { password: 'gammelt-passord' });
      const noCurrent = await agent
        .post('/api/auth/password')
        .send({ newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
        .expect(400);
      expect(noCurrent.body.message).toBe('Skriv inn nåværende passord');
      const wrong = await agent
        .post('/api/auth/password')
        .send({ currentPassword: 'feil', newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
        .expect(400);
      expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Nåværende passord er feil' });
      const changeMismatch = await agent
        .post('/api/auth/password')
        .send({ currentPassword: 'gammelt-passord', newPassword: 'nytt-passord', confirmPassword: 'annet-passord' })
        .expect(400);
      expect(changeMismatch.body.message).toBe('Nye passord stemmer ikke overens');
    });

    it('refuses passwords shorter than 8 characters and the 10 000 most common ones, first password and change alike', async () => {
      const fresh = await createUser(t, { password: null });
      const a = await signInByLink(t, fresh);
      // Seven characters are too few; eight are enough.
      const seven = await a.post('/api/auth/password').send({ newPassword: 'abcdefg', confirmPassword: 'abcdefg' }).expect(400);
      expect(seven.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Passord må være minst 8 tegn' });
      for (const common of ['password', '12345678', 'iloveyou', 'Sunshine', 'qwertyuiop', 'PASSWORD1', 'trustno1']) {
        const res = await a.post('/api/auth/password').send({ newPassword: common, confirmPassword: common }).expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'PASSWORD_TOO_COMMON',
          message: 'Passordet er for vanlig. Velg et annet.',
          field: 'newPassword',
        });
      }
      expect((await t.ds.getRepository(User).findOneByOrFail({ id: fresh.id })).passwordHash).toBeNull();
      await a.post('/api/auth/password').send({ newPassword: 'fjellvann', confirmPassword: 'fjellvann' }).expect(200);

      const change = await a
        .post('/api/auth/password')
        .send({ currentPassword: 'fjellvann', newPassword: 'football', confirmPassword: 'football' })
        .expect(400);
      expect(change.body.code).toBe('PASSWORD_TOO_COMMON');
      await t.http().post('/api/auth/login').send({ email: fresh.email, password: 'fjellvann' }).expect(200);
    });

    it('changes the password, ends every other session and keeps this one', async () => {
      const { agent, user } = await loginAs(t, { password: 'gammelt-passord' });
      const other = t.agent();
      await other.post('/api/auth/login').send({ email: user.email, password: 'gammelt-passord' }).expect(200);
      const res = await agent
        .post('/api/auth/password')
        .send({ currentPassword: 'gammelt-passord', newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
        .expect(200);
      expect(res.body.message).toBe('Passord oppdatert!');
      await agent.get('/api/auth/me').expect(200);
      await other.get('/api/auth/me').expect(200, 'null');
      await t.http().post('/api/auth/login').send({ email: user.email, password: 'gammelt-passord' }).expect(401);
      await t.http().post('/api/auth/login').send({ email: user.email, password: 'nytt-passord' }).expect(200);
    });

    it('rejects unknown fields and non-string values with 400', async () => {
      const { agent } = await loginAs(t);
      await agent
        .post('/api/auth/password')
        .send({ newPassword: 123456, confirmPassword: 123456, currentPassword: 'x' })
        .expect(400);
      const extra = await agent
        .post('/api/auth/password')
        .send({ newPassword: 'abcdef', confirmPassword: 'abcdef', role: 'admin' })
        .expect(400);
      expect(extra.body.message).toBe('Ukjent felt: role');
    });
  });

  describe('one-time login tokens', () => {
    it('sign in once; a second use, an expired token and a made-up token answer 401', async () => {
      const user = await createUser(t, { password: null });
      const { LoginTokensService } = await import('../../backend/src/identity/login-tokens.service');
      const tokens = t.app.get(LoginTokensService);
      const token = await tokens.issue(user.id);
      const a = t.agent();
      const ok = await a.post('/api/auth/token-login').send({ token }).expect(200);
      expect(ok.body.user.email).toBe(user.email);
      await a.get('/api/auth/me').expect(200);
      const again = await t.http().post('/api/auth/token-login').send({ token }).expect(401);
      expect(again.body.code).toBe('INVALID_TOKEN');

      const old = await tokens.issue(user.id);
      await t.ds.getRepository(LoginToken).update({ tokenHash: sha256(old) }, { expiresAt: new Date(Date.now() - 1) });
      await t.http().post('/api/auth/token-login').send({ token: old }).expect(401);
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: 'x'.repeat(43) })
        .expect(401);
      await t.http().post('/api/auth/token-login').send({ token: 'short' }).expect(400);
      await t.http().post('/api/auth/token-login').send({}).expect(400);
    });

    it('of ten concurrent uses of one token exactly one signs in', async () => {
      const user = await createUser(t, { password: null });
      const { LoginTokensService } = await import('../../backend/src/identity/login-tokens.service');
      const token = await t.app.get(LoginTokensService).issue(user.id);
      const results = await Promise.all(Array.from({ length: 10 }, () => t.http().post('/api/auth/token-login').send({ token })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 401)).toHaveLength(9);
    });

    it('expires after 15 minutes', async () => {
      const user = await createUser(t, { password: null });
      const { LoginTokensService } = await import('../../backend/src/identity/login-tokens.service');
      const token = await t.app.get(LoginTokensService).issue(user.id);
      const row = await t.ds.getRepository(LoginToken).findOneByOrFail({ tokenHash: sha256(token) });
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);
    });
  });

  describe('POST /api/create-user', () => {
    it.each(['A', 'C', 'D', 'starter'])(
      'source %s: creates a passwordless account, records the lead, grants Starter; answers no token and opens no session',
      async (src) => {
        const email = uniqueEmail('gratis');
        const res = await t
          .http()
          .post('/api/create-user')
          .send({ email: email.toUpperCase(), courseType: 'starter', trafficSource: src })
          .expect(200);
        expect(res.body).toEqual({ success: true });
        expect(sidFrom(res)).toBeUndefined();
        const user = await t.ds.getRepository(User).findOneByOrFail({ email });
        expect(user.passwordHash).toBeNull();
        expect(user.attribution.trafficSource).toBe(src);
        const lead = await t.ds.getRepository(Lead).findOneByOrFail({ email });
        expect(lead).toMatchObject({ courseType: 'starter', source: src, userId: user.id });
        expect(await t.ds.getRepository(Grant).findOneBy({ userId: user.id, courseId: 'starter' })).toMatchObject({
          source: 'free',
        });
        // The only way in is the link mailed to the address (7 days), not anything in the answer.
        const links = await t.ds.getRepository(LoginToken).findBy({ userId: user.id, usedAt: IsNull() });
        expect(links.map((l) => l.expiresAt.getTime() - l.createdAt.getTime())).toEqual([7 * 86400_000]);
        expect(user.claimedAt).toBeNull();
      },
    );

    it('for an address that already has an account: records the lead but hands out no token', async () => {
      const user = await createUser(t, { password: 'hemmelig123', courses: ['foundation'] });
      const res = await t
        .http()
        .post('/api/create-user')
        .send({ email: user.email, courseType: 'starter', trafficSource: 'A' })
        .expect(200);
      expect(res.body).toEqual({ success: true });
      expect(await t.ds.getRepository(Lead).countBy({ email: user.email })).toBe(1);
    });

    it.each([
      [{ courseType: 'starter', trafficSource: 'A' }, 'E-post er påkrevd'],
      [{ email: 'ikke-en-epost', courseType: 'starter', trafficSource: 'A' }, 'Skriv inn en gyldig e-postadresse'],
      [{ email: 'a@b.no', courseType: 'platinum', trafficSource: 'A' }, 'Ukjent kurstype'],
      [{ email: 'a@b.no', courseType: 'starter', trafficSource: 'Z' }, 'Ukjent trafikkilde'],
      [{ email: 'a@b.no', courseType: 'starter', trafficSource: 'A', isAdmin: true }, 'Ukjent felt: isAdmin'],
    ])('bad input %j → 400 {success:false, error} and nothing stored', async (body, message) => {
      const before = await t.ds.getRepository(User).count();
      const res = await t.http().post('/api/create-user').send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, error: message, statusCode: 400, message });
      expect(await t.ds.getRepository(User).count()).toBe(before);
    });

    it('concurrent sign-ups of one address make one account', async () => {
      const email = uniqueEmail('samtidig');
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }),
        ),
      );
      expect(results.every((r) => r.status === 200 && r.body.success === true)).toBe(true);
      expect(await t.ds.getRepository(User).countBy({ email })).toBe(1);
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      expect(await t.ds.getRepository(Grant).countBy({ userId: user.id, courseId: 'starter' })).toBeGreaterThanOrEqual(1);
    });
  });

  describe('CSRF rule', () => {
    it('refuses a state-changing request from another origin', async () => {
      const user = await createUser(t, { password: 'riktig-passord' });
      const res = await t
        .http()
        .post('/api/auth/login')
        .set('Origin', 'https://evil.example')
        .send({ email: user.email, password: 'riktig-passord' })
        .expect(403);
      expect(res.body).toMatchObject({ code: 'CSRF_REJECTED' });
      await t
        .http()
        .post('/api/auth/login')
        .set('Origin', 'http://localhost:3000')
        .send({ email: user.email, password: 'riktig-passord' })
        .expect(200);
    });

    it('refuses form-encoded and bodiless requests without the custom header', async () => {
      await t.http().post('/api/auth/login').type('form').send({ email: 'a@b.no', password: 'x' }).expect(415);
      await t.http().post('/api/auth/logout').expect(403);
      await t.http().post('/api/auth/logout').set('X-Requested-With', 'fetch').expect(204);
    });
  });
});

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_LOGIN: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('limits attempts per account, even with the right password after that', async () => {
    const user = await createUser(t, { password: 'riktig-passord' });
    for (let i = 0; i < 3; i++) await t.http().post('/api/auth/login').send({ email: user.email, password: 'feil' }).expect(401);
    const blocked = await t.http().post('/api/auth/login').send({ email: user.email, password: 'riktig-passord' }).expect(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('write rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_WRITES: '5' });
  });
  afterAll(() => t.close());

  it('limits state-changing requests per client address and never limits reads', async () => {
    const statuses: number[] = [];
    let last!: Awaited<ReturnType<ReturnType<TestApp['http']>['get']>>;
    for (let i = 0; i < 7; i++) {
      last = await t
        .http()
        .post('/api/leads')
        .send({ email: `l${i}@example.no`, courseType: 'starter', source: '/' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'For mange forsøk. Vent litt og prøv igjen.',
    });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.headers['cache-control']).toBe('no-store');
    await t.http().get('/api/catalog').expect(200);
    expect(await t.ds.getRepository(Lead).count()).toBe(5);
  });
});
