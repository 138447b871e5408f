import type TestAgent from 'supertest/lib/agent';
import { MSG, TOTP_MAX_FAILURES } from '@academy/contracts';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { UserTotp } from '../../backend/src/identity/totp/entities/user-totp.entity';
import { TotpService } from '../../backend/src/identity/totp/totp.service';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { adminAgent, createUser, demoPurchase, loginAs, uniqueEmail } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';
import { enrolByApi, enrolDirect, totpCode } from './support/two-factor';

const XHR = { 'X-Requested-With': 'fetch' };
const MINUTE = 60_000;

/**
 * Accounts, sign-in and the second factor (docs/decisions.md "Two-factor sign-in", "E-mail
 * addresses", "Attribution"): the mentor's change of a student's address, one person in the funnel
 * after it, every way in asking for the second factor, and the lock after wrong codes.
 */
describe('accounts: e-mail changes and the second factor', () => {
  let t: TestApp;
  let totp: TotpService;
  let admin: TestAgent;
  let adminId: number;
  /** The TOTP clock, moved a step ahead for every code so no step is used twice. */
  let clock = Date.now();
  const nextStep = () => {
    clock += 30_000;
    totp.now = () => clock;
    return clock;
  };

  beforeAll(async () => {
    t = await startTestApp();
    totp = t.app.get(TotpService);
    totp.now = () => clock;
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  beforeEach(() => {
    clock = Date.now();
    totp.now = () => clock;
  });
  afterAll(() => t.close());

  const mails = (userId: number, kind: string) =>
    t.ds.getRepository(OutboxMessage).find({ where: { userId, kind }, order: { id: 'ASC' } });
  const bodyOf = async (id: number) => (await t.ds.getRepository(OutboxBody).findOneByOrFail({ messageId: id })).textBody;
  const tokenIn = (text: string) => /#token=([A-Za-z0-9_-]+)/.exec(text)![1];
  const setAdminSignIn = (agoMs: number) =>
    t.ds.getRepository(Session).update({ userId: adminId }, { authenticatedAt: new Date(Date.now() - agoMs) });
  const userRow = (id: number) => t.ds.getRepository(User).findOneByOrFail({ id });

  describe("the mentor's change of a student's address", () => {
    it('needs a recent sign-in (notes do not), tells the old address, and the old address can stop it while it waits', async () => {
      const student = await createUser(t);
      const next = uniqueEmail('ny');
      await setAdminSignIn(16 * MINUTE);
      const refused = await admin
        .patch(`/api/admin/users/${student.id}`)
        .send({ email: next, adminNote: 'Ny adresse' })
        .expect(401);
      expect(refused.body).toMatchObject({ code: 'REAUTH_REQUIRED', reason: 'expired', message: MSG.reauthRequired });
      expect(await userRow(student.id)).toMatchObject({ pendingEmail: null, adminNote: null });
      expect(await mails(student.id, 'email_change')).toEqual([]);
      // Notes alone are no change of who owns the account.
      await admin.patch(`/api/admin/users/${student.id}`).send({ adminNote: 'Ringte' }).expect(200);

      await setAdminSignIn(MINUTE);
      const changed = await admin.patch(`/api/admin/users/${student.id}`).send({ email: next }).expect(200);
      expect(changed.body).toMatchObject({ email: student.email, pendingEmail: next });
      const [confirm] = await mails(student.id, 'email_change');
      expect(confirm.toAddress).toBe(next);
      const [notice] = await mails(student.id, 'email_change_notice');
      expect(notice).toMatchObject({ toAddress: student.email, subject: expect.stringContaining('endres') });
      const noticeText = await bodyOf(notice.id);
      expect(noticeText).toContain(next);
      expect(noticeText).toContain('/stopp-epostendring#token=');

      const stop = tokenIn(noticeText);
      const stopped = await t.http().post('/api/account/email/stop').set(XHR).send({ token: stop }).expect(200);
      expect(stopped.body).toEqual({ message: MSG.emailChangeStopped, email: student.email });
      expect(await userRow(student.id)).toMatchObject({ email: student.email, pendingEmail: null });
      // The new address's link is dead, and the stop link works once.
      const late = await t
        .http()
        .post('/api/account/email/confirm')
        .set(XHR)
        .send({ token: tokenIn(await bodyOf(confirm.id)) })
        .expect(400);
      expect(late.body.code).toBe('INVALID_TOKEN');
      const twice = await t.http().post('/api/account/email/stop').set(XHR).send({ token: stop }).expect(400);
      expect(twice.body).toMatchObject({ code: 'INVALID_TOKEN', message: MSG.emailChangeStopInvalid });
      expect(await t.ds.getRepository(AuditLog).countBy({ action: 'user.email_change_stop', entityId: String(student.id) })).toBe(
        1,
      );
    });
  });

  describe('after a confirmed change the person is still one person', () => {
    it('leads tab, «Har konto», the overview counts and earlier links all follow the account', async () => {
      const stats = async () =>
        (await admin.get('/api/admin/stats').expect(200)).body as {
          totals: { leads: number; accounts: number; buyers: number };
          funnel: Array<{ variant: string; leads: number; accounts: number; buyers: number }>;
        };
      const before = await stats();
      const old = uniqueEmail('gammel');
      await t
        .http()
        .post('/api/leads')
        .send({ email: old, courseType: 'foundation', source: '/kurs/foundation', attribution: { trafficSource: 'C' } })
        .expect(201);
      await demoPurchase(t, { email: old, trafficSource: 'C' });
      const student = await t.ds.getRepository(User).findOneByOrFail({ email: old });
      const signIn = await t.app.get(LoginTokensService).issue(student.id);
      const reset = await t.app.get(LoginTokensService).issue(student.id, 3600_000, 'reset');

      await setAdminSignIn(MINUTE);
      const next = uniqueEmail('ny');
      await admin.patch(`/api/admin/users/${student.id}`).send({ email: next }).expect(200);
      const [confirm] = await mails(student.id, 'email_change');
      await t
        .http()
        .post('/api/account/email/confirm')
        .set(XHR)
        .send({ token: tokenIn(await bodyOf(confirm.id)) })
        .expect(200);
      // The student uses the new address on the site too.
      await t
        .http()
        .post('/api/leads')
        .send({ email: next, courseType: 'accelerator', source: '/kurs/accelerator', attribution: { trafficSource: 'B' } })
        .expect(201);

      const detail = (await admin.get(`/api/admin/users/${student.id}`).expect(200)).body;
      expect(detail.leadsTotal).toBe(2);
      const oldLead = await t.ds.getRepository(Lead).findOneByOrFail({ email: old });
      expect((await admin.get(`/api/admin/leads/${oldLead.id}`).expect(200)).body).toMatchObject({
        hasAccount: true,
        hasBought: true,
      });

      const after = await stats();
      expect({
        leads: after.totals.leads - before.totals.leads,
        accounts: after.totals.accounts - before.totals.accounts,
        buyers: after.totals.buyers - before.totals.buyers,
      }).toEqual({ leads: 1, accounts: 1, buyers: 1 });
      const c = (s: typeof before) => s.funnel.find((r) => r.variant === 'C')!;
      expect(c(after).buyers - c(before).buyers).toBe(1);

      // Links mailed to the old address before the change no longer open anything.
      const link = await t.http().post('/api/auth/token-login').send({ token: signIn }).expect(401);
      expect(link.body.code).toBe('INVALID_TOKEN');
      await t
        .http()
        .post('/api/auth/reset-password')
        .send({ token: reset, newPassword: 'EtHeltNyttPassord9', confirmPassword: 'EtHeltNyttPassord9' })
        .expect(400);
    });
  });

  describe('every way in asks for the second factor', () => {
    it('a sign-in link («Send ny innloggingslenke») asks for the code and stays unused until it is right', async () => {
      const student = await createUser(t);
      const { recoveryCodes } = await enrolDirect(t, student);
      await setAdminSignIn(MINUTE);
      await admin.post(`/api/admin/users/${student.id}/signin-link`).send({}).expect(200);
      const [mail] = await mails(student.id, 'sign_in_link');
      const token = tokenIn(await bodyOf(mail.id));
      const browser = t.agent();

      const noCode = await browser.post('/api/auth/token-login').send({ token }).expect(401);
      expect(noCode.body).toMatchObject({ code: 'TOTP_REQUIRED', message: MSG.totpRequired });
      await browser.get('/api/auth/me').expect(200, 'null');
      const wrong = await browser.post('/api/auth/token-login').send({ token, totp: '000000' }).expect(401);
      expect(wrong.body.code).toBe('TOTP_INVALID');
      await browser.post('/api/auth/token-login').send({ token, totp: recoveryCodes[0] }).expect(200);
      expect((await browser.get('/api/auth/me').expect(200)).body.email).toBe(student.email);
      // Used now: once only.
      await t.http().post('/api/auth/token-login').send({ token, totp: recoveryCodes[1] }).expect(401);
    });

    it('a password reset asks for the code before it changes anything, and its session is a link session', async () => {
      const { user, password } = await loginAs(t);
      const { secret } = await enrolDirect(t, user);
      const token = await t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
      const hash = (await userRow(user.id)).passwordHash;
      const body = { token, newPassword: 'NyttPassord-2026', confirmPassword: 'NyttPassord-2026' };

      const noCode = await t.http().post('/api/auth/reset-password').send(body).expect(401);
      expect(noCode.body.code).toBe('TOTP_REQUIRED');
      expect((await userRow(user.id)).passwordHash).toBe(hash);
      const browser = t.agent();
      await browser
        .post('/api/auth/reset-password')
        .send({ ...body, totp: totpCode(secret, nextStep()) })
        .expect(200);
      expect((await userRow(user.id)).passwordHash).not.toBe(hash);
      expect((await browser.get('/api/auth/me').expect(200)).body.email).toBe(user.email);
      await t.http().post('/api/auth/login').send({ email: user.email, password }).expect(401);

      // Without a factor, a reset signs in at once; turning one on then asks for the password, and says
      // why truly: the session came from the mailed link, not from a sign-in long ago.
      const plain = await createUser(t);
      const fresh = t.agent();
      await fresh
        .post('/api/auth/reset-password')
        .send({ ...body, token: await t.app.get(LoginTokensService).issue(plain.id, 3600_000, 'reset') })
        .expect(200);
      const why = await fresh.post('/api/auth/totp/setup').send({}).expect(401);
      expect(why.body).toMatchObject({ code: 'REAUTH_REQUIRED', reason: 'link', message: MSG.reauthAfterLink });
    });
  });

  describe('wrong codes lock the second factor', () => {
    it(`${TOTP_MAX_FAILURES} wrong codes in a row, counted per account over every route, lock it for a while and mail the owner`, async () => {
      const { agent, user, password } = await loginAs(t);
      const { secret, recoveryCodes } = await enrolByApi(agent);
      const [enabled] = await mails(user.id, 'totp_enabled');
      expect(enabled).toMatchObject({ toAddress: user.email, subject: expect.stringContaining('slått på') });
      const login = (code: string) => t.http().post('/api/auth/login').send({ email: user.email, password, totp: code });

      for (let i = 0; i < TOTP_MAX_FAILURES - 2; i++) expect((await login('000000').expect(401)).body.code).toBe('TOTP_INVALID');
      // The signed-in session's re-authentication counts against the same account.
      expect((await agent.post('/api/auth/reauth').send({ password, totp: '000000' }).expect(400)).body.code).toBe(
        'TOTP_INVALID',
      );
      expect(await mails(user.id, 'totp_locked')).toEqual([]);
      const locking = await agent.post('/api/auth/reauth').send({ password, totp: '111111' }).expect(429);
      expect(locking.body).toMatchObject({ code: 'TOTP_LOCKED', message: expect.stringMatching(/låst til kl\. \d\d[:.]\d\d/) });
      const row = await t.ds.getRepository(UserTotp).findOneByOrFail({ userId: user.id });
      expect(row.lockedUntil!.getTime()).toBeGreaterThan(clock);

      // Even the right code is refused while locked, and nothing more is mailed.
      const right = await login(totpCode(secret, nextStep())).expect(429);
      expect(right.body.code).toBe('TOTP_LOCKED');
      const lockedMails = await mails(user.id, 'totp_locked');
      expect(lockedMails).toHaveLength(1);
      expect(lockedMails[0].toAddress).toBe(user.email);
      expect(await bodyOf(lockedMails[0].id)).toContain('gjenopprettingskode virker fortsatt');

      // A recovery code still works (and is told to the owner).
      await login(recoveryCodes[0]).expect(200);
      expect(await mails(user.id, 'totp_recovery_used')).toHaveLength(1);

      // Locked again, the lock runs out by itself.
      for (let i = 0; i < TOTP_MAX_FAILURES; i++) await login('000000');
      expect((await login(totpCode(secret, nextStep())).expect(429)).body.code).toBe('TOTP_LOCKED');
      clock += 16 * MINUTE;
      await login(totpCode(secret, nextStep())).expect(200);
    });
  });
});
