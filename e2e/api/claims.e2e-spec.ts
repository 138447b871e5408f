import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { LoginToken } from '../../backend/src/identity/entities/login-token.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { sha256 } from '../../backend/src/platform/crypto/tokens';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { EventBus } from '../../backend/src/platform/events';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { linkIn, startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { insertOrder } from './admin-helpers';
import { createUser, loginAs, startTestApp, TestApp, uniqueEmail } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const PUBLIC_URL = 'http://localhost:3000';
const SIGN_IN = `${PUBLIC_URL}/auto-login#token=`;
const CLAIM_REQUIRED = 'Bruk innloggingslenken vi sendte på e-post før du setter passord';

/** The token of a mailed link: it rides in the fragment, never in the query the server would log. */
function tokenOf(link: string): string {
  const url = new URL(link);
  expect(url.search).toBe('');
  return new URLSearchParams(url.hash.slice(1)).get('token')!;
}

function cookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.find((c: string) => c.startsWith('sid='));
}

function purchase(email: string, courseId = 'foundation') {
  return { courseId, email, firstName: 'Ola', lastName: 'Nordmann', paymentMethod: 'card', acceptTerms: true, acceptRisk: true };
}

/**
 * Who gets a session (docs/decisions.md "Who gets a session"): typing an address proves nothing; a mailed one-time link or a
 * completed reset claims the address and ends every session opened before it.
 */
describe('claiming an address', () => {
  let sink: SmtpSink;
  let fake: FakeStripe;
  let t: TestApp;
  let worker: OutboxWorker;

  beforeAll(async () => {
    sink = await startSmtpSink();
    fake = await startFakeStripe();
    t = await startTestApp({ ...fakeStripeEnv(fake), SMTP_URL: sink.url, MAIL_POLL_INTERVAL_MS: '0' });
    worker = t.app.get(OutboxWorker);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await sink.close();
  });
  beforeEach(() => {
    sink.clear();
    fake.reset();
  });

  async function mailsTo(email: string) {
    await worker.drain();
    return sink.to(email);
  }

  async function payByWebhook(sessionId: string) {
    fake.pay(sessionId);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', { ...fake.sessions.get(sessionId) })).expect(200);
  }

  describe('the free sign-up', () => {
    it('answers {success: true} with no token and no session; the welcome link signs in and claims the address', async () => {
      const email = uniqueEmail('gratis');
      const browser = t.agent();
      const res = await browser.post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      expect(res.body).toEqual({ success: true });
      expect(cookieOf(res)).toBeUndefined();
      await browser.get('/api/auth/me').expect(200, 'null');
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      expect(user.claimedAt).toBeNull();

      const [welcome] = await mailsTo(email);
      const link = linkIn(welcome.text, SIGN_IN);
      expect(link).toMatch(/&next=\/account\/settings$/);
      const signedIn = await browser
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(200);
      expect(signedIn.body.user).toMatchObject({ email, claimed: true, passwordSet: false, courses: ['starter'] });
      expect((await t.ds.getRepository(User).findOneByOrFail({ email })).claimedAt).toBeInstanceOf(Date);
    });

    it('a repeated sign-up of a passwordless account answers the same and may mail a new link later, never a flood', async () => {
      const email = uniqueEmail('igjen');
      const signUp = () =>
        t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      await signUp();
      const again = await signUp();
      expect(again.body).toEqual({ success: true });
      expect(await mailsTo(email)).toHaveLength(1);

      // An hour later a new sign-up mails a new link; the count stops at three welcomes.
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      for (let i = 0; i < 4; i++) {
        await t.ds.getRepository(OutboxMessage).update({ userId: user.id }, { createdAt: new Date(Date.now() - 2 * 3600_000) });
        await signUp();
      }
      const welcomes = await mailsTo(email);
      expect(welcomes).toHaveLength(3);
      // Each mailed link works; none was handed to the browser that typed the address.
      const last = linkIn(welcomes[2].text, SIGN_IN);
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(last) })
        .expect(200);

      // An address with a password gets no link from a sign-up: its owner signs in with the password.
      const owner = await createUser(t, { password: 'eierens-passord' });
      const res = await t
        .http()
        .post('/api/create-user')
        .send({ email: owner.email, courseType: 'starter', trafficSource: 'A' })
        .expect(200);
      expect(res.body).toEqual({ success: true });
      expect(await mailsTo(owner.email)).toHaveLength(0);
    });
  });

  describe('the pre-hijack story', () => {
    it('a stranger who typed the owner’s address loses its session when the owner uses the mailed link, and never sees the owner’s data', async () => {
      const owner = uniqueEmail('eier');
      const stranger = t.agent();

      // The stranger buys a course for the owner's address; the order created the account, so the
      // receipt page signs the stranger's browser in (the address is not claimed yet).
      await stranger.post('/api/checkout/sessions').send(purchase(owner)).expect(201);
      const session = fake.lastSession();
      fake.pay(session.id);
      const receiptPage = await stranger.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(receiptPage.body).toMatchObject({ status: 'paid', signedIn: true });
      const held = await stranger.get('/api/auth/me').expect(200);
      expect(held.body).toMatchObject({ email: owner, claimed: false, passwordSet: false });

      // Signing the address up again hands out nothing; a fresh browser gets no session from it.
      const fresh = t.agent();
      const signUp = await fresh
        .post('/api/create-user')
        .send({ email: owner, courseType: 'starter', trafficSource: 'A' })
        .expect(200);
      expect(signUp.body).toEqual({ success: true });
      expect(cookieOf(signUp)).toBeUndefined();
      await fresh.get('/api/auth/me').expect(200, 'null');

      // The stranger cannot lock the owner out with a password.
      const pw = await stranger
        .post('/api/auth/password')
        .send({ newPassword: 'fremmed-passord-1', confirmPassword: 'fremmed-passord-1' })
        .expect(403);
      expect(pw.body).toEqual({ statusCode: 403, code: 'CLAIM_REQUIRED', message: CLAIM_REQUIRED });

      // The owner uses the receipt's one-time link, mailed to the owner's address.
      const receipt = (await mailsTo(owner)).find((m) => m.subject.startsWith('Kvittering'))!;
      const ownerBrowser = t.agent();
      const claimed = await ownerBrowser
        .post('/api/auth/token-login')
        .send({ token: tokenOf(linkIn(receipt.text, SIGN_IN)) })
        .expect(200);
      expect(claimed.body.user).toMatchObject({ email: owner, claimed: true });

      // The stranger's session is gone: nothing of the owner's account is shown to it any more.
      await stranger.get('/api/auth/me').expect(200, 'null');
      await stranger.get('/api/account/export').expect(401);
      await stranger.get('/api/progress/foundation').expect(401);
      const user = await t.ds.getRepository(User).findOneByOrFail({ email: owner });
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(1);

      // The owner sets the first password; the order page signs nobody in again.
      await ownerBrowser
        .post('/api/auth/password')
        .send({ newPassword: 'eierens-passord-1', confirmPassword: 'eierens-passord-1' })
        .expect(200);
      const again = await stranger.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(again.body).toMatchObject({ status: 'paid', signedIn: false });
      await stranger.get('/api/auth/me').expect(200, 'null');
      const exported = await ownerBrowser.get('/api/account/export').expect(200);
      expect(exported.body.account.email).toBe(owner);
    });

    it('a session the receipt page opened can neither export nor delete the account, and ends when the owner’s own purchase is paid', async () => {
      const owner = uniqueEmail('eier2');
      const stranger = t.agent();
      await stranger.post('/api/checkout/sessions').send(purchase(owner)).expect(201);
      const first = fake.lastSession();
      fake.pay(first.id);
      await stranger.get(`/api/checkout/sessions/${first.id}`).expect(200);
      await stranger.get('/api/auth/me').expect(200);

      const exported = await stranger.get('/api/account/export').expect(403);
      expect(exported.body.code).toBe('CLAIM_REQUIRED');
      const deleted = await stranger.delete('/api/account').send({ confirmEmail: owner }).expect(403);
      expect(deleted.body.code).toBe('CLAIM_REQUIRED');
      expect(await t.ds.getRepository(User).countBy({ email: owner })).toBe(1);

      // The owner, in another browser, buys the next course with the same address.
      await t.http().post('/api/checkout/sessions').send(purchase(owner, 'accelerator')).expect(201);
      const second = fake.lastSession();
      await payByWebhook(second.id);
      await stranger.get('/api/auth/me').expect(200, 'null');
      await stranger.get('/api/progress/accelerator').expect(401);
      // And the second order's receipt page signs nobody in: that order did not create the account.
      const page = t.agent();
      const res = await page.get(`/api/checkout/sessions/${second.id}`).expect(200);
      expect(res.body).toMatchObject({ status: 'paid', signedIn: false });
    });

    it('the receipt page signs in a new buyer only until the address is claimed', async () => {
      const email = uniqueEmail('kvittering');
      await t.http().post('/api/checkout/sessions').send(purchase(email)).expect(201);
      const session = fake.lastSession();
      await payByWebhook(session.id);
      // The owner uses the receipt's link before anyone opens the success page.
      const [receipt] = await mailsTo(email);
      await t
        .agent()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(linkIn(receipt.text, SIGN_IN)) })
        .expect(200);

      const page = t.agent();
      const res = await page.get(`/api/checkout/sessions/${session.id}`).expect(200);
      expect(res.body).toMatchObject({ status: 'paid', signedIn: false });
      expect(cookieOf(res)).toBeUndefined();
      await page.get('/api/auth/me').expect(200, 'null');
    });
  });

  describe('a claim', () => {
    it('ends every session opened before it; the session the link opened survives', async () => {
      const { agent: first, user, password } = await loginAs(t, { password: 'eget-passord-9' });
      const second = t.agent();
      await second.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      const token = await t.app.get(LoginTokensService).issue(user.id, 7 * 86400_000, 'login');

      const third = t.agent();
      await third.post('/api/auth/token-login').send({ token }).expect(200);
      await first.get('/api/auth/me').expect(200, 'null');
      await second.get('/api/auth/me').expect(200, 'null');
      await third.get('/api/auth/me').expect(200);
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(1);
    });

    it('a completed password reset claims the address and ends the older sessions', async () => {
      const user = await createUser(t, { password: null });
      const holder = t.agent();
      await holder
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      await t.ds.getRepository(User).update({ id: user.id }, { claimedAt: null });

      const token = await t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
      const browser = t.agent();
      const res = await browser
        .post('/api/auth/reset-password')
        .send({ token, newPassword: 'nytt-godt-passord', confirmPassword: 'nytt-godt-passord' })
        .expect(200);
      expect(res.body.user).toMatchObject({ claimed: true, passwordSet: true });
      expect((await t.ds.getRepository(User).findOneByOrFail({ id: user.id })).claimedAt).toBeInstanceOf(Date);
      await holder.get('/api/auth/me').expect(200, 'null');
      await browser.get('/api/auth/me').expect(200);
    });

    it('a first password needs a claimed address: refused before, allowed after using a link', async () => {
      const user = await createUser(t, { password: null });
      const browser = t.agent();
      // A session without a claim (as the receipt page opens for a new buyer).
      await browser
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      await t.ds.getRepository(User).update({ id: user.id }, { claimedAt: null });
      expect((await browser.get('/api/auth/me').expect(200)).body).toMatchObject({ claimed: false, passwordSet: false });
      const refused = await browser
        .post('/api/auth/password')
        .send({ newPassword: 'mitt-gode-passord', confirmPassword: 'mitt-gode-passord' })
        .expect(403);
      expect(refused.body).toEqual({ statusCode: 403, code: 'CLAIM_REQUIRED', message: CLAIM_REQUIRED });
      expect((await t.ds.getRepository(User).findOneByOrFail({ id: user.id })).passwordHash).toBeNull();

      await browser
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      expect((await browser.get('/api/auth/me').expect(200)).body).toMatchObject({ claimed: true });
      await browser
        .post('/api/auth/password')
        .send({ newPassword: 'mitt-gode-passord', confirmPassword: 'mitt-gode-passord' })
        .expect(200);
      await t.http().post('/api/auth/login').send({ email: user.email, password: 'mitt-gode-passord' }).expect(200);
    });
  });

  describe('the calendar feed’s secret address', () => {
    const feedPath = async (agent: ReturnType<TestApp['agent']>): Promise<string> =>
      new URL((await agent.get('/api/account/calendar').expect(200)).body.feedUrl as string).pathname;

    it('a claim, a password change and a completed reset each give the feed a new address; the old one answers 404', async () => {
      // A copy of the feed's address taken by a session on the unproved address dies with the claim.
      const user = await createUser(t, { password: null });
      const holder = t.agent();
      await holder
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      await t.ds.getRepository(User).update({ id: user.id }, { claimedAt: null });
      const held = await feedPath(holder);
      await t.http().get(held).expect(200);

      const owner = t.agent();
      await owner
        .post('/api/auth/token-login')
        .send({ token: await t.app.get(LoginTokensService).issue(user.id) })
        .expect(200);
      await t.http().get(held).expect(404);
      const afterClaim = await feedPath(owner);
      expect(afterClaim).not.toBe(held);
      await t.http().get(afterClaim).expect(200);

      // A first password, then a change of it.
      await owner
        .post('/api/auth/password')
        .send({ newPassword: 'eierens-passord-1', confirmPassword: 'eierens-passord-1' })
        .expect(200);
      const afterFirst = await feedPath(owner);
      await owner
        .post('/api/auth/password')
        .send({ currentPassword: 'eierens-passord-1', newPassword: 'eierens-passord-2', confirmPassword: 'eierens-passord-2' })
        .expect(200);
      await t.http().get(afterFirst).expect(404);
      const afterChange = await feedPath(owner);
      expect(afterChange).not.toBe(afterFirst);

      // A completed reset.
      const token = await t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
      const browser = t.agent();
      await browser
        .post('/api/auth/reset-password')
        .send({ token, newPassword: 'eierens-passord-3', confirmPassword: 'eierens-passord-3' })
        .expect(200);
      await t.http().get(afterChange).expect(404);
      await t
        .http()
        .get(await feedPath(browser))
        .expect(200);
    });

    it('a wrong current password changes nothing: the feed keeps its address', async () => {
      const { agent } = await loginAs(t, { password: 'eget-passord-9' });
      const before = await feedPath(agent);
      await agent
        .post('/api/auth/password')
        .send({ currentPassword: 'feil-passord-0', newPassword: 'nytt-passord-9', confirmPassword: 'nytt-passord-9' })
        .expect(400);
      expect(await feedPath(agent)).toBe(before);
      await t.http().get(before).expect(200);
    });
  });

  describe('a link opened while signed in as another account', () => {
    it('asks first (409 ACCOUNT_SWITCH, the link stays unused), and switches when told to', async () => {
      const { agent, user: me } = await loginAs(t);
      const other = await createUser(t, { password: null });
      const token = await t.app.get(LoginTokensService).issue(other.id, 7 * 86400_000);

      const asked = await agent.post('/api/auth/token-login').send({ token }).expect(409);
      expect(asked.body).toEqual({
        statusCode: 409,
        code: 'ACCOUNT_SWITCH',
        message: 'Du er logget inn med en annen konto. Vil du logge ut av den og bruke lenken?',
      });
      expect((await t.ds.getRepository(LoginToken).findOneByOrFail({ tokenHash: sha256(token) })).usedAt).toBeNull();
      expect((await agent.get('/api/auth/me').expect(200)).body.email).toBe(me.email);

      const switched = await agent.post('/api/auth/token-login').send({ token, switchAccount: true }).expect(200);
      expect(switched.body.user.email).toBe(other.email);
      expect((await agent.get('/api/auth/me').expect(200)).body.email).toBe(other.email);
      expect(await t.ds.getRepository(Session).countBy({ userId: me.id })).toBe(0);

      // A link of the account already signed in just signs in; an unknown link is refused as before.
      const mine = await t.app.get(LoginTokensService).issue(other.id);
      expect((await agent.post('/api/auth/token-login').send({ token: mine }).expect(200)).body.user.email).toBe(other.email);
      await agent
        .post('/api/auth/token-login')
        .send({ token: 'x'.repeat(43) })
        .expect(401);
      const notBoolean = await agent.post('/api/auth/token-login').send({ token: mine, switchAccount: 'ja' }).expect(400);
      expect(notBoolean.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Ugyldig valg for kontobytte' });
    });
  });

  describe('the receipt’s sign-in link', () => {
    it('goes to the account’s stored address, never to a differently written address on the order', async () => {
      const owner = await createUser(t, { password: null });
      const typed = uniqueEmail('skrevet');
      // An order whose typed address the database matched to the owner's account.
      const order = await insertOrder(t, { userId: owner.id, email: typed, firstName: 'Ola', provider: 'stripe' });
      const paid = {
        orderId: order.id,
        userId: owner.id,
        email: typed,
        courseId: 'foundation',
        amountOre: 199700,
        created: false,
      };
      // The receipt's mail is queued on `receipt.issued`, in the payment's transaction.
      await t.ds.transaction((m) => t.app.get(EventBus).emitInTransaction('receipt.issued', paid, m));
      await worker.drain();
      expect(sink.to(typed)).toHaveLength(0);
      const mails = sink.to(owner.email);
      expect(mails).toHaveLength(1);
      const link = linkIn(mails[0].text, SIGN_IN);
      const res = await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(200);
      expect(res.body.user.email).toBe(owner.email);
    });
  });
});

describe('promoting ADMIN_EMAIL at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sets ADMIN_PASSWORD as the password, ends the account’s sessions and marks it claimed', async () => {
    const { agent, user, password } = await loginAs(t, { password: 'studentens-passord' });
    const other = await createUser(t, { password: null });
    const token = await t.app.get(LoginTokensService).issue(user.id, 7 * 86400_000);
    await t.ds.getRepository(User).update({ id: user.id }, { claimedAt: null });
    await t.ds.getRepository(User).update({ id: other.id }, { claimedAt: null });

    const second = await startTestApp(
      { ADMIN_EMAIL: user.email, ADMIN_PASSWORD: 'mentorens-passord-1' },
      { db: { ...t.db, drop: async () => undefined } },
    );
    try {
      const promoted = await t.ds.getRepository(User).findOneByOrFail({ id: user.id });
      expect(promoted.role).toBe('admin');
      expect(promoted.claimedAt).toBeInstanceOf(Date);
      await agent.get('/api/auth/me').expect(200, 'null');
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(0);
      // Links mailed before the promotion no longer open the account.
      await t.http().post('/api/auth/token-login').send({ token }).expect(401);
      await t.http().post('/api/auth/login').send({ email: user.email, password }).expect(401);
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: 'mentorens-passord-1' }).expect(200);
      expect(res.body.user.role).toBe('admin');
      expect((await t.ds.getRepository(User).findOneByOrFail({ id: other.id })).claimedAt).toBeNull();
    } finally {
      await second.close();
    }
  });
});

describe('the migration that adds claims', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(buildDataSourceOptions({ databaseUrl: db.url })).initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('counts existing accounts with a password, or whose owner used a one-time link, as claimed; others not', async () => {
    // The schema as it was before claims.
    await runMigrations(ds);
    const executed = async (): Promise<string[]> =>
      (await ds.query('SELECT name FROM migrations')).map((r: { name: string }) => r.name);
    while ((await executed()).includes('UserClaimedAt1795400000000')) await ds.undoLastMigration({ transaction: 'each' });

    const at = (iso: string) => new Date(iso);
    const user = (email: string, passwordHash: string | null, passwordChangedAt: Date | null) => ({
      email,
      passwordHash,
      role: 'student',
      createdAt: at('2026-01-01T10:00:00Z'),
      updatedAt: at('2026-01-01T10:00:00Z'),
      passwordChangedAt,
    });
    await ds
      .createQueryBuilder()
      .insert()
      .into('users', ['email', 'passwordHash', 'role', 'createdAt', 'updatedAt', 'passwordChangedAt'])
      .values([
        user('passord@example.no', 'hash', at('2026-02-01T10:00:00Z')),
        user('lenke@example.no', null, null),
        user('ubrukt@example.no', null, null),
        user('ingenting@example.no', null, null),
      ])
      .execute();
    const ids: Record<string, number> = Object.fromEntries(
      (await ds.createQueryBuilder().select(['id', 'email']).from('users', 'u').getRawMany<{ id: number; email: string }>()).map(
        (r) => [r.email, Number(r.id)],
      ),
    );
    const token = (userId: number, usedAt: Date | null, n: number) => ({
      tokenHash: sha256(`token-${n}`),
      userId,
      purpose: 'login',
      createdAt: at('2026-01-02T10:00:00Z'),
      expiresAt: at('2026-01-09T10:00:00Z'),
      usedAt,
    });
    await ds
      .createQueryBuilder()
      .insert()
      .into('login_tokens', ['tokenHash', 'userId', 'purpose', 'createdAt', 'expiresAt', 'usedAt'])
      .values([
        token(ids['lenke@example.no'], at('2026-01-03T10:00:00Z'), 1),
        token(ids['lenke@example.no'], at('2026-01-04T10:00:00Z'), 2),
        token(ids['ubrukt@example.no'], null, 3),
      ])
      .execute();

    await runMigrations(ds);
    const claimed = Object.fromEntries(
      (await ds.getRepository(User).find()).map((u) => [u.email, u.claimedAt?.toISOString() ?? null]),
    );
    expect(claimed).toEqual({
      'passord@example.no': '2026-02-01T10:00:00.000Z',
      'lenke@example.no': '2026-01-03T10:00:00.000Z',
      'ubrukt@example.no': null,
      'ingenting@example.no': null,
    });
  });
});
