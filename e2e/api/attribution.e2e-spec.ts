/**
 * One attribution per person (issue 15, docs/decisions.md "Attribution"): the first touch of the visit that
 * created the lead is stored on the lead, the account and the order alike, and the admin funnel
 * counts the person, the account and the revenue under that one variant.
 */
import type TestAgent from 'supertest/lib/agent';
import { User } from '../../backend/src/identity/entities/user.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { PROVIDER_READ_CACHE_MS } from '../../backend/src/orders/single-flight';
import { adminAgent } from './admin-helpers';
import { type FakeStripe } from './support/fake-stripe';
import { checkoutForm, startStripeApp, type StripeApp } from './support/payments-app';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/** What the browser remembered of the visit that started on /b (with a campaign). */
const FROM_B = {
  trafficSource: 'B',
  landingPath: '/b',
  referrer: 'https://www.google.com/',
  utmSource: 'nyhetsbrev',
  utmCampaign: 'host',
};
const STORED_B = {
  trafficSource: 'B',
  landingPath: '/b',
  referrer: 'https://www.google.com/',
  utmSource: 'nyhetsbrev',
  utmMedium: null,
  utmCampaign: 'host',
  utmTerm: null,
  utmContent: null,
};

function buyBody(email: string, attribution?: Record<string, string>) {
  return checkoutForm({ email, firstName: 'Kari', ...(attribution ? { attribution } : {}) });
}

interface FunnelRow {
  variant: string;
  leads: number;
  accounts: number;
  buyers: number;
  revenueOre: number;
}

describe('one attribution per person (demo payments)', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const funnel = async (): Promise<Record<string, FunnelRow>> => {
    const res = await admin.get('/api/admin/stats').expect(200);
    return Object.fromEntries((res.body.funnel as FunnelRow[]).map((r) => [r.variant, r]));
  };

  it("a lead on a page with its own code keeps the visit's first touch (the page code is only a fallback)", async () => {
    const email = uniqueEmail('forste');
    // The visitor landed on /c, then sent page B's form (which names itself 'B').
    await t
      .http()
      .post('/api/leads')
      .send({
        email,
        courseType: 'foundation',
        source: '/b',
        trafficSource: 'B',
        attribution: { trafficSource: 'C', landingPath: '/c' },
      })
      .expect(201);
    const lead = await t.ds.getRepository(Lead).findOneByOrFail({ email });
    expect(lead.attribution).toMatchObject({ trafficSource: 'C', landingPath: '/c' });
    // Without any first touch (an API client), the page's code is used.
    const other = uniqueEmail('uten');
    await t
      .http()
      .post('/api/leads')
      .send({ email: other, courseType: 'foundation', source: '/b', trafficSource: 'B' })
      .expect(201);
    expect((await t.ds.getRepository(Lead).findOneByOrFail({ email: other })).attribution.trafficSource).toBe('B');
  });

  it('one visitor from /b: lead, free sign-up elsewhere and a later purchase are all B, and the funnel counts all three under B', async () => {
    const before = await funnel();
    const email = uniqueEmail('b-reise');

    // 1. The lead on /b with the visit's first touch.
    await t.http().post('/api/leads').send({ email, courseType: 'foundation', source: '/b', attribution: FROM_B }).expect(201);

    // 2. Later, in a new visit that started on the home page, the free sign-up (the home page's code 'starter').
    await t
      .http()
      .post('/api/create-user')
      .send({
        email,
        courseType: 'starter',
        trafficSource: 'starter',
        attribution: { trafficSource: 'starter', landingPath: '/' },
      })
      .expect(200);
    const user = await t.ds.getRepository(User).findOneByOrFail({ email });
    expect({ ...user.attribution }).toEqual(STORED_B);

    // 3. A third visit (from the crypto page) buys: the order is the person's, so B too.
    const buyer = t.agent();
    const res = await buyer.post('/api/checkout/sessions').send(buyBody(email, { trafficSource: 'D', landingPath: '/d' }));
    expect([200, 201]).toContain(res.status);
    expect(res.body.demo).toBe(true);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
    expect(order.status).toBe('paid');
    expect({ ...order.attribution }).toEqual(STORED_B);

    // The first lead keeps what its visit sent.
    const leads = await t.ds.getRepository(Lead).find({ where: { email }, order: { id: 'ASC' } });
    expect({ ...leads[0].attribution }).toEqual(STORED_B);

    // The funnel: one person, under B, with the account, the purchase and the revenue.
    const after = await funnel();
    expect(after.B.leads - before.B.leads).toBe(1);
    expect(after.B.accounts - before.B.accounts).toBe(1);
    expect(after.B.buyers - before.B.buyers).toBe(1);
    expect(after.B.revenueOre - before.B.revenueOre).toBe(199700);
    for (const v of ['A', 'C', 'D', 'starter', 'ukjent']) {
      expect({ v, ...after[v] }).toEqual({ v, ...before[v] });
    }
  });

  it('someone the site has never seen buys with the first touch the browser sent', async () => {
    const email = uniqueEmail('ny');
    const res = await t
      .agent()
      .post('/api/checkout/sessions')
      .send(buyBody(email, { trafficSource: 'A', landingPath: '/a' }));
    expect([200, 201]).toContain(res.status);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
    expect(order.attribution).toMatchObject({ trafficSource: 'A', landingPath: '/a' });
    const user = await t.ds.getRepository(User).findOneByOrFail({ email });
    expect(user.attribution).toMatchObject({ trafficSource: 'A', landingPath: '/a' });
  });
});

describe('one attribution per person (Stripe)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: TestAgent;
  let started: StripeApp;

  beforeAll(async () => {
    started = await startStripeApp();
    ({ t, stripe: fake, admin } = started);
  });
  afterAll(() => started.close());

  it("a lead from /b who pays by Stripe in a later visit: order and new account carry the lead's first touch", async () => {
    const email = uniqueEmail('stripe-b');
    await t.http().post('/api/leads').send({ email, courseType: 'accelerator', source: '/b', attribution: FROM_B }).expect(201);

    const browser = t.agent();
    await browser
      .post('/api/checkout/sessions')
      .send({ ...buyBody(email, { trafficSource: 'C', landingPath: '/c' }), courseId: 'accelerator' })
      .expect(201);
    const session = fake.lastSession();
    const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
    expect({ ...order.attribution }).toEqual(STORED_B);

    fake.pay(session.id);
    await new Promise((r) => setTimeout(r, PROVIDER_READ_CACHE_MS));
    const done = await browser.get(`/api/checkout/sessions/${session.id}`).expect(200);
    expect(done.body.status).toBe('paid');
    const user = await t.ds.getRepository(User).findOneByOrFail({ email });
    expect({ ...user.attribution }).toEqual(STORED_B);

    const stats = await admin.get('/api/admin/stats').expect(200);
    const b = (stats.body.funnel as FunnelRow[]).find((r) => r.variant === 'B')!;
    expect(b).toMatchObject({ leads: 1, accounts: 1, buyers: 1, revenueOre: 499700 });
    const c = (stats.body.funnel as FunnelRow[]).find((r) => r.variant === 'C')!;
    expect(c).toMatchObject({ leads: 0, accounts: 0, buyers: 0, revenueOre: 0 });
  });
});
