import { BackgroundTasks } from '../../backend/src/outbox/background-tasks';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { LoginToken } from '../../backend/src/identity/entities/login-token.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import type { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { tokenOf, useMailApp } from './support/mail-app';
import { linkIn, type SmtpSink, type SunkMail } from './support/smtp-sink';
import { loginAs, TestApp, uniqueEmail } from './support/test-app';

const PUBLIC_URL = 'http://localhost:3000';
const SIGN_IN = `${PUBLIC_URL}/auto-login#token=`;

const OSLO = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });
const OSLO_TIME = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });

function purchase(over: Record<string, unknown> = {}) {
  return {
    courseId: 'foundation',
    email: uniqueEmail('kjoper'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...over,
  };
}

describe('messages: welcome, unsubscribe, receipt after a demo purchase, refund', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let worker: OutboxWorker;
  useMailApp({ CONTACT_EMAIL: 'hjelp@example.no', SITE_NAME: 'Trading Akademiet' }, (app) => ({ t, sink, worker } = app));

  async function only(email: string): Promise<SunkMail> {
    await worker.drain();
    const mails = sink.to(email);
    expect(mails).toHaveLength(1);
    return mails[0];
  }

  describe('free Starter welcome after POST /api/create-user', () => {
    it('a new account gets one welcome: course link, a 7-day one-time sign-in link, unsubscribe link and header; the answer holds no token', async () => {
      const email = uniqueEmail('starter');
      const res = await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      expect(res.body).toEqual({ success: true });
      const m = await only(email);
      expect(m.subject).toBe('Velkommen til Trading Akademiet – Starter-kurset er klart');
      expect(m.text).toContain('Du har nå gratis tilgang til Starter-kurset.');
      expect(m.text).toContain(`${PUBLIC_URL}/course/starter`);
      expect(m.text).toContain('Hilsen Trading Akademiet');
      expect(m.text).toContain('hjelp@example.no');
      expect(m.html).toContain('mailto:hjelp@example.no');
      const link = linkIn(m.text, SIGN_IN);
      expect(link).toMatch(/&next=\/account\/settings$/);
      const unsubscribe = linkIn(m.text, `${PUBLIC_URL}/api/unsubscribe?`);
      expect(m.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);

      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      const row = (await t.ds.getRepository(LoginToken).findBy({ userId: user.id })).find(
        (r) => r.expiresAt.getTime() - r.createdAt.getTime() === 7 * 86400_000,
      );
      expect(row).toBeDefined();
      // The link signs in once.
      const browser = t.agent();
      const ok = await browser
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(200);
      expect(ok.body.user).toMatchObject({ email, passwordSet: false, courses: ['starter'] });
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(401);

      // Signing up again at once with the same address: no second welcome, no token.
      const again = await t
        .http()
        .post('/api/create-user')
        .send({ email, courseType: 'starter', trafficSource: 'A' })
        .expect(200);
      expect(again.body).toEqual({ success: true });
      await worker.drain();
      expect(sink.to(email)).toHaveLength(1);
    });

    it('an expired sign-in link is refused', async () => {
      const email = uniqueEmail('utlopt');
      await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'starter' }).expect(200);
      const link = linkIn((await only(email)).text, SIGN_IN);
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      await t.ds.getRepository(LoginToken).update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(401);
    });
  });

  describe('unsubscribe (the signed link: GET shows a button, POST unsubscribes; no login)', () => {
    const unsubscribedAt = async (email: string) =>
      (await t.ds.getRepository(Lead).findBy({ email })).map((l) => l.unsubscribedAt?.toISOString() ?? null);

    it('opening the link changes nothing (mail scanners follow links); its button marks every lead of the address unsubscribed, once', async () => {
      const email = uniqueEmail('avmeld');
      const other = uniqueEmail('annen');
      await t
        .http()
        .post('/api/leads')
        .send({ email, courseType: 'foundation', source: '/b' })
        .expect((r) => expect(r.status).toBeLessThan(300));
      await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      await t.http().post('/api/create-user').send({ email: other, courseType: 'starter', trafficSource: 'A' }).expect(200);
      const link = linkIn((await only(email)).text, `${PUBLIC_URL}/api/unsubscribe?`);
      const path = link.slice(PUBLIC_URL.length);

      // A scanner (or the person) opens the link, twice: a page with a button, nothing changed.
      for (let i = 0; i < 2; i++) {
        const page = await t.http().get(path).expect(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['cache-control']).toBe('no-store');
        expect(page.text).toContain('Meld deg av');
        expect(page.text).toContain(email);
        expect(page.text).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
        expect(page.text).toContain('<input type="hidden" name="unsubscribe" value="1">');
        expect(page.text).toContain('>Meld meg av</button>');
        expect(page.text).not.toContain('Du er meldt av');
      }
      expect(await unsubscribedAt(email)).toEqual([null, null]);

      // The button: a form post back to the same signed link.
      const res = await t.http().post(path).type('form').send('unsubscribe=1').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Du er meldt av');
      expect(res.text).toContain('Angre avmeldingen');
      const mine = await unsubscribedAt(email);
      expect(mine).toHaveLength(2);
      expect(mine.every((u) => u !== null)).toBe(true);
      expect(await unsubscribedAt(other)).toEqual([null]);

      const firstAt = await unsubscribedAt(email);
      await t.http().post(path).type('form').send('unsubscribe=1').expect(200);
      await t.http().get(path).expect(200);
      expect(await unsubscribedAt(email)).toEqual(firstAt);
    });

    it('the page looks like the site: its green buttons and links, not blue; the strict page headers', async () => {
      const email = uniqueEmail('farge');
      await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      await t.app.get(BackgroundTasks).settled();
      const path = linkIn((await only(email)).text, `${PUBLIC_URL}/api/unsubscribe?`).slice(PUBLIC_URL.length);
      for (const res of [await t.http().get(path).expect(200), await t.http().post(path).type('form').send('unsubscribe=1')]) {
        expect(res.text).toContain('background:#0f7d58');
        expect(res.text).toContain('a{color:#0b6b4b');
        expect(res.text).not.toMatch(/(background|color):(#2563eb|#0b5fb3)/);
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
    });

    it('a tampered, foreign or missing signature answers 400 with a Norwegian page and changes nothing', async () => {
      const email = uniqueEmail('offer');
      const attacker = uniqueEmail('angriper');
      await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' }).expect(200);
      await t.http().post('/api/create-user').send({ email: attacker, courseType: 'starter', trafficSource: 'A' }).expect(200);
      await worker.drain();
      const mine = new URL(linkIn(sink.to(attacker)[0].text, `${PUBLIC_URL}/api/unsubscribe?`));
      const sig = mine.searchParams.get('sig')!;
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      const tries = [
        `/api/unsubscribe?email=${encodeURIComponent(email)}&sig=${sig}`, // someone else's signature
        `/api/unsubscribe?email=${encodeURIComponent(attacker)}&sig=${flipped}`, // tampered
        `/api/unsubscribe?email=${encodeURIComponent(email)}`, // missing
        `/api/unsubscribe?email=${encodeURIComponent(email)}&sig=${sig}&sig=${sig}`, // repeated
        '/api/unsubscribe',
      ];
      for (const path of tries) {
        const res = await t.http().get(path).expect(400);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('Ugyldig avmeldingslenke');
        const button = await t.http().post(path).type('form').send('unsubscribe=1').expect(400);
        expect(button.text).toContain('Ugyldig avmeldingslenke');
        await t.http().post(path).type('form').send('List-Unsubscribe=One-Click').expect(400);
      }
      expect(await unsubscribedAt(email)).toEqual([null]);
      expect(await unsubscribedAt(attacker)).toEqual([null]);
    });
  });

  describe('receipt after a demo purchase', () => {
    it('course, amount incl. MVA, order number, Oslo date, guarantee and a one-time 7-day link to /account/settings', async () => {
      const b = purchase({ courseId: 'accelerator', paymentMethod: 'vipps', firstName: 'Kari' });
      await t.agent().post('/api/checkout/sessions').send(b).expect(201);
      const order = await t.ds.getRepository(Order).findOneByOrFail({ email: b.email });
      const m = await only(b.email);
      expect(m.subject).toMatch(new RegExp(`^Kvittering nr\\. \\d+: Accelerator \\(ordre ${order.id}\\)$`));
      expect(m.text).toContain('Takk for kjøpet, Kari!');
      expect(m.text).toMatch(new RegExp(`Ordrenummer:\\s+${order.id}\\n`));
      expect(m.text).toMatch(/Kurs:\s+Accelerator\n/);
      expect(m.text).toMatch(/Betalingsmåte:\s+Vipps\n/);
      expect(m.text).toMatch(/Totalt inkl\. MVA:\s+4 997,00 kr\n/);
      expect(m.text).toMatch(/MVA 25 %:\s+999,40 kr/);
      const paidAt = order.paidAt!;
      expect(m.text).toContain(`${OSLO.format(paidAt)} kl. ${OSLO_TIME.format(paidAt)}`);
      expect(m.text).toContain('30 dagers pengene-tilbake-garanti');
      expect(m.text).toContain(OSLO.format(new Date(paidAt.getTime() + 30 * 86400_000)));
      expect(m.html).toContain('4 997,00 kr');
      expect(m.html).toContain('Accelerator');
      const link = linkIn(m.text, SIGN_IN);
      expect(link).toBe(`${SIGN_IN}${tokenOf(link)}&next=/account/settings`);
      expect(m.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      const long = (await t.ds.getRepository(LoginToken).findBy({ userId: order.userId! })).filter(
        (r) => r.expiresAt.getTime() - r.createdAt.getTime() === 7 * 86400_000,
      );
      expect(long).toHaveLength(1);
      // Works once (from another browser, days later), then never again.
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(200);
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(401);
    });

    it('a buyer who already has a password gets a plain sign-in link instead of a one-time link', async () => {
      const { agent, user } = await loginAs(t, { password: 'hemmelig123' });
      await agent
        .post('/api/checkout/sessions')
        .send(purchase({ email: user.email }))
        .expect(201);
      const m = await only(user.email);
      expect(m.text).not.toContain(SIGN_IN);
      expect(m.text).toContain(`${PUBLIC_URL}/login`);
      expect(m.text).toMatch(/Totalt inkl\. MVA:\s+1 997,00 kr\n/);
    });

    it('an expired receipt link is refused', async () => {
      const b = purchase();
      await t.agent().post('/api/checkout/sessions').send(b).expect(201);
      const link = linkIn((await only(b.email)).text, SIGN_IN);
      const user = await t.ds.getRepository(User).findOneByOrFail({ email: b.email });
      await t.ds.getRepository(LoginToken).update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
      await t
        .http()
        .post('/api/auth/token-login')
        .send({ token: tokenOf(link) })
        .expect(401);
    });
  });

  describe('refund confirmation', () => {
    it('a partial refund keeps access; the full refund says which access ends; amounts in Norwegian format', async () => {
      // The refund as the admin panel makes it (RefundsService; demo orders need no Stripe).
      const refunds = t.app.get(RefundsService);
      const b = purchase({ courseId: 'foundation' });
      await t.agent().post('/api/checkout/sessions').send(b).expect(201);
      const order = await t.ds.getRepository(Order).findOneByOrFail({ email: b.email });
      await worker.drain();
      sink.clear();

      await refunds.refund(order.id, { amount: 49700, reason: 'Delvis refusjon' });
      let m = await only(b.email);
      expect(m.subject).toMatch(new RegExp(`^Refusjon og kreditnota nr\\. \\d+: Foundation \\(ordre ${order.id}\\)$`));
      expect(m.text).toContain(`Vi har refundert 497,00 kr for ordre ${order.id} (Foundation).`);
      expect(m.text).toContain('Du beholder tilgangen til Foundation.');
      sink.clear();

      await refunds.refund(order.id, { reason: 'Resten' });
      m = await only(b.email);
      expect(m.text).toContain('Vi har refundert 1 500,00 kr');
      expect(m.text).toContain('Tilgangen din til Foundation er avsluttet.');
      expect(await t.ds.getRepository(OutboxMessage).countBy({ kind: 'refund', toAddress: b.email })).toBe(2);
    });
  });
});

describe('receipt after a purchase fulfilled by the Stripe webhook (fake Stripe)', () => {
  let sink: SmtpSink;
  let fake: FakeStripe;
  let t: TestApp;
  let worker: OutboxWorker;

  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  useMailApp(
    () => fakeStripeEnv(fake),
    (app) => ({ t, sink, worker } = app),
  );
  afterAll(() => fake.close());

  function deliver(event: unknown) {
    return deliverWebhook(t.http(), event);
  }

  it('one receipt, even when the webhook is delivered again and the success page fulfils too', async () => {
    const b = purchase({ courseId: 'foundation' });
    await t.http().post('/api/checkout/sessions').send(b).expect(201);
    const session = fake.lastSession();
    fake.pay(session.id);
    const event = stripeEvent('checkout.session.completed', { ...fake.sessions.get(session.id) });
    await deliver(event).expect(200);
    await deliver(event).expect(200);
    await deliver(stripeEvent('checkout.session.completed', { ...fake.sessions.get(session.id) })).expect(200);
    await t.http().get(`/api/checkout/sessions/${session.id}`).expect(200);
    await worker.drain();
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email: b.email });
    expect(order.status).toBe('paid');
    const mails = sink.to(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(new RegExp(`^Kvittering nr\\. \\d+: Foundation \\(ordre ${order.id}\\)$`));
    expect(mails[0].text).toMatch(/Betalingsmåte:\s+Kort\n/);
    expect(mails[0].text).toMatch(/Totalt inkl\. MVA:\s+1 997,00 kr\n/);
    const link = linkIn(mails[0].text, SIGN_IN);
    expect(link).toMatch(/&next=\/account\/settings$/);
    const res = await t
      .agent()
      .post('/api/auth/token-login')
      .send({ token: tokenOf(link) })
      .expect(200);
    expect(res.body.user).toMatchObject({ email: b.email, courses: expect.arrayContaining(['foundation']) });
  });
});
