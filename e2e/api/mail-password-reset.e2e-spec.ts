import { IsNull } from 'typeorm';
import { LoginToken } from '../../backend/src/identity/entities/login-token.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { tokenOf, useMailApp } from './support/mail-app';
import { linkIn, type SmtpSink } from './support/smtp-sink';
import { createUser, loginAs, startTestApp, TestApp, uniqueEmail } from './support/test-app';

const NEUTRAL =
  'Hvis e-postadressen er registrert hos oss, får du snart en e-post med en lenke for å lage nytt passord. Lenken gjelder i 1 time.';
const INVALID = 'Lenken for nytt passord er ugyldig, brukt eller utløpt. Be om en ny lenke.';
const PUBLIC_URL = 'http://localhost:3000';

describe("forgotten password ('Glemt passord?')", () => {
  let sink: SmtpSink;
  let t: TestApp;
  let worker: OutboxWorker;
  useMailApp(
    { PASSWORD_RESET_LIMIT_PER_IP: '100000', PASSWORD_RESET_LIMIT_PER_ADDRESS: '1000' },
    (app) => ({ t, sink, worker } = app),
  );

  /** Asks for a link and returns its token (read from the mail the SMTP server received). */
  async function requestLink(email: string): Promise<string> {
    await t.http().post('/api/auth/forgot-password').send({ email }).expect(200);
    await worker.drain();
    const m = sink.to(email).at(-1);
    if (!m) throw new Error(`no mail to ${email}`);
    return tokenOf(linkIn(m.text, `${PUBLIC_URL}/tilbakestill-passord#token=`));
  }

  it('a known address gets a Norwegian mail with a one-time link; using it sets the password, ends other sessions and signs in', async () => {
    const { agent: otherDevice, user } = await loginAs(t, { password: 'gammelt-passord' });
    const res = await t
      .http()
      .post('/api/auth/forgot-password')
      .send({ email: `  ${user.email.toUpperCase()} ` })
      .expect(200);
    expect(res.body).toEqual({ message: NEUTRAL });
    await worker.drain();
    const mails = sink.to(user.email);
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(m.subject).toBe('Nytt passord hos Trading Akademiet');
    expect(m.text).toContain(`Vi har fått en forespørsel om nytt passord for ${user.email}.`);
    expect(m.text).toContain('Lenken gjelder i 1 time og kan brukes én gang.');
    // CONTACT_EMAIL is not set here: its placeholder is never shown as if it were a real mailbox (issue 33).
    expect(m.text).toContain(`--\nHilsen Trading Akademiet\n${PUBLIC_URL}\n`);
    expect(m.text).not.toContain('kontakt@example.com');
    const link = linkIn(m.text, `${PUBLIC_URL}/tilbakestill-passord#token=`);
    expect(m.html).toContain(`href="${link}"`);
    const token = tokenOf(link);
    // The token row: purpose reset, expires in one hour.
    const row = await t.ds.getRepository(LoginToken).findOneByOrFail({ userId: user.id, purpose: 'reset' });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3600_000);

    const browser = t.agent();
    const reset = await browser
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
      .expect(200);
    expect(reset.body).toMatchObject({
      message: 'Nytt passord er lagret. Du er nå logget inn.',
      user: { email: user.email, passwordSet: true },
    });
    await browser.get('/api/auth/me').expect(200);
    await otherDevice.get('/api/auth/me').expect(200, 'null');
    await t.http().post('/api/auth/login').send({ email: user.email, password: 'gammelt-passord' }).expect(401);
    await t.http().post('/api/auth/login').send({ email: user.email, password: 'nytt-passord' }).expect(200);

    // The link works once.
    const again = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'tredje-passord', confirmPassword: 'tredje-passord' })
      .expect(400);
    expect(again.body).toEqual({ statusCode: 400, code: 'INVALID_TOKEN', message: INVALID });
    await t.http().post('/api/auth/login').send({ email: user.email, password: 'nytt-passord' }).expect(200);
  });

  it('an unknown address gets the same answer, and nothing is written or sent', async () => {
    const email = uniqueEmail('ukjent');
    const tokensBefore = await t.ds.getRepository(LoginToken).count();
    const res = await t.http().post('/api/auth/forgot-password').send({ email }).expect(200);
    expect(res.body).toEqual({ message: NEUTRAL });
    await worker.drain();
    expect(sink.messages).toHaveLength(0);
    expect(await t.ds.getRepository(LoginToken).count()).toBe(tokensBefore);
    expect(await t.ds.getRepository(OutboxMessage).countBy({ toAddress: email })).toBe(0);
  });

  it('an expired link is refused; a new one works', async () => {
    const user = await createUser(t, { password: 'hemmelig123' });
    const token = await requestLink(user.email);
    await t.ds
      .getRepository(LoginToken)
      .update({ userId: user.id, purpose: 'reset' }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
      .expect(400);
    expect(res.body).toMatchObject({ code: 'INVALID_TOKEN', message: INVALID });
    const fresh = await requestLink(user.email);
    await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token: fresh, newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
      .expect(200);
  });

  it('using one link voids the other reset links and the sign-in links of the account', async () => {
    const user = await createUser(t, { password: null });
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(first).not.toBe(second);
    const signInToken = await t.app.get(LoginTokensService).issue(user.id, 7 * 86400_000, 'login');
    await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token: second, newPassword: 'forste-passord', confirmPassword: 'forste-passord' })
      .expect(200);
    await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token: first, newPassword: 'annet-passord', confirmPassword: 'annet-passord' })
      .expect(400);
    await t.http().post('/api/auth/token-login').send({ token: signInToken }).expect(401);
    expect(await t.ds.getRepository(LoginToken).countBy({ userId: user.id, usedAt: IsNull() })).toBe(0);
    // A passwordless account (a buyer) now has its first password.
    await t.http().post('/api/auth/login').send({ email: user.email, password: 'forste-passord' }).expect(200);
  });

  it('a mismatch, a short or a common password is refused and does not use up the link', async () => {
    const user = await createUser(t);
    const token = await requestLink(user.email);
    const mismatch = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'nytt-passord', confirmPassword: 'nytt-passordX' })
      .expect(400);
    expect(mismatch.body).toEqual({ statusCode: 400, code: 'PASSWORD_MISMATCH', message: 'Passordene stemmer ikke overens' });
    const short = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token, newPassword: '1234567', confirmPassword: '1234567' })
      .expect(400);
    expect(short.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Passord må være minst 8 tegn' });
    const common = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'password1', confirmPassword: 'password1' })
      .expect(400);
    expect(common.body).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: 'Passordet er for vanlig. Velg et annet.' });
    await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token, newPassword: '12345abcd', confirmPassword: '12345abcd' })
      .expect(200);
  });

  it('bad input answers 4xx in the error shape: a bad e-mail, a missing or garbage token, unknown fields, a form post', async () => {
    const bad = await t.http().post('/api/auth/forgot-password').send({ email: 'ikke-en-adresse' }).expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Skriv inn en gyldig e-postadresse' });
    const missing = await t.http().post('/api/auth/forgot-password').send({}).expect(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'E-post er påkrevd' });
    const extra = await t.http().post('/api/auth/forgot-password').send({ email: 'a@b.no', admin: true }).expect(400);
    expect(extra.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Ukjent felt: admin' });
    const noToken = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
      .expect(400);
    expect(noToken.body).toMatchObject({ code: 'VALIDATION_FAILED', message: INVALID });
    const garbage = await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token: 'x'.repeat(43), newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' })
      .expect(400);
    expect(garbage.body).toEqual({ statusCode: 400, code: 'INVALID_TOKEN', message: INVALID });
    await t.http().post('/api/auth/forgot-password').type('form').send('email=a@b.no').expect(415);
  });
});

describe('forgotten password: rate limits (per address and per client)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      MAIL_POLL_INTERVAL_MS: '0',
      PASSWORD_RESET_LIMIT_PER_ADDRESS: '2',
      PASSWORD_RESET_LIMIT_PER_IP: '7',
    });
  });
  afterAll(() => t.close());

  it('an address is limited whether or not it has an account, then the client address', async () => {
    const known = (await createUser(t)).email;
    const unknown = uniqueEmail('ukjent');
    for (const email of [known, unknown]) {
      await t.http().post('/api/auth/forgot-password').send({ email }).expect(200);
      await t.http().post('/api/auth/forgot-password').send({ email }).expect(200);
      const limited = await t.http().post('/api/auth/forgot-password').send({ email }).expect(429);
      expect(limited.body).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: 'For mange forsøk. Vent litt og prøv igjen.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Six requests from this client so far: the seventh passes, the eighth is over the limit of 7.
    await t
      .http()
      .post('/api/auth/forgot-password')
      .send({ email: uniqueEmail('tredje') })
      .expect(200);
    const other = await t
      .http()
      .post('/api/auth/forgot-password')
      .send({ email: uniqueEmail('fjerde') })
      .expect(429);
    expect(other.body.code).toBe('TOO_MANY_REQUESTS');
    await t.app.get(OutboxWorker).drain();
    // Two mails for the known address; none for the others.
    expect(await t.ds.getRepository(OutboxMessage).countBy({ toAddress: known })).toBe(2);
    expect(await t.ds.getRepository(OutboxMessage).count()).toBe(2);
  });
});
