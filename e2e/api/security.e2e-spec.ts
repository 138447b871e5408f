import { ARGON2_PARAMS } from '../../backend/src/platform/crypto/password';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { newToken, sha256 } from '../../backend/src/platform/crypto/tokens';
import { Course } from '../../backend/src/catalog/entities/course.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { CatalogService } from '../../backend/src/catalog/catalog.service';
import { sessionCookie, staticRootFixture } from './support/route-fixture';
import { createUser, startTestApp, type TestApp, uniqueEmail } from './support/test-app';

/** Session fixation, cookie flags, security headers and CSP, login throttling, password hashes. */

type Res = { status: number; headers: Record<string, unknown>; body: unknown; text: string };

function setCookies(res: Res): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
}

/** The value of the named cookie set by an answer. */
function cookieValue(res: Res, name: string): string | undefined {
  const c = setCookies(res).find((x) => x.startsWith(`${name}=`));
  return c?.split(';')[0].slice(name.length + 1);
}

/** The attributes of the named Set-Cookie, lowercased, without the value. */
function cookieAttributes(res: Res, name: string): string[] {
  const c = setCookies(res).find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies(res))}`);
  return c
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
}

describe('session fixation: every way of signing in gives a new session and ends the one the browser had', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The sign-in routes, each for a victim the attacker does not control. */
  const SIGN_INS: Array<
    [string, (t: TestApp) => Promise<{ path: string; body: Record<string, unknown>; victim: () => Promise<User> }>]
  > = [
    [
      'password login',
      async (t) => {
        const user = await createUser(t, { password: 'offerets-passord' });
        return { path: '/api/auth/login', body: { email: user.email, password: 'offerets-passord' }, victim: async () => user };
      },
    ],
    [
      'one-time login token',
      async (t) => {
        const user = await createUser(t, { password: null });
        const token = await t.app.get(LoginTokensService).issue(user.id);
        // The visitor confirms leaving the session the browser had (it may be someone else's).
        return { path: '/api/auth/token-login', body: { token, switchAccount: true }, victim: async () => user };
      },
    ],
    [
      'password reset link',
      async (t) => {
        const user = await createUser(t);
        const token = await t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
        return {
          path: '/api/auth/reset-password',
          body: { token, newPassword: 'nytt-passord', confirmPassword: 'nytt-passord' },
          victim: async () => user,
        };
      },
    ],
    [
      'demo checkout of a new buyer',
      async (t) => {
        const email = uniqueEmail('kjoper');
        return {
          path: '/api/checkout/sessions',
          body: {
            courseId: 'foundation',
            email,
            firstName: 'Kari',
            lastName: 'Nordmann',
            paymentMethod: 'card',
            acceptTerms: true,
            acceptRisk: true,
          },
          victim: () => t.ds.getRepository(User).findOneByOrFail({ email }),
        };
      },
    ],
  ];

  it.each(SIGN_INS)('%s: a planted made-up cookie is replaced', async (_label, setup) => {
    const { path, body, victim } = await setup(t);
    const planted = newToken();
    const res = (await t.http().post(path).set('Cookie', `sid=${planted}`).send(body)) as unknown as Res;
    expect(res.status).toBeLessThan(300);
    const issued = cookieValue(res, 'sid');
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect(await t.ds.getRepository(Session).existsBy({ tokenHash: sha256(planted) })).toBe(false);
    await t.http().get('/api/auth/me').set('Cookie', `sid=${planted}`).expect(200, 'null');
    const me = await t.http().get('/api/auth/me').set('Cookie', `sid=${issued}`).expect(200);
    expect(me.body.id).toBe((await victim()).id);
  });

  // (A signed-in visitor's demo checkout buys for the account signed in, and signs no one in.)
  it.each(SIGN_INS.slice(0, 3))(
    "%s: the attacker's own planted session is ended, never lifted to the victim",
    async (_label, setup) => {
      const attacker = await createUser(t);
      const planted = (await sessionCookie(t, attacker)).split('=')[1];
      const { path, body, victim } = await setup(t);
      const res = (await t.http().post(path).set('Cookie', `sid=${planted}`).send(body)) as unknown as Res;
      expect(res.status).toBeLessThan(300);
      const issued = cookieValue(res, 'sid')!;
      expect(issued).not.toBe(planted);
      // The planted token is no session at all now: not the attacker's, and not the victim's.
      await t.http().get('/api/auth/me').set('Cookie', `sid=${planted}`).expect(200, 'null');
      const sessions = await t.ds.getRepository(Session).findBy({ userId: (await victim()).id });
      expect(sessions.map((s) => s.tokenHash)).toEqual([sha256(issued)]);
    },
  );
});

describe('cookie flags', () => {
  it('http: HttpOnly, SameSite=Lax, Path=/, no Secure; logout clears it with the same attributes', async () => {
    const t = await startTestApp();
    try {
      const user = await createUser(t, { password: 'riktig-passord' });
      const res = (await t
        .http()
        .post('/api/auth/login')
        .send({ email: user.email, password: 'riktig-passord' })) as unknown as Res;
      expect(res.status).toBe(200);
      const attrs = cookieAttributes(res, 'sid');
      expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(attrs).not.toContain('secure');
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      const out = (await t
        .http()
        .post('/api/auth/logout')
        .set('X-Requested-With', 'fetch')
        .set('Cookie', `sid=${cookieValue(res, 'sid')}`)) as unknown as Res;
      expect(out.status).toBe(204);
      expect(cookieValue(out, 'sid')).toBe('');
      expect(cookieAttributes(out, 'sid')).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    } finally {
      await t.close();
    }
  });

  describe('https PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ PUBLIC_URL: 'https://akademiet.example.no' });
    });
    afterAll(() => t.close());

    it('the session cookie is __Host-sid: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; HSTS is sent', async () => {
      const user = await createUser(t, { password: 'riktig-passord' });
      const res = (await t
        .http()
        .post('/api/auth/login')
        .send({ email: user.email, password: 'riktig-passord' })) as unknown as Res;
      expect(res.status).toBe(200);
      expect(setCookies(res).some((c) => c.startsWith('sid='))).toBe(false);
      const attrs = cookieAttributes(res, '__Host-sid');
      expect(attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
      const token = cookieValue(res, '__Host-sid')!;
      await t.http().get('/api/auth/me').set('Cookie', `__Host-sid=${token}`).expect(200);
      // The unprefixed name (which a sibling subdomain could set) is not read.
      await t.http().get('/api/auth/me').set('Cookie', `sid=${token}`).expect(200, 'null');
      const out = (await t
        .http()
        .post('/api/auth/logout')
        .set('X-Requested-With', 'fetch')
        .set('Cookie', `__Host-sid=${token}`)) as unknown as Res;
      expect(cookieAttributes(out, '__Host-sid')).toEqual(expect.arrayContaining(['secure', 'httponly', 'path=/']));
    });

    it("the demo checkout's sign-in uses the same cookie", async () => {
      const res = (await t
        .http()
        .post('/api/checkout/sessions')
        .send({
          courseId: 'accelerator',
          email: uniqueEmail('kjoper'),
          firstName: 'Kari',
          lastName: 'Nordmann',
          paymentMethod: 'vipps',
          acceptTerms: true,
          acceptRisk: true,
        })) as unknown as Res;
      expect(res.status).toBe(201);
      expect(cookieAttributes(res, '__Host-sid')).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
      );
    });
  });
});

describe('security headers and the Content-Security-Policy', () => {
  let t: TestApp;
  const pages = staticRootFixture();
  beforeAll(async () => {
    t = await startTestApp({ STATIC_ROOT: pages.dir });
  });
  afterAll(async () => {
    await t.close();
    pages.remove();
  });

  function directives(res: Res): Map<string, string[]> {
    const csp = String(res.headers['content-security-policy'] ?? '');
    const out = new Map<string, string[]>();
    for (const part of csp.split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name) out.set(name, values);
    }
    return out;
  }

  function expectSecurityHeaders(res: Res): void {
    const d = directives(res);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'", 'https://checkout.stripe.com']);
    expect(d.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    for (const [name, values] of d) {
      // No directive lets in inline or evaluated script.
      if (name.startsWith('script-src') || name === 'default-src') {
        expect(values).not.toContain("'unsafe-inline'");
        expect(values).not.toContain("'unsafe-eval'");
      }
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['x-frame-options']).toUpperCase()).toMatch(/^(DENY|SAMEORIGIN)$/);
    // no-referrer (stricter) where the address carries a secret, like the unsubscribe link.
    expect(['strict-origin-when-cross-origin', 'no-referrer']).toContain(res.headers['referrer-policy']);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  }

  it.each([
    ['the landing page', '/'],
    ['an app page (shell)', '/dashboard'],
    ['the admin panel', '/admin'],
    ['the robots file', '/robots.txt'],
  ])('%s: HTML-family answer with every header', async (_label, path) => {
    const res = (await t.http().get(path)) as unknown as Res;
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });

  it('HTML pages the API itself answers (unsubscribe, the no-JavaScript form error) carry them too, and no inline script', async () => {
    const unsub = (await t.http().get('/api/unsubscribe?email=x%40example.no&sig=feil')) as unknown as Res;
    const form = (await t
      .http()
      .post('/')
      .set('Accept', 'text/html')
      .type('form')
      .send({ 'form-name': 'lead-capture', email: 'ikke-epost', 'course-type': 'starter' })) as unknown as Res;
    for (const res of [unsub, form]) {
      expect(res.status).toBe(400);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html; charset=utf-8/);
      expectSecurityHeaders(res);
      expect(res.text).not.toMatch(/<script(?![^>]*type="application\/json")/i);
      expect(res.text).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('JSON answers and errors: the API set (nothing may load, frame, sniff or read them cross-origin), errors never cached, no CORS for a foreign origin', async () => {
    for (const res of [
      (await t.http().get('/api/catalog').set('Origin', 'https://evil.example')) as unknown as Res,
      (await t.http().get('/api/auth/me').set('Origin', 'https://evil.example')) as unknown as Res,
      (await t.http().get('/api/finnes-ikke')) as unknown as Res,
      (await t.http().post('/api/leads').send({ email: 'ikke-epost' })) as unknown as Res,
    ]) {
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      if (res.status >= 400) expect(res.headers['cache-control']).toBe('no-store');
    }
    const preflight = (await t
      .http()
      .options('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')) as unknown as Res;
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('catalogue text cannot break out of the page state script (stored XSS through an admin edit)', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    await t.ds.getRepository(Course).update({ id: 'kryptovaluta' }, { title: evil });
    t.app.get(CatalogService).invalidate();
    const res = (await t.http().get('/dashboard')) as unknown as Res;
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    const state = /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/.exec(res.text);
    expect(state).not.toBeNull();
    expect(JSON.stringify(JSON.parse(state![1]))).toContain('alert(1)');
  });
});

describe('login throttling', () => {
  it('per client address across accounts, answering 429 with Retry-After; the right password is refused while blocked', async () => {
    const t = await startTestApp({ RATE_LIMIT_LOGIN: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
    try {
      const user = await createUser(t, { password: 'riktig-passord' });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        // A credential-stuffing run: a new address every time (counts against the client address).
        statuses.push(
          (
            await t
              .http()
              .post('/api/auth/login')
              .send({ email: uniqueEmail('gjett'), password: 'x' })
          ).status,
        );
      }
      const blocked = (await t
        .http()
        .post('/api/auth/login')
        .send({ email: user.email, password: 'riktig-passord' })) as unknown as Res;
      expect(statuses).toEqual([401, 401, 401]);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(setCookies(blocked)).toEqual([]);
      expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('X-Forwarded-For is not trusted unless TRUST_PROXY is set (a rotating header does not reset the count)', async () => {
    const t = await startTestApp({ RATE_LIMIT_LOGIN: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', `203.0.113.${i + 1}`)
          .send({ email: uniqueEmail('gjett'), password: 'x' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy the limit is per real client: one blocked client does not block another', async () => {
    const t = await startTestApp({ RATE_LIMIT_LOGIN: '3', TRUST_PROXY: '1' });
    try {
      const user = await createUser(t, { password: 'riktig-passord' });
      for (let i = 0; i < 3; i++)
        await t
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', '203.0.113.7')
          .send({ email: uniqueEmail('gjett'), password: 'x' })
          .expect(401);
      await t
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '203.0.113.7')
        .send({ email: user.email, password: 'riktig-passord' })
        .expect(429);
      await t
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '198.51.100.9')
        .send({ email: user.email, password: 'riktig-passord' })
        .expect(200);
    } finally {
      await t.close();
    }
  });

  it('a known and an unknown address get the same answer to a wrong password (no account enumeration)', async () => {
    const t = await startTestApp();
    try {
      const user = await createUser(t, { password: 'riktig-passord' });
      const known = await t.http().post('/api/auth/login').send({ email: user.email, password: 'feil-passord' });
      const unknown = await t
        .http()
        .post('/api/auth/login')
        .send({ email: uniqueEmail('ingen'), password: 'feil-passord' });
      expect(known.status).toBe(401);
      expect(unknown.body).toEqual(known.body);
    } finally {
      await t.close();
    }
  });
});

describe('password hashes', () => {
  const PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'mentor@example.no', ADMIN_PASSWORD: 'admin-passord-123' });
  });
  afterAll(() => t.close());

  function expectArgon2id(hash: string | null, password: string): void {
    expect(PREFIX).toBe('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(hash).not.toBeNull();
    expect(hash!.startsWith(PREFIX)).toBe(true);
    const [salt, digest] = hash!.slice(PREFIX.length).split('$');
    expect(Buffer.from(salt, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(digest, 'base64').length).toBe(32);
    expect(hash).not.toContain(password);
  }

  const hashOf = async (email: string) => (await t.ds.getRepository(User).findOneByOrFail({ email })).passwordHash;

  it('the admin seeded at start', async () => {
    expectArgon2id(await hashOf('mentor@example.no'), 'admin-passord-123');
  });

  it('a first password, a changed password and a reset password are all argon2id m=19456,t=2,p=1 with their own salt', async () => {
    const user = await createUser(t, { password: null });
    const token = await t.app.get(LoginTokensService).issue(user.id);
    const agent = t.agent();
    await agent.post('/api/auth/token-login').send({ token }).expect(200);
    await agent.post('/api/auth/password').send({ newPassword: 'forste-passord', confirmPassword: 'forste-passord' }).expect(200);
    const first = await hashOf(user.email);
    expectArgon2id(first, 'forste-passord');
    await agent
      .post('/api/auth/password')
      .send({ currentPassword: 'forste-passord', newPassword: 'andre-passord', confirmPassword: 'andre-passord' })
      .expect(200);
    const second = await hashOf(user.email);
    expectArgon2id(second, 'andre-passord');
    const reset = await t.app.get(LoginTokensService).issue(user.id, 3600_000, 'reset');
    await t
      .http()
      .post('/api/auth/reset-password')
      .send({ token: reset, newPassword: 'tredje-passord', confirmPassword: 'tredje-passord' })
      .expect(200);
    const third = await hashOf(user.email);
    expectArgon2id(third, 'tredje-passord');
    const salts = [first, second, third].map((h) => h!.slice(PREFIX.length).split('$')[0]);
    expect(new Set(salts).size).toBe(3);
    // Two accounts with the same password still get different hashes.
    const twin = await createUser(t, { password: 'tredje-passord' });
    expect(await hashOf(twin.email)).not.toBe(third);
  });
});
