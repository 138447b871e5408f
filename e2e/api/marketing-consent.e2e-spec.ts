import { MARKETING_CONSENT_TEXT, MARKETING_CONSENT_VERSION } from '@academy/contracts';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { UnsubscribeService } from '../../backend/src/outbox/unsubscribe.service';
import type { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { Subscriber } from '../../backend/src/marketing/entities/subscriber.entity';
import { MarketingRunner } from '../../backend/src/marketing/marketing.runner';
import { adminAgent } from './admin-helpers';
import { useMailApp } from './support/mail-app';
import { confirmByLink } from './support/marketing-confirm';
import { linkIn, type SmtpSink, type SunkMail } from './support/smtp-sink';
import { checkoutForm } from './support/payments-app';
import { createUser, signInByLink, uniqueEmail, type TestApp } from './support/test-app';

const PUBLIC_URL = 'http://localhost:3000';
const CONFIRM = `${PUBLIC_URL}/api/marketing/confirm?`;
const UNSUBSCRIBE = `${PUBLIC_URL}/api/unsubscribe?`;

describe('marketing consent: the box, double opt-in, soft opt-in, one-click unsubscribe, export and erasure', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let worker: OutboxWorker;
  useMailApp({ MARKETING_POLL_INTERVAL_MS: '0', PRIVACY_EMAIL: 'personvern@example.no' }, (app) => ({ t, sink, worker } = app));

  const subscriber = (email: string) => t.ds.getRepository(Subscriber).findOneBy({ email });
  const lead = (body: Record<string, unknown>) =>
    t
      .http()
      .post('/api/leads')
      .set('x-forwarded-for', '203.0.113.9')
      .send({ courseType: 'starter', source: '/b', ...body });

  /** The signed unsubscribe link of an address, as a path. */
  const unsubscribeLink = (email: string) => t.app.get(UnsubscribeService).url(email).slice(PUBLIC_URL.length);

  async function mailsTo(email: string): Promise<SunkMail[]> {
    await worker.drain();
    return sink.to(email);
  }

  async function confirmLink(email: string): Promise<string> {
    const mails = (await mailsTo(email)).filter((m) => m.subject.startsWith('Bekreft'));
    expect(mails).toHaveLength(1);
    return linkIn(mails[0].text, CONFIRM);
  }

  /** A broadcast to everyone, sent now and pushed through the outbox. */
  async function broadcastToAll(subject: string): Promise<void> {
    const { agent } = await adminAgent(t);
    const created = await agent
      .post('/api/admin/broadcasts')
      .send({ subject, body: 'Hei! **Nytt** kurs: [se her](https://example.no/kurs)', segment: { audience: 'all' } })
      .expect(201);
    await agent.post(`/api/admin/broadcasts/${created.body.id}/send`).send({}).expect(200);
    await t.app.get(MarketingRunner).runOnce();
    await worker.drain();
  }

  it('a lead without the box is stored as before and gets no marketing consent and no confirmation mail', async () => {
    const email = uniqueEmail('uten');
    await lead({ email }).expect(201);
    expect(await subscriber(email)).toBeNull();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('with the box: pending with text, version, time, page and client address; the mailed link makes it subscribed', async () => {
    const email = uniqueEmail('samtykke');
    await lead({ email, marketingConsent: true, trafficSource: 'B' }).expect(201);
    const row = (await subscriber(email))!;
    expect(row).toMatchObject({
      status: 'pending',
      consentText: MARKETING_CONSENT_TEXT,
      consentVersion: MARKETING_CONSENT_VERSION,
      consentSource: '/b',
      isLead: true,
      confirmedAt: null,
    });
    expect(row.consentText).toBe('Ja takk, send meg gratis tips og tilbud på e-post. Du kan melde deg av når som helst.');
    expect(row.consentAt).toBeInstanceOf(Date);
    expect(row.consentIp).toEqual(expect.any(String));
    expect(row.variants).toContain(',B,');
    expect(row.variants).toContain(',starter,');

    const link = await confirmLink(email);
    const path = link.slice(PUBLIC_URL.length);
    // The signature's first character changed (to another one: a signature may well start with "x").
    const tampered = path.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`);
    // A tampered link does nothing, opened or posted.
    const bad = await t.http().get(tampered).expect(400);
    expect(bad.text).toContain('Bekreftelseslenken er ugyldig eller utløpt');
    await t.http().post(tampered).type('form').send({}).expect(400);
    const forged = Object.fromEntries(new URL(link).searchParams);
    await t
      .http()
      .post('/api/marketing/confirm')
      .type('form')
      .send({ ...forged, sig: `${forged.sig.slice(0, -1)}${forged.sig.endsWith('A') ? 'B' : 'A'}` })
      .expect(400);
    await t
      .http()
      .post('/api/marketing/confirm')
      .type('form')
      .send({ ...forged, email: uniqueEmail('annen') })
      .expect(400);
    expect((await subscriber(email))!.status).toBe('pending');
    // Opening the link (as a mail scanner that fetches every link does, e.g. Outlook Safe Links) only
    // shows the button: the address stays pending however often it is fetched.
    for (let i = 0; i < 2; i++) {
      const page = await t.http().get(path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('<button type="submit">Bekreft påmeldingen</button>');
      expect(page.text).toContain('action="/api/marketing/confirm"');
      expect(page.text).not.toContain('Takk, du er påmeldt!');
    }
    expect(await subscriber(email)).toMatchObject({ status: 'pending', confirmedAt: null });
    // Pressing the button (a form POST of the link's fields) confirms.
    const page = await confirmByLink(t, link);
    expect(page.text).toContain(email);
    const after = (await subscriber(email))!;
    expect(after.status).toBe('subscribed');
    expect(after.confirmedAt).toBeInstanceOf(Date);
    // Using it again changes nothing: the link shows the thank-you page at once, a second press too.
    const again = await t.http().get(path).expect(200);
    expect(again.text).toContain('Takk, du er påmeldt!');
    expect(again.text).not.toContain('<form');
    await t.http().post('/api/marketing/confirm').type('form').send(forged).expect(200);
    expect((await subscriber(email))!.confirmedAt).toEqual(after.confirmedAt);
  });

  it("with the box, from an address that has an account (JSON and the form): the subscriber is that account's", async () => {
    // The lead form does not know the account (its INSERT links the lead in SQL): marketing asks identity.
    const user = await createUser(t);
    await lead({ email: user.email.toUpperCase(), marketingConsent: true }).expect(201);
    expect(await subscriber(user.email)).toMatchObject({ status: 'pending', userId: user.id, isLead: true });
    const other = await createUser(t);
    await t
      .http()
      .post('/')
      .type('form')
      .send({
        'form-name': 'lead-capture',
        email: other.email,
        'course-type': 'starter',
        source: '/c',
        'marketing-consent': 'on',
      })
      .expect(303);
    expect(await subscriber(other.email)).toMatchObject({ status: 'pending', userId: other.id });
    // An address without an account stays without one.
    const none = uniqueEmail('uten-konto');
    await lead({ email: none, marketingConsent: true }).expect(201);
    expect(await subscriber(none)).toMatchObject({ status: 'pending', userId: null });
  });

  it('the button may post the link as it is (the fields in the query); a link from before a newer tick does not work', async () => {
    const email = uniqueEmail('spor');
    await lead({ email, marketingConsent: true }).expect(201);
    const path = (await confirmLink(email)).slice(PUBLIC_URL.length);
    // A newer consent (a new tick more than an hour later) makes the first link useless.
    const row = (await subscriber(email))!;
    await t.ds
      .getRepository(Subscriber)
      .update({ id: row.id }, { confirmSentAt: new Date(row.confirmSentAt!.getTime() - 2 * 3600_000) });
    await lead({ email, marketingConsent: true }).expect(201);
    const mails = (await mailsTo(email)).filter((m) => m.subject.startsWith('Bekreft'));
    expect(mails).toHaveLength(2);
    await t.http().get(path).expect(400);
    await t.http().post(path).type('form').send('').expect(400);
    expect((await subscriber(email))!.status).toBe('pending');
    const current = linkIn(mails[1].text, CONFIRM).slice(PUBLIC_URL.length);
    const done = await t.http().post(current).type('form').send('').expect(200);
    expect(done.text).toContain('Takk, du er påmeldt!');
    expect((await subscriber(email))!.status).toBe('subscribed');
  });

  it('ticking again while pending does not flood the mailbox (one confirmation per hour)', async () => {
    const email = uniqueEmail('igjen');
    await lead({ email, marketingConsent: true }).expect(201);
    await lead({ email, marketingConsent: true }).expect(201);
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Bekreft'))).toHaveLength(1);
  });

  it('marketingConsent must be a boolean (400 with a clear message); the form fallback takes marketing-consent=on', async () => {
    const bad = await lead({ email: uniqueEmail('feil'), marketingConsent: 'ja' }).expect(400);
    expect(bad.body.message).toMatch(/marketingConsent/);
    const email = uniqueEmail('skjema');
    await t
      .http()
      .post('/')
      .type('form')
      .send({ 'form-name': 'lead-capture', email, 'course-type': 'starter', source: '/c', 'marketing-consent': 'on' })
      .expect(303);
    expect(await subscriber(email)).toMatchObject({ status: 'pending', consentSource: '/c' });
    const without = uniqueEmail('skjema-uten');
    await t
      .http()
      .post('/')
      .type('form')
      .send({ 'form-name': 'lead-capture', email: without, 'course-type': 'starter', source: '/c' })
      .expect(303);
    expect(await subscriber(without)).toBeNull();
  });

  it('the free sign-up takes marketingConsent too (the account is remembered); false records nothing', async () => {
    const email = uniqueEmail('signup');
    await t
      .http()
      .post('/api/create-user')
      .send({ email, courseType: 'starter', trafficSource: 'A', marketingConsent: true })
      .expect(200);
    const row = (await subscriber(email))!;
    expect(row).toMatchObject({ status: 'pending', consentSource: 'A' });
    expect(row.userId).toEqual(expect.any(Number));
    const no = uniqueEmail('signup-nei');
    await t
      .http()
      .post('/api/create-user')
      .send({ email: no, courseType: 'starter', trafficSource: 'A', marketingConsent: false })
      .expect(200);
    expect(await subscriber(no)).toBeNull();
    await t
      .http()
      .post('/api/create-user')
      .send({ email: no, courseType: 'starter', trafficSource: 'A', marketingConsent: 1 })
      .expect(400);
  });

  it('a buyer becomes a customer (soft opt-in) and the receipt carries the opt-out link', async () => {
    const email = uniqueEmail('kjoper');
    await t
      .agent()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, firstName: 'Kari' }))
      .expect(201);
    await worker.drain();
    expect((await subscriber(email))!.status).toBe('customer');
    const receipt = sink.to(email).find((m) => m.subject.startsWith('Kvittering'))!;
    expect(receipt.text).toContain('Som kunde kan du få tips og tilbud fra oss på e-post');
    const optOut = linkIn(receipt.text, UNSUBSCRIBE);
    await t.http().post(optOut.slice(PUBLIC_URL.length)).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await subscriber(email))!.status).toBe('unsubscribed');
    // A later purchase does not put an address that opted out back on the list.
    await t
      .agent()
      .post('/api/checkout/sessions')
      .send(checkoutForm({ courseId: 'accelerator', email, firstName: 'Kari' }))
      .expect(201);
    await worker.drain();
    expect((await subscriber(email))!.status).toBe('unsubscribed');
  });

  it('marketing mail: List-Unsubscribe (https and mailto), List-Unsubscribe-Post, a visible link; POST unsubscribes without a page; the page has an undo', async () => {
    const email = uniqueEmail('avmeld');
    await lead({ email, marketingConsent: true }).expect(201);
    await confirmByLink(t, await confirmLink(email));
    sink.clear();
    await broadcastToAll('Månedens tips');
    const m = sink.to(email).find((x) => x.subject === 'Månedens tips')!;
    expect(m).toBeDefined();
    const visible = linkIn(m.text, UNSUBSCRIBE);
    expect(m.html).toContain(`href="${visible.replace(/&/g, '&amp;')}"`);
    expect(m.headers['list-unsubscribe']).toBe(
      `<${visible}>, <mailto:personvern@example.no?subject=${encodeURIComponent(`Avmelding ${email}`)}>`,
    );
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(m.text).toContain('Nytt kurs: se her');
    expect(m.html).toContain('<strong>Nytt</strong>');
    expect(m.html).not.toMatch(/<img/i);

    // RFC 8058: one POST, no page.
    const oneClick = await t
      .http()
      .post(visible.slice(PUBLIC_URL.length))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(oneClick.text).toBe('');
    expect((await subscriber(email))!.status).toBe('unsubscribed');

    // The page's button says so and offers the undo, which puts the address back as it was.
    const page = await t.http().post(visible.slice(PUBLIC_URL.length)).type('form').send('unsubscribe=1').expect(200);
    expect(page.text).toContain('Du er meldt av');
    expect(page.text).toContain('Angre avmeldingen');
    const undo = await t.http().post(visible.slice(PUBLIC_URL.length)).type('form').send('undo=1').expect(200);
    expect(undo.text).toContain('Du er påmeldt igjen');
    expect((await subscriber(email))!.status).toBe('subscribed');
    // Opening the link again (a mail scanner) changes nothing; its button does.
    await t.http().get(visible.slice(PUBLIC_URL.length)).expect(200);
    expect((await subscriber(email))!.status).toBe('subscribed');
    await t.http().post(visible.slice(PUBLIC_URL.length)).type('form').send('unsubscribe=1').expect(200);
    expect((await subscriber(email))!.status).toBe('unsubscribed');
    // A forged undo does nothing.
    await t
      .http()
      .post(`/api/unsubscribe?email=${encodeURIComponent(email)}&sig=forged`)
      .type('form')
      .send('undo=1')
      .expect(400);
    expect((await subscriber(email))!.status).toBe('unsubscribed');
  });

  it('no marketing mail to an unconfirmed, unsubscribed, bounced or deleted address, nor one that left after it was queued', async () => {
    const confirmed = uniqueEmail('bekreftet');
    const pending = uniqueEmail('ubekreftet');
    const left = uniqueEmail('avmeldt');
    const bounced = uniqueEmail('avvist');
    const late = uniqueEmail('sen');
    for (const email of [confirmed, left, bounced, late]) {
      await lead({ email, marketingConsent: true }).expect(201);
      await confirmByLink(t, await confirmLink(email));
    }
    await lead({ email: pending, marketingConsent: true }).expect(201);
    // `left` unsubscribes through the signed link's button, `bounced` bounces.
    await t.http().post(unsubscribeLink(left)).type('form').send('unsubscribe=1').expect(200);
    await t.ds.getRepository(Subscriber).update({ email: bounced }, { status: 'bounced' });
    // A deleted account takes its consent with it.
    const deleted = uniqueEmail('slettet');
    await t
      .http()
      .post('/api/create-user')
      .send({ email: deleted, courseType: 'starter', trafficSource: 'A', marketingConsent: true })
      .expect(200);
    await confirmByLink(t, await confirmLink(deleted));
    const deletedUser = await t.ds.getRepository(User).findOneByOrFail({ email: deleted });
    const owner = await signInByLink(t, deletedUser);
    await owner.delete('/api/account').send({ confirmEmail: deleted }).expect(200);
    expect(await subscriber(deleted)).toBeNull();

    // `late` is queued, then unsubscribes before the worker gets to it.
    const { agent } = await adminAgent(t);
    const created = await agent
      .post('/api/admin/broadcasts')
      .send({ subject: 'Kun for de som vil', body: 'Hei', segment: { audience: 'all' } })
      .expect(201);
    await agent.post(`/api/admin/broadcasts/${created.body.id}/send`).send({}).expect(200);
    sink.clear();
    await t.app.get(MarketingRunner).runOnce();
    const queued = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'broadcast', subject: 'Kun for de som vil' });
    expect(queued.map((q) => q.toAddress)).toEqual(expect.arrayContaining([confirmed, late]));
    expect(queued.map((q) => q.toAddress)).not.toEqual(expect.arrayContaining([pending]));
    await t.http().post(unsubscribeLink(late)).type('form').send('unsubscribe=1').expect(200);
    await worker.drain();
    const got = sink.messages.filter((x) => x.subject === 'Kun for de som vil').flatMap((x) => x.to);
    expect(got).toContain(confirmed);
    for (const no of [pending, left, bounced, deleted, late]) expect(got).not.toContain(no);
    const lateRow = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ kind: 'broadcast', toAddress: late });
    expect(lateRow.status).toBe('failed');
  });

  it('the data export shows the consent as recorded; deleting the account removes it', async () => {
    const email = uniqueEmail('eksport');
    await t
      .http()
      .post('/api/create-user')
      .send({ email, courseType: 'starter', trafficSource: 'C', marketingConsent: true })
      .expect(200);
    await confirmByLink(t, await confirmLink(email));
    const row = (await subscriber(email))!;
    const user = await t.ds.getRepository(User).findOneByOrFail({ id: row.userId! });
    const agent = await signInByLink(t, user);
    const exp = await agent.get('/api/account/export').expect(200);
    expect(exp.body.marketing).toMatchObject({
      email,
      status: 'subscribed',
      consentText: MARKETING_CONSENT_TEXT,
      consentVersion: MARKETING_CONSENT_VERSION,
      consentSource: 'C',
      confirmedAt: expect.any(String),
    });
    await agent.delete('/api/account').send({ confirmEmail: email }).expect(200);
    expect(await subscriber(email)).toBeNull();
  });

  // Last: it turns every address on the list into a bounced one.
  it('an address the mail server refuses for good (5xx) is marked bounced and gets no marketing again', async () => {
    const email = uniqueEmail('bounce');
    await lead({ email, marketingConsent: true }).expect(201);
    await confirmByLink(t, await confirmLink(email));
    sink.setMode('reject');
    await broadcastToAll('Første forsøk');
    sink.setMode('accept');
    expect((await subscriber(email))!.status).toBe('bounced');
    sink.clear();
    await broadcastToAll('Andre forsøk').catch(() => undefined);
    expect(sink.to(email)).toHaveLength(0);
  });
});
