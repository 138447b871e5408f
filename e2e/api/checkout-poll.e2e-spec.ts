import { PROVIDER_READ_CACHE_MS } from '../../backend/src/orders/single-flight';
import { STATUS_POLLS_PER_CLIENT, STATUS_POLLS_PER_SESSION } from '../../backend/src/orders/checkout/checkout.controller';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { rawClient, type RawClient, type RawResponse } from './support/raw-http';
import { startTestApp, type TestApp, uniqueEmail } from './support/test-app';

/**
 * The success page's status (`GET /api/checkout/sessions/:id`) cannot be used to drain the shop's
 * Stripe quota: polls of one session share one read from Stripe for a few seconds, and polls are
 * limited per session, and per client those of sessions that do not exist (guessing).
 */

describe('polling the payment status', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let raw: RawClient;
  beforeAll(async () => {
    fake = await startFakeStripe();
    // One proxy in front: the client is the last X-Forwarded-For address.
    t = await startTestApp({ ...fakeStripeEnv(fake), TRUST_PROXY: '1' });
    raw = await rawClient(t, { keepAlive: true });
  });
  afterAll(async () => {
    raw.close();
    await t.close();
    await fake.close();
  });

  /** Reads of Checkout Sessions from Stripe since the last {@link pendingSession}. */
  let readsBefore = 0;
  const reads = () => fake.callsTo('sessions.retrieve').length - readsBefore;

  async function pendingSession(): Promise<string> {
    await t
      .http()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email: uniqueEmail('kjoper'),
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(201);
    readsBefore = fake.callsTo('sessions.retrieve').length;
    return fake.lastSession().id;
  }

  const poll = (id: string, client: string): Promise<RawResponse> =>
    raw.send({ method: 'GET', path: `/api/checkout/sessions/${id}`, headers: { 'x-forwarded-for': client } });

  function expectLimited(res: RawResponse): void {
    expect(res.status).toBe(429);
    expect(res.json).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'For mange forsøk. Vent litt og prøv igjen.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('100 polls at once of a pending session: about one read from Stripe, and the rest beyond the limit answered 429', async () => {
    const id = await pendingSession();
    const answers = await Promise.all(Array.from({ length: 100 }, () => poll(id, '203.0.113.10')));

    expect(reads()).toBeGreaterThanOrEqual(1);
    expect(reads()).toBeLessThanOrEqual(2);
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status !== 200);
    expect(ok.length).toBe(Math.min(STATUS_POLLS_PER_CLIENT, STATUS_POLLS_PER_SESSION));
    for (const a of ok) expect(a.json).toMatchObject({ status: 'pending', courseId: 'foundation' });
    for (const a of limited) expectLimited(a);

    // The session's own limit holds for another client too.
    expectLimited(await poll(id, '198.51.100.20'));
  });

  it('the shared read lasts a few seconds: a payment made meanwhile shows on the next poll after that', async () => {
    const id = await pendingSession();
    expect((await poll(id, '203.0.113.40')).json).toMatchObject({ status: 'pending' });
    fake.pay(id);
    expect((await poll(id, '203.0.113.40')).json).toMatchObject({ status: 'pending' });
    expect(reads()).toBe(1);
    await new Promise((r) => setTimeout(r, PROVIDER_READ_CACHE_MS + 100));
    expect((await poll(id, '203.0.113.40')).json).toMatchObject({ status: 'paid' });
    expect(reads()).toBe(2);
    // Paid orders are answered from the database.
    expect((await poll(id, '203.0.113.40')).json).toMatchObject({ status: 'paid' });
    expect(reads()).toBe(2);
  });

  it('a failed read from Stripe is not kept: the next poll asks again', async () => {
    const id = await pendingSession();
    fake.fail('sessions.retrieve', 500);
    expect((await poll(id, '203.0.113.50')).status).toBe(502);
    expect((await poll(id, '203.0.113.50')).json).toMatchObject({ status: 'pending' });
    expect(reads()).toBe(2);
  });

  it('per client: polling many sessions is limited by the client address, not by what the client says in X-Forwarded-For', async () => {
    const client = '203.0.113.30';
    const unknown = (i: number) => `cs_test_finnesikke${i}`;
    const statuses: number[] = [];
    for (let i = 0; i < STATUS_POLLS_PER_CLIENT; i++) statuses.push((await poll(unknown(i), client)).status);
    expect(statuses).toEqual(Array(STATUS_POLLS_PER_CLIENT).fill(404));
    expectLimited(await poll(unknown(1000), client));
    // A spoofed address before the proxy's own entry is ignored.
    expectLimited(await poll(unknown(1001), `192.0.2.77, ${client}`));
    expectLimited(await poll(unknown(1002), `10.9.8.7, 192.0.2.78, ${client}`));
    // Another client is not affected.
    expect((await poll(unknown(1003), '198.51.100.31')).status).toBe(404);
  });

  it("buyers behind one address (CGNAT): each one's polling of their own payment is never refused because of the others", async () => {
    // (Issue 47: at launch, the per-address limit answered real buyers 429.)
    const client = '203.0.113.60';
    const ids = [await pendingSession(), await pendingSession(), await pendingSession()];
    const statuses: number[] = [];
    for (let round = 0; round < 25; round++) for (const id of ids) statuses.push((await poll(id, client)).status);
    expect(statuses).toEqual(Array(75).fill(200));
    // Someone at the same address guessing ids is refused past the limit; the buyers still are not.
    for (let i = 0; i < STATUS_POLLS_PER_CLIENT; i++) expect((await poll(`cs_test_gjetter${i}`, client)).status).toBe(404);
    expectLimited(await poll('cs_test_gjetter-enda-en', client));
    for (const id of ids) expect((await poll(id, client)).json).toMatchObject({ status: 'pending' });
  });

  it('per client on IPv6: one /64 is one client', async () => {
    const unknown = (i: number) => `cs_test_v6finnesikke${i}`;
    for (let i = 0; i < STATUS_POLLS_PER_CLIENT; i++) {
      // Privacy addresses rotate inside the /64.
      const res = await poll(unknown(i), `2001:db8:7:8::${(i + 1).toString(16)}`);
      expect(res.status).toBe(404);
    }
    expectLimited(await poll(unknown(1000), '2001:db8:7:8:ffff:ffff:ffff:1'));
    expect((await poll(unknown(1001), '2001:db8:7:9::1')).status).toBe(404);
  });
});
