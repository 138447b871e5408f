import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../backend/src/bootstrap';
import { parseEnv } from '../../backend/src/platform/config/env.schema';
import { UnsubscribeService } from '../../backend/src/outbox/unsubscribe.service';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { rawClient, type RawClient } from './support/raw-http';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import type { TestApp } from './support/test-app';

/**
 * Secrets in addresses never reach the logs: one-time sign-in and reset tokens, Stripe Checkout Session
 * ids (in the query of the success page and in the status path), signed unsubscribe links, typed
 * addresses. The request log keeps the path and the names of the query parameters.
 */

describe('request logs hold no secrets from the address', () => {
  let app: NestFastifyApplication;
  let db: TestDatabase;
  let fake: FakeStripe;
  let raw: RawClient;
  let staticRoot: string;
  const lines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    db = await createTestDatabase();
    staticRoot = mkdtempSync(join(tmpdir(), 'ta-static-'));
    const cfg = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_WRITES: '100000',
      RATE_LIMIT_LOGIN: '100000',
      STATIC_ROOT: staticRoot,
      ...fakeStripeEnv(fake),
      DATABASE_URL: db.url,
    });
    app = await createApp(cfg, { logDestination: { write: (s: string) => void lines.push(s) } });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    raw = await rawClient({ app } as TestApp);
  });
  afterAll(async () => {
    raw.close();
    await app.close();
    await db.drop();
    await fake.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  const logged = () => lines.join('');
  const requestLines = () =>
    lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as { method: string; url: string; statusCode: number });

  it('tokens, session ids, signatures and addresses in the URL are not written; the path and parameter names are', async () => {
    const signIn = 'innloggingstoken-AAAA1111bbbb2222cccc3333dddd';
    const reset = 'tilbakestilltoken-EEEE4444ffff5555gggg6666hhhh';
    const unknownSession = 'cs_test_ukjentSESSION7777iiii8888';
    const email = 'hemmelig.kjoper@example.no';

    await request(app.getHttpServer())
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(201);
    const session = fake.lastSession().id;
    const unsubscribe = new URL(app.get(UnsubscribeService).url(email));
    const sig = unsubscribe.searchParams.get('sig')!;

    const visits = [
      `/auto-login?token=${signIn}&next=%2Fdashboard`,
      `/tilbakestill-passord?token=${reset}`,
      `/betaling/fullfort?session_id=${session}`,
      `/api/checkout/sessions/${session}`,
      `/api/checkout/sessions/${unknownSession}`,
      `/api/auth/me?token=${signIn}`,
      unsubscribe.pathname + unsubscribe.search,
      `/bestill?course=foundation&email=${encodeURIComponent(email)}`,
      `/dashboard?${reset}`,
    ];
    for (const path of visits) await raw.send({ method: 'GET', path });
    await raw.send({
      method: 'POST',
      path: unsubscribe.pathname + unsubscribe.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

    const text = logged();
    for (const secret of [signIn, reset, session, unknownSession, sig, email, encodeURIComponent(email)])
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });

    const urls = requestLines().map((l) => `${l.method} ${l.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /auto-login?token=[skjult]&next=[skjult]',
        'GET /tilbakestill-passord?token=[skjult]',
        'GET /betaling/fullfort?session_id=[skjult]',
        'GET /api/checkout/sessions/:id',
        'GET /api/auth/me?token=[skjult]',
        'GET /api/unsubscribe?email=[skjult]&sig=[skjult]',
        'POST /api/unsubscribe?email=[skjult]&sig=[skjult]',
        'GET /bestill?course=[skjult]&email=[skjult]',
        'GET /dashboard?[skjult]',
      ]),
    );
    // Every request above was logged (the status poll twice: the known and the unknown session).
    expect(urls.filter((u) => u === 'GET /api/checkout/sessions/:id')).toHaveLength(2);
  });

  it('plain paths are logged as they are', async () => {
    await raw.send({ method: 'GET', path: '/api/catalog' });
    await raw.send({ method: 'GET', path: '/api/courses/foundation' });
    const urls = requestLines().map((l) => l.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/catalog', '/api/courses/foundation']));
  });
});
