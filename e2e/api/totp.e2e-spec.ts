import type TestAgent from 'supertest/lib/agent';
import { TotpService } from '../../backend/src/identity/totp/totp.service';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { TotpRecoveryCode } from '../../backend/src/identity/totp/entities/totp-recovery-code.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { UserTotp } from '../../backend/src/identity/totp/entities/user-totp.entity';
import { createUser, loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { enrolByApi, enrolDirect, totpCode } from './support/two-factor';

/**
 * Two-factor sign-in (TOTP, RFC 6238): enrolment with a confirming code, sign-in with a code or a
 * single-use recovery code, and what happens without one. Codes are computed the way an
 * authenticator app does; the server's TOTP clock is moved instead of waiting.
 */
describe('two-factor sign-in (TOTP)', () => {
  let t: TestApp;
  let totp: TotpService;
  const realNow = () => Date.now();

  beforeAll(async () => {
    t = await startTestApp();
    totp = t.app.get(TotpService);
  });
  afterEach(() => {
    totp.now = realNow;
  });
  afterAll(() => t.close());

  const login = (body: Record<string, unknown>) => t.http().post('/api/auth/login').send(body);
  const sessionsOf = (userId: number) => t.ds.getRepository(Session).countBy({ userId });

  describe('enrolment', () => {
    it('setup answers a secret and an otpauth address; a code confirms it and answers ten recovery codes once', async () => {
      const { agent, user } = await loginAs(t, { email: uniqueEmail('mentor'), role: 'admin' });
      expect((await agent.get('/api/auth/totp').expect(200)).body).toEqual({
        enabled: false,
        required: false,
        recoveryCodesLeft: 0,
      });

      const setup = await agent.post('/api/auth/totp/setup').send({}).expect(200);
      const { secret, otpauthUrl } = setup.body as { secret: string; otpauthUrl: string };
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(decodeURIComponent(url.pathname)).toContain(user.email);
      expect(url.searchParams.get('secret')).toBe(secret);
      expect(url.searchParams.get('issuer')).toBe(t.cfg.siteName);
      expect(url.searchParams.get('digits')).toBe('6');
      expect(url.searchParams.get('period')).toBe('30');

      // Not on until a code confirms it: sign-in still needs no code.
      expect((await agent.get('/api/auth/totp').expect(200)).body.enabled).toBe(false);
      await login({ email: user.email, password: 'hemmelig123' }).expect(200);

      const wrong = await agent.post('/api/auth/totp/enable').send({ code: '000000' }).expect(400);
      expect(wrong.body).toMatchObject({
        code: 'TOTP_INVALID',
        message: 'Feil eller utløpt engangskode. Prøv igjen med en ny kode.',
      });

      const enable = await agent
        .post('/api/auth/totp/enable')
        .send({ code: totpCode(secret) })
        .expect(200);
      const codes = (enable.body as { recoveryCodes: string[] }).recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect((await agent.get('/api/auth/totp').expect(200)).body).toEqual({
        enabled: true,
        required: false,
        recoveryCodesLeft: 10,
      });

      // Stored encrypted and hashed: neither the secret nor a recovery code is in the database as typed.
      const row = await t.ds.getRepository(UserTotp).findOneByOrFail({ userId: user.id });
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row.secret).toMatch(/^v1\./);
      const stored = JSON.stringify(await t.ds.getRepository(TotpRecoveryCode).findBy({ userId: user.id }));
      for (const c of codes) {
        expect(stored).not.toContain(c);
        expect(stored).not.toContain(c.replace(/-/g, ''));
      }

      // The secret is never shown again: a new setup is refused while a factor is on.
      const again = await agent.post('/api/auth/totp/setup').send({}).expect(409);
      expect(JSON.stringify(again.body)).not.toContain(secret);
      expect(JSON.stringify((await agent.get('/api/auth/totp').expect(200)).body)).not.toContain(secret);
    });

    it('enabling ends the account’s other sessions and keeps this one', async () => {
      const { agent, user, password } = await loginAs(t);
      const other = t.agent();
      await other.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      await enrolByApi(agent);
      await other.get('/api/auth/me').expect(200, 'null');
      await agent.get('/api/auth/me').expect(200);
    });

    it('needs a session, and a pending setup that has not expired', async () => {
      await t.http().post('/api/auth/totp/setup').send({}).expect(401);
      await t.http().post('/api/auth/totp/enable').send({ code: '123456' }).expect(401);
      const { agent } = await loginAs(t);
      const none = await agent.post('/api/auth/totp/enable').send({ code: '123456' }).expect(400);
      expect(none.body.code).toBe('TOTP_INVALID');
      const { secret } = (await agent.post('/api/auth/totp/setup').send({}).expect(200)).body as { secret: string };
      const later = Date.now() + 61 * 60_000;
      totp.now = () => later;
      await agent
        .post('/api/auth/totp/enable')
        .send({ code: totpCode(secret, later) })
        .expect(400);
    });

    it('any role can enrol, a student too', async () => {
      const { agent, user, password } = await loginAs(t);
      const { secret } = await enrolByApi(agent);
      const res = await login({ email: user.email, password }).expect(401);
      expect(res.body.code).toBe('TOTP_REQUIRED');
      const next = Date.now() + 30_000;
      await login({ email: user.email, password, totp: totpCode(secret, next) }).expect(200);
    });
  });

  describe('who may enrol (docs/decisions.md "Two-factor sign-in")', () => {
    const CLAIM_FOR_TOTP = 'Bruk innloggingslenken vi sendte på e-post før du slår på tofaktorinnlogging';

    /** A browser holding a session on an address nobody has proved (as the receipt page opens for a new buyer). */
    async function unclaimedSession(): Promise<{ agent: TestAgent; user: User }> {
      const user = await createUser(t, { password: null });
      const agent = t.agent();
      await agent
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      await t.ds.getRepository(User).update({ id: user.id }, { claimedAt: null });
      return { agent, user };
    }

    it('a session on an unclaimed address can neither set up nor enable a factor (403 CLAIM_REQUIRED)', async () => {
      const { agent, user } = await unclaimedSession();
      // Even a fresh full authentication on the session does not stand in for the claim.
      await t.ds.getRepository(Session).update({ userId: user.id }, { authenticatedAt: new Date() });
      const setup = await agent.post('/api/auth/totp/setup').send({}).expect(403);
      expect(setup.body).toEqual({ statusCode: 403, code: 'CLAIM_REQUIRED', message: CLAIM_FOR_TOTP });
      const enable = await agent.post('/api/auth/totp/enable').send({ code: '123456' }).expect(403);
      expect(enable.body.code).toBe('CLAIM_REQUIRED');
      expect(await t.ds.getRepository(UserTotp).countBy({ userId: user.id })).toBe(0);
      expect(await totp.isEnabled(user.id)).toBe(false);
    });

    it('needs a sign-in with the password within 15 minutes: a link session or an older sign-in get 401 REAUTH_REQUIRED', async () => {
      const { agent, user, password } = await loginAs(t);
      await t.ds.getRepository(Session).update({ userId: user.id }, { authenticatedAt: new Date(Date.now() - 16 * 60_000) });
      const old = await agent.post('/api/auth/totp/setup').send({}).expect(401);
      expect(old.body).toMatchObject({
        code: 'REAUTH_REQUIRED',
        message: 'Bekreft at det er deg: skriv inn passordet ditt på nytt.',
      });
      expect(await t.ds.getRepository(UserTotp).countBy({ userId: user.id })).toBe(0);
      await agent.post('/api/auth/reauth').send({ password }).expect(200);
      const { secret } = (await agent.post('/api/auth/totp/setup').send({}).expect(200)).body as { secret: string };
      // The confirming code is refused as well once the sign-in is older than 15 minutes.
      await t.ds.getRepository(Session).update({ userId: user.id }, { authenticatedAt: new Date(Date.now() - 16 * 60_000) });
      const late = await agent
        .post('/api/auth/totp/enable')
        .send({ code: totpCode(secret) })
        .expect(401);
      expect(late.body.code).toBe('REAUTH_REQUIRED');
      expect(await totp.isEnabled(user.id)).toBe(false);

      // A session a one-time link opened (claimed, but no password typed) asks for the password first.
      const linked = t.agent();
      await linked
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      expect((await linked.post('/api/auth/totp/setup').send({}).expect(401)).body.code).toBe('REAUTH_REQUIRED');
    });

    it('the first claim clears a factor enrolled before it: the owner then signs in with the password alone', async () => {
      const user = await createUser(t, { password: null });
      await t.ds.getRepository(User).update({ id: user.id }, { claimedAt: null });
      // A factor that a session on the unproved address enrolled (as was possible before this rule).
      await enrolDirect(t, user);
      expect(await totp.isEnabled(user.id)).toBe(true);

      // The owner completes a reset (a claim) and signs in with the new password, no code asked.
      const token = await t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
      await t
        .agent()
        .post('/api/auth/reset-password')
        .send({ token, newPassword: 'eierens-passord-1', confirmPassword: 'eierens-passord-1' })
        .expect(200);
      expect(await t.ds.getRepository(UserTotp).countBy({ userId: user.id })).toBe(0);
      expect(await t.ds.getRepository(TotpRecoveryCode).countBy({ userId: user.id })).toBe(0);
      await login({ email: user.email, password: 'eierens-passord-1' }).expect(200);
    });

    it('a later link sign-in on a claimed account keeps the owner’s own factor', async () => {
      const { agent, user, password } = await loginAs(t);
      const { secret } = await enrolByApi(agent);
      const token = await t.app.get(LoginTokensService).issue(user.id);
      // The link asks for the owner's code (docs/decisions.md "Two-factor sign-in"), and keeps the factor.
      expect((await t.agent().post('/api/auth/token-login').send({ token }).expect(401)).body.code).toBe('TOTP_REQUIRED');
      await t
        .agent()
        .post('/api/auth/token-login')
        .send({ token, totp: totpCode(secret, Date.now() + 30_000) })
        .expect(200);
      expect(await totp.isEnabled(user.id)).toBe(true);
      expect((await login({ email: user.email, password }).expect(401)).body.code).toBe('TOTP_REQUIRED');
      const later = Date.now() + 60_000;
      totp.now = () => later;
      await login({ email: user.email, password, totp: totpCode(secret, later) }).expect(200);
    });
  });

  describe('sign-in', () => {
    let user: User;
    let secret: string;
    let recoveryCodes: string[];
    const password = 'hemmelig123';
    /** Each sign-in with a code uses a later time step (a code is accepted once). */
    let clock = Date.now();
    const nextStep = () => {
      clock += 30_000;
      const at = clock;
      totp.now = () => at;
      return at;
    };

    beforeAll(async () => {
      user = await createUser(t, { role: 'admin', email: uniqueEmail('mentor') });
      ({ secret, recoveryCodes } = await enrolDirect(t, user));
    });

    it('without a code: 401 TOTP_REQUIRED in Norwegian, no session and no cookie', async () => {
      const before = await sessionsOf(user.id);
      const res = await login({ email: user.email, password }).expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'TOTP_REQUIRED',
        message: 'Skriv inn engangskoden fra autentiseringsappen',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await sessionsOf(user.id)).toBe(before);
      const empty = await login({ email: user.email, password, totp: '' }).expect(401);
      expect(empty.body.code).toBe('TOTP_REQUIRED');
    });

    it('a wrong code: 401 TOTP_INVALID, no session', async () => {
      const before = await sessionsOf(user.id);
      const at = nextStep();
      const right = totpCode(secret, at);
      const wrong = right === '000000' ? '111111' : '000000';
      for (const code of [wrong, 'abc', '12345', '1234567', 'x'.repeat(64)]) {
        const res = await login({ email: user.email, password, totp: code });
        expect([code, res.status, res.body.code]).toEqual([code, 401, 'TOTP_INVALID']);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await sessionsOf(user.id)).toBe(before);
    });

    it('the wrong password with a right code is the usual 401, and does not spend the code', async () => {
      const at = nextStep();
      const code = totpCode(secret, at);
      const res = await login({ email: user.email, password: 'feil-passord', totp: code }).expect(401);
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
      await login({ email: user.email, password, totp: code }).expect(200);
    });

    it('a current code signs in; the same code cannot be used twice', async () => {
      const at = nextStep();
      const code = totpCode(secret, at);
      const agent = t.agent();
      const res = await agent.post('/api/auth/login').send({ email: user.email, password, totp: code }).expect(200);
      expect(res.body.user.email).toBe(user.email);
      await agent.get('/api/auth/me').expect(200);
      const replay = await login({ email: user.email, password, totp: code }).expect(401);
      expect(replay.body.code).toBe('TOTP_INVALID');
      // Spaces as an app shows them ("123 456") are fine.
      const later = nextStep();
      const spaced = totpCode(secret, later).replace(/^(\d{3})/, '$1 ');
      await login({ email: user.email, password, totp: spaced }).expect(200);
    });

    it('accepts the codes one step either side of now (a phone clock a little off), not older', async () => {
      const at = nextStep() + 30_000 * 4;
      clock = at;
      totp.now = () => at;
      // Two steps back is refused; then one step ahead, now and one step back in increasing order
      // would be replays of each other, so each is tried on a fresh later step.
      expect((await login({ email: user.email, password, totp: totpCode(secret, at - 60_000) })).status).toBe(401);
      await login({ email: user.email, password, totp: totpCode(secret, at - 30_000) }).expect(200);
      await login({ email: user.email, password, totp: totpCode(secret, at) }).expect(200);
      await login({ email: user.email, password, totp: totpCode(secret, at + 30_000) }).expect(200);
      expect((await login({ email: user.email, password, totp: totpCode(secret, at + 60_000) })).status).toBe(401);
      clock = at + 30_000;
    });

    it('an unused recovery code signs in once; used again it is refused', async () => {
      const code = recoveryCodes[0];
      const agent = t.agent();
      await agent.post('/api/auth/login').send({ email: user.email, password, totp: code }).expect(200);
      await agent.get('/api/auth/me').expect(200);
      const again = await login({ email: user.email, password, totp: code }).expect(401);
      expect(again.body.code).toBe('TOTP_INVALID');
      // Typed in capitals and without dashes, another one works.
      await login({ email: user.email, password, totp: recoveryCodes[1].replace(/-/g, '').toUpperCase() }).expect(200);
      expect((await agent.get('/api/auth/totp').expect(200)).body.recoveryCodesLeft).toBe(8);
      expect(await t.ds.getRepository(TotpRecoveryCode).countBy({ userId: user.id })).toBe(8);
    });

    it("another account's recovery code is refused", async () => {
      const other = await createUser(t);
      const { recoveryCodes: theirs } = await enrolDirect(t, other);
      const res = await login({ email: user.email, password, totp: theirs[0] }).expect(401);
      expect(res.body.code).toBe('TOTP_INVALID');
    });

    it('a secret copied to another account’s row does not work there (bound to its owner)', async () => {
      const victim = await createUser(t);
      await enrolDirect(t, victim);
      const mine = await t.ds.getRepository(UserTotp).findOneByOrFail({ userId: user.id });
      await t.ds.getRepository(UserTotp).update({ userId: victim.id }, { secret: mine.secret, lastUsedStep: null });
      const at = nextStep();
      const res = await login({ email: victim.email, password, totp: totpCode(secret, at) }).expect(401);
      expect(res.body.code).toBe('TOTP_INVALID');
    });
  });

  describe('turning it off, export and deletion', () => {
    it('disable needs the password and a code; afterwards sign-in needs no code', async () => {
      const { agent, user, password } = await loginAs(t);
      const { recoveryCodes } = await enrolByApi(agent);
      const bad = await agent
        .post('/api/auth/totp/disable')
        .send({ password: 'feil-passord', code: recoveryCodes[0] })
        .expect(400);
      expect(bad.body.code).toBe('WRONG_PASSWORD');
      const badCode = await agent.post('/api/auth/totp/disable').send({ password, code: '000000' }).expect(400);
      expect(badCode.body.code).toBe('TOTP_INVALID');
      await agent.post('/api/auth/totp/disable').send({ password, code: recoveryCodes[0] }).expect(200);
      expect(await t.ds.getRepository(UserTotp).countBy({ userId: user.id })).toBe(0);
      expect(await t.ds.getRepository(TotpRecoveryCode).countBy({ userId: user.id })).toBe(0);
      await login({ email: user.email, password }).expect(200);
    });

    it('the data export says whether two-factor sign-in is on, never the secret or the codes', async () => {
      const { agent } = await loginAs(t);
      expect((await agent.get('/api/account/export').expect(200)).body.account.twoFactorEnabled).toBe(false);
      const { secret, recoveryCodes } = await enrolByApi(agent);
      const res = await agent.get('/api/account/export').expect(200);
      expect(res.body.account.twoFactorEnabled).toBe(true);
      expect(res.text).not.toContain(secret);
      for (const c of recoveryCodes) expect(res.text).not.toContain(c);
    });

    it('deleting the account erases the secret and the recovery codes', async () => {
      const { agent, user, password } = await loginAs(t);
      await enrolByApi(agent);
      await agent.delete('/api/account').send({ password }).expect(200);
      expect(await t.ds.getRepository(UserTotp).countBy({ userId: user.id })).toBe(0);
      expect(await t.ds.getRepository(TotpRecoveryCode).countBy({ userId: user.id })).toBe(0);
    });
  });

  describe('the admin API and the second factor', () => {
    it('an enrolled admin whose session came from a link must re-authenticate with password and code', async () => {
      const admin = await createUser(t, { role: 'admin', email: uniqueEmail('mentor') });
      const { secret } = await enrolDirect(t, admin);
      const agent = t.agent();
      const token = await t.app.get(LoginTokensService).issue(admin.id);
      // The link asks for the code as the password does; a session opened by it is still no full sign-in.
      expect((await agent.post('/api/auth/token-login').send({ token }).expect(401)).body.code).toBe('TOTP_REQUIRED');
      await agent
        .post('/api/auth/token-login')
        .send({ token, totp: totpCode(secret, Date.now() + 30_000) })
        .expect(200);
      const res = await agent.get('/api/admin/users').expect(401);
      expect(res.body.code).toBe('REAUTH_REQUIRED');
      const noCode = await agent.post('/api/auth/reauth').send({ password: 'hemmelig123' }).expect(400);
      expect(noCode.body.code).toBe('TOTP_REQUIRED');
      const at = Date.now() + 60_000;
      totp.now = () => at;
      await agent
        .post('/api/auth/reauth')
        .send({ password: 'hemmelig123', totp: totpCode(secret, at) })
        .expect(200);
      await agent.get('/api/admin/users').expect(200);
    });
  });
});

/** Production: admins must enrol before the admin API answers them (unless ADMIN_2FA=optional). */
describe('two-factor sign-in required for admins in production', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'production-like-secret-for-the-totp-suite-0123',
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'silent',
    SELLER_NAME: 'Eksempel Trading AS',
    SELLER_ORG_NR: '923456789',
    SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
  };

  describe('ADMIN_2FA unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(production);
    });
    afterAll(() => t.close());

    it('is required by default in production', () => {
      expect(t.cfg.admin2fa).toBe('required');
    });

    it('an admin without a second factor signs in, gets 403 TOTP_ENROLMENT_REQUIRED from the admin API, enrols, and is let in', async () => {
      const { agent, user, password } = await loginAs(t, { role: 'admin', email: uniqueEmail('mentor') });
      for (const path of ['/api/admin/users', '/api/admin/stats?from=2026-01-01&to=2026-01-31', '/api/admin/orders']) {
        const res = await agent.get(path);
        expect([path, res.status, res.body.code]).toEqual([path, 403, 'TOTP_ENROLMENT_REQUIRED']);
        expect(res.body.message).toBe('Slå på tofaktorinnlogging før du bruker adminpanelet.');
      }
      expect((await agent.get('/api/auth/totp').expect(200)).body).toMatchObject({ enabled: false, required: true });
      const { secret } = await enrolByApi(agent);
      await agent.get('/api/admin/users').expect(200);

      // Signing in again needs the code.
      const fresh = t.agent();
      const res = await fresh.post('/api/auth/login').send({ email: user.email, password }).expect(401);
      expect(res.body.code).toBe('TOTP_REQUIRED');
      await fresh
        .post('/api/auth/login')
        .send({ email: user.email, password, totp: totpCode(secret, Date.now() + 30_000) })
        .expect(200);
      await fresh.get('/api/admin/users').expect(200);
    });

    it('a student is not asked to enrol (the admin API is 403 FORBIDDEN for them as before)', async () => {
      const { agent } = await loginAs(t);
      expect((await agent.get('/api/auth/totp').expect(200)).body.required).toBe(false);
      const res = await agent.get('/api/admin/users').expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });
  });

  describe('ADMIN_2FA=optional', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ...production, ADMIN_2FA: 'optional' });
    });
    afterAll(() => t.close());

    it('lets an admin without a second factor in', async () => {
      const { agent } = await loginAs(t, { role: 'admin', email: uniqueEmail('mentor') });
      await agent.get('/api/admin/users').expect(200);
      expect((await agent.get('/api/auth/totp').expect(200)).body.required).toBe(false);
    });
  });
});

/** Wrong codes count against the sign-in limit like wrong passwords. */
describe('two-factor sign-in and the login limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_LOGIN: '3', RATE_LIMIT_WINDOW_SECONDS: '600' });
  });
  afterAll(() => t.close());

  it('after the limit of wrong codes the account answers 429, even with the right code', async () => {
    const user = await createUser(t, { email: uniqueEmail('mentor'), role: 'admin' });
    const { secret } = await enrolDirect(t, user);
    for (let i = 0; i < 3; i++) {
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: 'hemmelig123', totp: '000000' });
      expect(res.status).toBe(401);
    }
    const blocked = await t
      .http()
      .post('/api/auth/login')
      .send({ email: user.email, password: 'hemmelig123', totp: totpCode(secret, Date.now() + 30_000) });
    expect(blocked.status).toBe(429);
  });

  it('re-authentication is limited per account too', async () => {
    const { agent } = await signedIn(t);
    for (let i = 0; i < 3; i++) await agent.post('/api/auth/reauth').send({ password: 'feil-passord' }).expect(400);
    await agent.post('/api/auth/reauth').send({ password: 'hemmelig123' }).expect(429);
  });
});

/** A signed-in client without going through the (limited) login route. */
async function signedIn(t: TestApp): Promise<{ agent: TestAgent; user: User }> {
  const user = await createUser(t);
  const agent = t.agent();
  const token = await t.app.get(LoginTokensService).issue(user.id);
  await agent.post('/api/auth/token-login').send({ token }).expect(200);
  return { agent, user };
}
