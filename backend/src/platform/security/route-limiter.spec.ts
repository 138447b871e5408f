import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseEnv } from '../config/env.schema';
import { AppError } from '../errors/app-error';
import { RouteLimiter } from './route-limiter';
import type { RouteLimit } from './route-policy';
import type { WriteLimit } from './write-limit';

/** What the limiter counted, in order; a counter over `blockAfter` hits refuses like the real one. */
function counters(blockAfter = Infinity) {
  const taken: Array<[string, string, number, number, boolean]> = [];
  const hits = new Map<string, number>();
  const fake = {
    hit: jest.fn(async () => undefined),
    take: jest.fn(
      async (name: string, key: string, limit: number, ttlMs: number, reply: FastifyReply, o: { exact?: boolean }) => {
        taken.push([name, key, limit, ttlMs, !!o.exact]);
        const n = (hits.get(`${name}|${key}`) ?? 0) + 1;
        hits.set(`${name}|${key}`, n);
        if (n > Math.min(limit, blockAfter)) {
          void reply.header('retry-after', '60');
          throw new AppError(429, 'TOO_MANY_REQUESTS', 'For mange');
        }
      },
    ),
  };
  return { fake: fake as unknown as WriteLimit, taken, hitCalls: fake.hit };
}

function reply() {
  const sent: Record<string, unknown> = { headers: {} as Record<string, string> };
  const r = {
    status: (s: number) => ((sent.status = s), r),
    header: (k: string, v: string) => (((sent.headers as Record<string, string>)[k] = v), r),
    send: () => ((sent.sent = true), r),
  };
  return { reply: r as unknown as FastifyReply, sent };
}

const req = (over: Partial<{ ip: string; query: object; params: object; body: object }> = {}) =>
  ({ ip: '192.0.2.7', query: {}, params: {}, ...over }) as unknown as FastifyRequest;

describe('RouteLimiter (the pipeline’s rate-limit step)', () => {
  const cfg = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', RATE_LIMIT_WRITES: '7', RATE_LIMIT_LOGIN: '3' });

  /** Accounts as the identity module finds them: every spelling of an address is one account. */
  const accounts = (user: number | null) => {
    const lookups: unknown[] = [];
    return {
      lookups,
      signedIn: async () => user,
      named: async (email: unknown) => {
        lookups.push(email);
        return typeof email === 'string' ? `user:${email.toLowerCase()}` : null;
      },
    };
  };
  const signedIn = accounts(42);
  const anonymous = accounts(null);

  it('counts the write limit, then the declared limits in order, by their keys and rates', async () => {
    const c = counters();
    const limits: RouteLimit[] = [
      { name: 'a', key: 'client', rate: 'writes' },
      { name: 'b', key: 'param:id', rate: { hits: 40, windowMs: 60_000 }, exact: true },
      { name: 'c', key: 'account', rate: 'login', exact: true },
    ];
    await new RouteLimiter(cfg, c.fake).count(req({ params: { id: 'cs_1' } }), reply().reply, { writes: true, limits }, signedIn);
    expect(c.hitCalls).toHaveBeenCalledTimes(1);
    const window = cfg.rateLimitWindowSeconds * 1000;
    expect(c.taken).toEqual([
      ['a', '192.0.2.7', 7, window, false],
      ['b', 'cs_1', 40, 60_000, true],
      ['c', 'user:42', 3, window, true],
    ]);
  });

  it('counts per account the body names across clients (every spelling one key); no account lookup for a client already refused', async () => {
    const c = counters();
    const limiter = new RouteLimiter(cfg, c.fake);
    const login: RouteLimit[] = [
      { name: 'login', key: 'client', rate: 'login', exact: true },
      { name: 'login', key: 'email', rate: 'login', exact: true },
    ];
    const step = { writes: false, limits: login };
    const a = accounts(null);
    const r = reply();
    await limiter.count(req({ ip: '203.0.113.1', body: { email: 'Kari@x.no' } }), r.reply, step, a);
    await limiter.count(req({ ip: '203.0.113.2', body: { email: 'kari@x.no' } }), r.reply, step, a);
    await limiter.count(req({ ip: '203.0.113.3', body: { email: 'KARI@X.NO' } }), r.reply, step, a);
    const fourth = limiter.count(req({ ip: '203.0.113.4', body: { email: 'kari@X.no' } }), r.reply, step, a);
    await expect(fourth).rejects.toMatchObject({ status: 429 });
    await expect(fourth).rejects.toBeInstanceOf(AppError);
    expect(r.sent.headers).toEqual({ 'retry-after': '60' });
    expect(c.taken.filter((t) => t[1].startsWith('user:')).map((t) => t[1])).toEqual(Array(4).fill('user:kari@x.no'));

    // Per client: an IPv6 client by its /64; a client over the limit is not looked up.
    for (let i = 1; i <= 3; i++) await limiter.count(req({ ip: `2001:db8:1:2::${i}`, body: {} }), r.reply, step, a);
    const looked = a.lookups.length;
    await expect(
      limiter.count(req({ ip: '2001:db8:1:2::99', body: { email: 'ola@x.no' } }), r.reply, step, a),
    ).rejects.toMatchObject({ status: 429 });
    expect(a.lookups.length).toBe(looked);
    // Another /64 is another client.
    await expect(limiter.count(req({ ip: '2001:db8:1:3::1', body: {} }), r.reply, step, a)).resolves.toBeUndefined();
  });

  it('skips a limit by account without a session, and one by a query parameter the request leaves blank', async () => {
    const c = counters();
    const limits: RouteLimit[] = [
      { name: 'q', key: 'client', rate: 'writes', ifQuery: 'campaignCode' },
      { name: 'u', key: 'account', rate: 'login' },
    ];
    const limiter = new RouteLimiter(cfg, c.fake);
    await limiter.count(req({ query: { campaignCode: '  ' } }), reply().reply, { writes: false, limits }, anonymous);
    expect(c.taken).toEqual([]);
    expect(c.hitCalls).not.toHaveBeenCalled();
    await limiter.count(req({ query: { campaignCode: 'VÅR' } }), reply().reply, { writes: false, limits }, anonymous);
    expect(c.taken.map((t) => t[0])).toEqual(['q']);
  });

  it('over a limit: 429 (the next limit is not counted), or the limit’s redirect with Retry-After', async () => {
    const c = counters(0);
    const limiter = new RouteLimiter(cfg, c.fake);
    const two: RouteLimit[] = [
      { name: 'first', key: 'client', rate: 'writes' },
      { name: 'second', key: 'client', rate: 'writes' },
    ];
    await expect(limiter.count(req(), reply().reply, { writes: false, limits: two }, anonymous)).rejects.toMatchObject({
      status: 429,
    });
    expect(c.taken.map((t) => t[0])).toEqual(['first']);

    const r = reply();
    const busy: RouteLimit = {
      name: 'd',
      key: 'account',
      rate: { hits: 10, windowMs: 600_000 },
      redirect: '/account/settings?discord=busy',
    };
    await limiter.count(req(), r.reply, { writes: false, limits: [busy] }, signedIn);
    expect(r.sent).toEqual({
      status: 302,
      sent: true,
      headers: { 'retry-after': '60', location: '/account/settings?discord=busy', 'cache-control': 'no-store' },
    });
  });
});
