/**
 * The buyer's third contact, the server's part: a second purchase keeps the buyer signed in (the
 * session that opened and paid the checkout), while every other session of an unclaimed account still
 * ends; the catalogue says each course's MVA treatment and the pages' words follow it; the receipt
 * mail names the MVA under the amount excluding it as the PDF does, and its long law name breaks at
 * its joints; the way back from Stripe carries no e-mail address; the signed-in account's names fill
 * the order form. Runs on SQLite and, with TEST_DATABASE_URL, on MariaDB (a column of its own).
 */
import type TestAgent from 'supertest/lib/agent';
import { catalogVatWording, coursesVatWording, priceVatWording } from '@academy/contracts';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { newToken, sha256 } from '../../backend/src/platform/crypto/tokens';
import { adminAgent } from './admin-helpers';
import { startStripeApp, checkoutForm, type StripeApp } from './support/payments-app';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/** A demo purchase (no Stripe key) by this browser. */
async function demoBuy(agent: TestAgent, courseId: string, email: string): Promise<void> {
  await agent
    .post('/api/checkout/sessions')
    .send({
      courseId,
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'card',
      acceptTerms: true,
      acceptRisk: true,
    })
    .expect(201);
}

const me = async (agent: TestAgent) => (await agent.get('/api/auth/me').expect(200)).body as Record<string, unknown> | null;

describe('the buyer, third contact (server)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('a second purchase in the same browser', () => {
    it.each([
      ['temakurs', 'microkurs'],
      ['microkurs', 'temakurs'],
      ['vip', 'vip'],
    ])('a new buyer of %s buys %s next and stays signed in, with both', async (first, second) => {
      const email = uniqueEmail('andre-kjop');
      const buyer = t.agent();
      await demoBuy(buyer, first, email);
      expect(await me(buyer)).toMatchObject({ email, claimed: false });

      await demoBuy(buyer, second, email);
      const order = await t.ds.getRepository(Order).findOneOrFail({ where: { email, courseId: second }, order: { id: 'DESC' } });
      expect(order.status).toBe('paid');
      expect(order.checkoutSessionHash).toMatch(/^[0-9a-f]{64}$/);
      const after = await me(buyer);
      expect(after).toMatchObject({ email });
      expect(after!.courses).toEqual(
        expect.arrayContaining(second === 'vip' ? [] : [first === 'vip' ? 'microkurs' : first, second]),
      );
      // The confirmation's «Start kurset» opens the course (no «Du har ikke tilgang»), and says signed in.
      if (second !== 'vip') await buyer.get(`/api/courses/${second}`).expect(200);
      const status = await buyer.get(`/api/checkout/sessions/${order.providerReference}`).expect(200);
      expect(status.body).toMatchObject({ status: 'paid', signedIn: true, receiptPath: `/kvittering/${order.id}` });
    });

    it('every other session of the unclaimed account ends: only the one that paid stays', async () => {
      const email = uniqueEmail('andre-okt');
      const buyer = t.agent();
      await demoBuy(buyer, 'microkurs', email);
      const user = await t.ds.getRepository(User).findOneByOrFail({ email });
      // Another browser holding a session of the same account (opened by an earlier receipt page).
      const token = newToken();
      const now = new Date();
      await t.ds.getRepository(Session).insert({
        tokenHash: sha256(token),
        userId: user.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 86400_000),
        ip: null,
        userAgent: null,
        authenticatedAt: null,
      });
      const other = t.http().get('/api/auth/me').set('Cookie', `sid=${token}`);
      expect((await other.expect(200)).body).toMatchObject({ email });

      await demoBuy(buyer, 'temakurs', email);
      expect(await me(buyer)).toMatchObject({ email });
      expect((await t.http().get('/api/auth/me').set('Cookie', `sid=${token}`).expect(200)).body).toBeNull();
    });

    it('someone else buying with the unproven address still ends the buyer’s session (they never see it)', async () => {
      const email = uniqueEmail('fremmed');
      const buyer = t.agent();
      await demoBuy(buyer, 'microkurs', email);
      expect(await me(buyer)).toMatchObject({ email });
      const stranger = t.agent();
      await demoBuy(stranger, 'temakurs', email);
      // Neither browser is in the account now: the owner signs in with the receipt's link.
      expect(await me(buyer)).toBeNull();
      expect(await me(stranger)).toBeNull();
    });
  });

  describe('MVA per course on the pages', () => {
    it('the catalogue carries each course’s treatment as the panel sets it', async () => {
      const admin = (await adminAgent(t)).agent;
      const treatment = async (id: string) =>
        ((await t.http().get('/api/catalog').expect(200)).body.items as Array<{ id: string; vatTreatment: string }>).find(
          (i) => i.id === id,
        )!.vatTreatment;
      expect(await treatment('accelerator')).toBe('standard');
      await admin.put('/api/admin/courses/accelerator').send({ vatTreatment: 'exempt' }).expect(200);
      try {
        expect(await treatment('accelerator')).toBe('exempt');
        expect(await treatment('foundation')).toBe('standard');
      } finally {
        await admin.put('/api/admin/courses/accelerator').send({ vatTreatment: 'standard' }).expect(200);
      }
    });

    it('the words: "inkl. mva" only where MVA is in the price; a mixed catalogue is said truly', () => {
      expect(priceVatWording(true, 'standard').short).toBe('inkl. mva');
      for (const w of Object.values(priceVatWording(true, 'exempt'))) expect(w).not.toMatch(/inkl|inkludert/);
      expect(priceVatWording(true, 'exempt').short).toBe('uten mva (kurset er unntatt mva)');
      expect(priceVatWording(true, 'split').short).toBe('inkl. mva på deler av prisen');
      // Outside the register nothing states MVA, whatever the course.
      for (const tr of ['standard', 'exempt', 'split'] as const)
        expect(priceVatWording(false, tr).short).toBe('uten mva (selgeren er ikke mva-registrert)');
      expect(catalogVatWording(true, ['standard', 'standard'])).toBe('Alle priser i NOK inkl. mva.');
      expect(catalogVatWording(true, ['exempt'])).toBe('Alle priser i NOK uten mva (kurset er unntatt mva).');
      expect(catalogVatWording(true, ['standard', 'exempt'])).toBe('Alle priser i NOK inkl. mva der kurset har mva.');
      expect(coursesVatWording(true, ['exempt', 'split']).short).not.toBe('inkl. mva');
    });
  });

  describe('the receipt mail', () => {
    it('names the MVA under the amount excluding it «MVA 25 %» (as the PDF), never «Herav»; the law name breaks at its joints', async () => {
      const admin = (await adminAgent(t)).agent;
      await admin.put('/api/admin/courses/accelerator').send({ vatTreatment: 'split', vatExemptOre: 200000 }).expect(200);
      try {
        const email = uniqueEmail('mva-post');
        await demoBuy(t.agent(), 'accelerator', email);
        const mail = await t.ds.getRepository(OutboxMessage).findOneByOrFail({ kind: 'receipt', toAddress: email });
        expect(mail.textBody).toMatch(/Beløp eks\. MVA:\s+[\d  ]+,\d\d kr\nMVA 25 %:\s+[\d  ]+,\d\d kr\n/);
        expect(mail.textBody).not.toContain('Herav');
        expect(mail.html).not.toContain('Herav');
        expect(mail.textBody).toContain('merverdiavgiftsloven § 3-5');
        expect(mail.html).toContain('merverdi&shy;avgifts&shy;loven');
      } finally {
        await admin.put('/api/admin/courses/accelerator').send({ vatTreatment: 'standard' }).expect(200);
      }
    });
  });

  describe('the order form', () => {
    it('the signed-in account’s names come with who is signed in (the form fills them in)', async () => {
      const email = uniqueEmail('navn');
      const buyer = t.agent();
      await demoBuy(buyer, 'microkurs', email);
      expect(await me(buyer)).toMatchObject({ email, firstName: 'Kari', lastName: 'Nordmann' });
    });
  });
});

describe('the buyer, third contact (Stripe)', () => {
  let s: StripeApp;

  beforeAll(async () => {
    s = await startStripeApp();
  });

  afterAll(async () => {
    await s?.close();
  });

  it('the way back from Stripe carries no e-mail address', async () => {
    const form = checkoutForm({ email: uniqueEmail('tilbake-uten-adresse') });
    await s.t.http().post('/api/checkout/sessions').send(form).expect(201);
    const cancel = s.stripe.lastSession().cancel_url!;
    expect(cancel).toMatch(/\/bestill\?course=foundation&metode=card&betaling=avbrutt$/);
    expect(cancel).not.toMatch(/email|%40|@/);
  });

  it('a signed-in buyer’s second purchase by card keeps them signed in when Stripe confirms it', async () => {
    const email = uniqueEmail('andre-kort');
    const buyer = s.t.agent();
    const first = await buyer
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, courseId: 'microkurs' }))
      .expect(201);
    s.stripe.pay(first.body.reference);
    const done = await buyer.get(`/api/checkout/sessions/${first.body.reference}`).expect(200);
    expect(done.body).toMatchObject({ status: 'paid', signedIn: true });

    const second = await buyer
      .post('/api/checkout/sessions')
      .send(checkoutForm({ email, courseId: 'temakurs' }))
      .expect(201);
    s.stripe.pay(second.body.reference);
    const status = await buyer.get(`/api/checkout/sessions/${second.body.reference}`).expect(200);
    expect(status.body).toMatchObject({ status: 'paid', signedIn: true });
    expect(await me(buyer)).toMatchObject({ email, courses: expect.arrayContaining(['microkurs', 'temakurs']) });
    await buyer.get('/api/courses/temakurs').expect(200);
  });
});
