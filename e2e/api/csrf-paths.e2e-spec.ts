import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { UnsubscribeService } from '../../backend/src/outbox/unsubscribe.service';
import { rawClient, type RawClient, type RawResponse } from './support/raw-http';
import { createUser, startTestApp, type TestApp, uniqueEmail } from './support/test-app';

/**
 * The CSRF rule holds for the route that will run, however the path is spelled: another site cannot
 * sign a visitor's browser into an account, store a lead or change anything by writing the API's path
 * differently (double or trailing slashes, percent-encoded letters, capitals, dot segments).
 */

const EVIL = 'https://evil.example';
const PASSWORD = 'riktig-hest-batteri-stift';

/** Other ways of writing a path to the same route, the path itself first. */
function spellings(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  const tail = rest.join('/');
  const lastSlash = path.lastIndexOf('/');
  const dir = path.slice(0, lastSlash);
  const leaf = path.slice(lastSlash + 1);
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  return [
    path,
    `/${path}`,
    `//${path}`,
    `/${first}//${tail}`,
    `${dir}//${leaf}`,
    `${path}/`,
    `${path}//`,
    `${path}?x=1`,
    `/${path}?x=1`,
    `/${hex('a')}pi/${tail}`,
    `/%41pi/${tail}`,
    `/${[...first].map(hex).join('')}/${tail}`,
    `${dir}/${hex(leaf[0])}${leaf.slice(1)}`,
    `${dir}/${leaf.slice(0, -1)}${hex(leaf[leaf.length - 1]).toUpperCase()}`,
    `/${first.toUpperCase()}/${tail}`,
    `/Api/${tail}`,
    path.toUpperCase(),
    `/${first}/./${tail}`,
    `/./${first}/${tail}`,
    `/x/../${first}/${tail}`,
    `${dir}/x/../${leaf}`,
    `/${first}/%2e/${tail}`,
    `/${first}/x/%2e%2e/${tail}`,
    `${path}/.`,
    `/${first}%2f${tail}`,
  ];
}

function sessionCookieOf(res: RawResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => /^(__Host-)?sid=[^;]/.test(c));
}

/** No handler ran: refused by the CSRF rule (403/415) or no such route (404). */
function expectRefused(res: RawResponse, path: string): void {
  expect({ path, status: [403, 404, 415].includes(res.status) ? 'refused' : res.status }).toEqual({ path, status: 'refused' });
  expect({ path, cookie: sessionCookieOf(res) }).toEqual({ path, cookie: undefined });
}

describe('CSRF rule on every spelling of a path', () => {
  let t: TestApp;
  let raw: RawClient;
  beforeAll(async () => {
    t = await startTestApp();
    raw = await rawClient(t);
  });
  afterAll(async () => {
    raw.close();
    await t.close();
  });

  it('the spellings used below do reach the routes when sent as JSON from the site itself', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const login = await raw.send({
      method: 'POST',
      path: '//api/auth/login',
      headers: { 'content-type': 'application/json', origin: t.cfg.publicOrigin },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const email = uniqueEmail('samme-side');
    const lead = await raw.send({
      method: 'POST',
      path: '/%61pi/leads',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, courseType: 'starter', source: '/' }),
    });
    expect(lead.status).toBe(201);
    expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(1);
  });

  it('a cross-site form-encoded login never opens a session, whatever the spelling', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const body = new URLSearchParams({ email: user.email, password: PASSWORD }).toString();
    for (const path of spellings('/api/auth/login')) {
      for (const origin of [EVIL, undefined]) {
        const res = await raw.send({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
          body,
        });
        expectRefused(res, `${path} (${origin ?? 'no origin'})`);
      }
    }
    expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(0);
  });

  it('a cross-site text/plain lead is never stored, whatever the spelling', async () => {
    const email = uniqueEmail('fremmed');
    const body = JSON.stringify({ email, courseType: 'starter', source: '/' });
    for (const path of spellings('/api/leads')) {
      for (const origin of [EVIL, undefined]) {
        const res = await raw.send({
          method: 'POST',
          path,
          headers: { 'content-type': 'text/plain;charset=UTF-8', ...(origin ? { origin } : {}) },
          body,
        });
        expectRefused(res, `${path} (${origin ?? 'no origin'})`);
      }
    }
    expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(0);
  });

  it('JSON from another origin is refused on every spelling', async () => {
    const email = uniqueEmail('fremmed-json');
    for (const path of spellings('/api/leads')) {
      const res = await raw.send({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', origin: EVIL },
        body: JSON.stringify({ email, courseType: 'starter', source: '/' }),
      });
      expectRefused(res, path);
    }
    expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(0);
  });

  it('every state-changing method is covered: PUT, PATCH and DELETE in a form or without a body are refused', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const login = await raw.send({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const cookie = sessionCookieOf(login)!.split(';')[0];
    const attempts: Array<[string, string]> = [
      ['DELETE', '//api/account'],
      ['DELETE', '/%61pi/account'],
      ['PUT', '//api/progress/current'],
      ['PATCH', '/%61pi/admin/leads/1'],
      ['POST', '//api/auth/logout'],
      ['POST', '/%61pi/auth/logout'],
      ['POST', '//api/auth/password'],
    ];
    for (const [method, path] of attempts) {
      for (const form of [true, false]) {
        const res = await raw.send({
          method,
          path,
          headers: {
            cookie,
            origin: EVIL,
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { body: 'a=1' } : {}),
        });
        const refused = [403, 415].includes(res.status);
        expect({ method, path, form, refused }).toEqual({ method, path, form, refused: true });
      }
    }
    // Still signed in, account still there.
    const me = await raw.send({ method: 'GET', path: '/api/auth/me', headers: { cookie } });
    expect(me.status).toBe(200);
    expect((me.json as { email: string }).email).toBe(user.email);
  });

  describe('the allow-list: callers that cannot send JSON from the site', () => {
    it('the no-JavaScript lead form (POST /, form-encoded) works from a plain form', async () => {
      const email = uniqueEmail('skjema');
      const res = await raw.send({
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ 'form-name': 'lead-capture', email, 'course-type': 'starter', source: '/' }).toString(),
      });
      expect(res.status).toBe(303);
      expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(1);
    });

    it('the Stripe webhook is judged by its signature, not by the CSRF rule', async () => {
      const res = await raw.send({
        method: 'POST',
        path: '/api/stripe/webhook',
        headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      expect([400, 503]).toContain(res.status);
      expect((res.json as { code?: string }).code).not.toBe('CSRF_REJECTED');
      expect(res.status).not.toBe(415);
    });

    it('one-click unsubscribe (RFC 8058): the mail provider posts List-Unsubscribe=One-Click to the signed link; 200, no page', async () => {
      const email = uniqueEmail('avmeld');
      await t.http().post('/api/leads').send({ email, courseType: 'starter', source: '/' }).expect(201);
      const link = new URL(t.app.get(UnsubscribeService).url(email));
      const path = link.pathname + link.search;

      const forged = await raw.send({
        method: 'POST',
        path: path.replace(/sig=[^&]+/, 'sig=AAAA'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(forged.status).toBe(400);
      expect((await t.ds.getRepository(Lead).findOneByOrFail({ email })).unsubscribedAt).toBeNull();

      const wrongBody = await raw.send({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=b',
      });
      expect(wrongBody.status).toBe(400);
      expect((await t.ds.getRepository(Lead).findOneByOrFail({ email })).unsubscribedAt).toBeNull();

      const res = await raw.send({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.ds.getRepository(Lead).findOneByOrFail({ email })).unsubscribedAt).toBeInstanceOf(Date);

      const again = await raw.send({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(again.status).toBe(200);
    });
  });

  it('API answers get the API security headers on every spelling, pages get the document headers', async () => {
    const api = await raw.send({ method: 'GET', path: '/api/catalog' });
    const apiCsp = api.headers['content-security-policy'];
    expect(apiCsp).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const path of [
      '//api/catalog',
      '/%61pi/catalog',
      '/api//catalog',
      '/api/catalog?x=1',
      '/api/finnes-ikke',
      '//api/finnes-ikke',
    ]) {
      const res = await raw.send({ method: 'GET', path });
      expect({ path, csp: res.headers['content-security-policy'] }).toEqual({ path, csp: apiCsp });
    }
    const page = await raw.send({ method: 'GET', path: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
