import { ConfigError, parseEnv } from '../../backend/src/platform/config/env.schema';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * TRUST_PROXY says which proxies' X-Forwarded-For is believed, so every rate limit counts the real
 * client behind them, and a client cannot pick its own address by sending the header itself.
 */

const lead = (n: number) => ({ email: `proxy-${n}-${Date.now()}@example.no`, courseType: 'starter', source: '/' });

async function leadStatuses(t: TestApp, forwardedFor: (i: number) => string, count: number, from = 0): Promise<number[]> {
  const out: number[] = [];
  for (let i = from; i < from + count; i++)
    out.push((await t.http().post('/api/leads').set('X-Forwarded-For', forwardedFor(i)).send(lead(i))).status);
  return out;
}

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES: '3' });
  });
  afterAll(() => t.close());

  it('the client is the last X-Forwarded-For address: addresses the client wrote before it are ignored', async () => {
    expect(await leadStatuses(t, (i) => `192.0.2.${i + 1}, 203.0.113.5`, 5)).toEqual([201, 201, 201, 429, 429]);
    // The proxy's own entry for another client.
    expect(await leadStatuses(t, () => '203.0.113.5, 198.51.100.6', 1, 10)).toEqual([201]);
  });

  it('IPv6 clients are counted by their /64', async () => {
    expect(await leadStatuses(t, (i) => `2001:db8:aa:bb::${i + 1}`, 4, 20)).toEqual([201, 201, 201, 429]);
    expect(await leadStatuses(t, () => '2001:db8:aa:bc::1', 1, 30)).toEqual([201]);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('the listed proxy is believed, and only for its own entry', async () => {
    const t = await startTestApp({ TRUST_PROXY: '127.0.0.1, ::1, ::ffff:127.0.0.1', RATE_LIMIT_WRITES: '2' });
    try {
      expect(await leadStatuses(t, (i) => `192.0.2.${i + 1}, 203.0.113.9`, 3)).toEqual([201, 201, 429]);
      expect(await leadStatuses(t, () => '203.0.113.10', 1, 10)).toEqual([201]);
    } finally {
      await t.close();
    }
  });

  it('a connection that is not from a listed proxy is counted by its own address, whatever it forwards', async () => {
    const t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_WRITES: '2' });
    try {
      expect(await leadStatuses(t, (i) => `203.0.113.${i + 1}`, 3)).toEqual([201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY=true', () => {
  it('is refused at start, naming the variable (any client could choose its own address)', () => {
    let err: unknown;
    try {
      parseEnv({ NODE_ENV: 'test', TRUST_PROXY: 'true' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });
});
