import { MetricsRegistry } from '../../backend/src/platform/metrics';
import { OutboxService } from '../../backend/src/outbox/outbox.service';
import { deliverWebhook, stripeEvent } from './support/fake-stripe';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * GET /metrics (Prometheus text format): closed without METRICS_TOKEN, the token required with it,
 * every request in the duration histogram by its route pattern, the outbox, marketing, the database
 * pool, webhook failures and Node's own process metrics.
 */

const TOKEN = 'maaletoken-0123456789abcdef';

/** The samples of one metric as `{labels} value` lines, e.g. `http_request_duration_seconds_count`. */
function samples(text: string, name: string): Array<{ labels: Record<string, string>; value: number }> {
  const out: Array<{ labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

describe('metrics: closed without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 in the error shape, with or without a token', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`]) {
      const req = t.http().get('/metrics');
      const res = await (auth ? req.set('Authorization', auth) : req).expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Fant ikke siden eller ressursen' });
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
  });
});

describe('metrics: with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      METRICS_TOKEN: TOKEN,
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fake123',
      STRIPE_SECRET_KEY: 'sk_test_fake123',
      // The mail worker stays still, so a queued mail waits until the gauges have been read.
      MAIL_POLL_INTERVAL_MS: '0',
    });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer maaletoken-0123456789abcdeX'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token with more after it', `Bearer ${TOKEN}0`],
    ['the token without Bearer', TOKEN],
    ['Basic auth', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`],
  ])('%s: 401 in the error shape', async (_what, auth) => {
    const req = t.http().get('/metrics');
    const res = await (auth ? req.set('Authorization', auth) : req).expect(401);
    expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  it('answers the expected metrics with the token', async () => {
    const text = await scrape();
    for (const name of [
      'http_request_duration_seconds',
      'webhook_failures_total',
      'academy_outbox_depth',
      'academy_outbox_oldest_pending_age_seconds',
      'academy_outbox_failed_messages',
      'academy_marketing_broadcasts_sending',
      'academy_marketing_broadcast_recipients',
      'db_pool_connections_in_use',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect([name, text.includes(`# TYPE ${name} `)]).toEqual([name, true]);
    expect(samples(text, 'academy_outbox_depth')).toHaveLength(1);
    expect(samples(text, 'academy_marketing_broadcasts_sending')).toEqual([{ labels: {}, value: 0 }]);
    if (t.db.dialect === 'mysql') {
      expect(samples(text, 'db_pool_size')).toEqual([{ labels: {}, value: 10 }]);
      expect(samples(text, 'db_pool_connections_in_use')[0].value).toBeGreaterThanOrEqual(0);
    }
  });

  it('a request shows up in the histogram under its route pattern, not its address', async () => {
    const before = await scrape();
    const count = (text: string, route: string, status: string) =>
      samples(text, 'http_request_duration_seconds_count').find(
        (s) => s.labels.route === route && s.labels.method === 'GET' && s.labels.status === status,
      )?.value ?? 0;
    const route = '/api/certificates/verify/:code';
    const n0 = count(before, route, '404');
    await t.http().get('/api/certificates/verify/UKJENT-KODE-1').expect(404);
    await t.http().get('/api/certificates/verify/UKJENT-KODE-2').expect(404);
    const after = await scrape();
    expect(count(after, route, '404')).toBe(n0 + 2);
    expect(after).not.toContain('UKJENT-KODE');
    // The answers from memory (the catalogue) are measured too.
    await t.http().get('/api/catalog').expect(200);
    await t.http().get('/api/catalog').expect(200);
    const third = await scrape();
    expect(count(third, '/api/catalog', '200')).toBeGreaterThanOrEqual(count(after, '/api/catalog', '200') + 2);
    // A request no route answers is one label, whatever its address.
    await t.http().get('/api/finnes-ikke-123').expect(404);
    const fourth = await scrape();
    expect(fourth).not.toContain('finnes-ikke-123');
  });

  it('the outbox gauges follow the queue; a refused Stripe webhook counts as a failure of provider stripe', async () => {
    const depth = (text: string) => samples(text, 'academy_outbox_depth')[0].value;
    const failures = (text: string) =>
      samples(text, 'webhook_failures_total').find((s) => s.labels.provider === 'stripe')?.value ?? 0;
    const before = await scrape();
    await t.app
      .get(OutboxService)
      .enqueue({ kind: 'password_reset', to: 'maaling@example.no', subject: 'Test', html: '<p>x</p>', text: 'x' });
    const after = await scrape();
    expect(depth(after)).toBe(depth(before) + 1);
    expect(samples(after, 'academy_outbox_oldest_pending_age_seconds')[0].value).toBeGreaterThanOrEqual(0);

    await t
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=feil')
      .send('{}')
      .expect(400);
    const third = await scrape();
    expect(failures(third)).toBe(failures(after) + 1);
    // An accepted delivery is no failure.
    await deliverWebhook(t.http(), stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' })).expect(200);
    const fourth = await scrape();
    expect(failures(fourth)).toBe(failures(third));
    expect(samples(fourth, 'webhook_requests_total').find((s) => s.labels.provider === 'stripe')!.value).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('a refused Vipps or Mux webhook counts as a failure of its provider', async () => {
    const failures = (text: string, provider: string) =>
      samples(text, 'webhook_failures_total').find((s) => s.labels.provider === provider)?.value ?? 0;
    const before = await scrape();
    const vipps = await t.http().post('/api/vipps/webhook').set('Content-Type', 'application/json').send('{}');
    const mux = await t.http().post('/api/mux/webhook').set('Content-Type', 'application/json').send('{}');
    expect(vipps.status).toBeGreaterThanOrEqual(400);
    expect(mux.status).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    expect(failures(after, 'vipps')).toBe(failures(before, 'vipps') + 1);
    expect(failures(after, 'mux')).toBe(failures(before, 'mux') + 1);
  });

  it('is one registry per application', () => {
    expect(t.app.get(MetricsRegistry).registry.getSingleMetric('http_request_duration_seconds')).toBeDefined();
  });
});
