import { CatalogService } from '../../backend/src/catalog/catalog.service';
import { startTestApp, TestApp } from './support/test-app';

describe('health, catalogue and the API basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 while the database is up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('GET /api/catalog lists the one catalogue in øre with an ETag, and answers 304 to If-None-Match', async () => {
    const res = await t.http().get('/api/catalog').expect(200);
    const byId = Object.fromEntries(res.body.items.map((i: { id: string }) => [i.id, i]));
    expect(byId.foundation).toMatchObject({
      priceOre: 199700,
      beforePriceOre: 299700,
      discountOre: 100000,
      soldByCheckout: true,
      moduleCount: 8,
    });
    expect(byId.accelerator).toMatchObject({ priceOre: 499700, beforePriceOre: 799700, soldByCheckout: true, moduleCount: 12 });
    expect(byId.kryptovaluta).toMatchObject({ priceOre: 299700, soldByCheckout: false, moduleCount: 1 });
    expect(byId.starter).toMatchObject({ priceOre: 0, valueOre: 79900, moduleCount: 4 });
    expect(byId.vip).toMatchObject({ priceOre: 500000, beforePriceOre: 750000 });
    expect(res.body.studentCount).toBe(0);
    const etag = res.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    await t.http().get('/api/catalog').set('If-None-Match', etag).expect(304);
  });

  it('the catalogue answers the same bytes and headers from memory as through the rebuild', async () => {
    const catalog = t.app.get(CatalogService);
    const strip = (h: Record<string, string>) => {
      const { date: _date, ...rest } = h;
      return rest;
    };
    const get = (etag?: string) => {
      const r = t.http().get('/api/catalog').set('X-Request-Id', 'katalog-test-1');
      return etag ? r.set('If-None-Match', etag) : r;
    };
    catalog.invalidate();
    expect(catalog.fresh()).toBeNull();
    const cold = await get().expect(200); // waits for the rebuild (the Fastify route)
    expect(catalog.fresh()).not.toBeNull();
    const warm = await get().expect(200); // answered from memory (the fast route)
    expect(warm.text).toBe(cold.text);
    expect(strip(warm.headers)).toEqual(strip(cold.headers));
    expect(warm.headers).toMatchObject({
      'x-request-id': 'katalog-test-1',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(cold.text)),
      'cache-control': 'public, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });

    catalog.invalidate();
    const cold304 = await get(cold.headers.etag).expect(304);
    const warm304 = await get(cold.headers.etag).expect(304);
    expect(strip(warm304.headers)).toEqual(strip(cold304.headers));
    expect(warm304.headers.etag).toBe(cold.headers.etag);

    // Whatever the fast route does not take goes the normal way.
    const query = await t.http().get('/api/catalog?x=1').expect(200);
    expect(query.text).toBe(cold.text);
    const head = await t.http().head('/api/catalog').expect(200);
    expect(head.headers.etag).toBe(cold.headers.etag);
    // A request id that is not a sane token is replaced, on both routes.
    const odd = await t.http().get('/api/catalog').set('X-Request-Id', 'ikke en gyldig id').expect(200);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown API route answers 404 in the error shape, for GET and POST', async () => {
    const a = await t.http().get('/api/does-not-exist').expect(404);
    expect(a.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Ukjent API-adresse' });
    const b = await t.http().post('/api/does-not-exist').send({}).expect(404);
    expect(b.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('malformed JSON, a wrong content type, an oversized body and unknown fields answer 4xx in the error shape', async () => {
    const bad = await t.http().post('/api/leads').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
    const form = await t.http().post('/api/leads').set('Content-Type', 'text/plain').send('hei').expect(415);
    expect(form.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await t
      .http()
      .post('/api/leads')
      .send({ email: 'a@b.no', courseType: 'starter', source: 'x'.repeat(200_000) })
      .expect(413);
    expect(big.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    const extra = await t
      .http()
      .post('/api/leads')
      .send({ email: 'a@b.no', courseType: 'starter', source: '/', admin: true })
      .expect(400);
    expect(extra.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Ukjent felt: admin' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.http().get('/api/health').set('X-Request-Id', 'test-request-123');
    expect(res.headers['x-request-id']).toBe('test-request-123');
    // JSON answers carry the API set: nothing may load, frame or sniff them.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
