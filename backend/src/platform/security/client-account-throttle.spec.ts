import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { ClientAccountThrottleGuard, type ClientAccountLimits } from './client-account-throttle';
import type { DbThrottlerStorage } from './db-throttler.storage';

/** Counters in memory with the storage's contract: blocked once a key is over its limit. */
function counters() {
  const hits = new Map<string, number>();
  const calls: string[] = [];
  const storage = {
    increment: async (key: string, ttl: number, limit: number, _block: number, name: string) => {
      calls.push(`${name}:${key}`);
      const n = (hits.get(`${name}:${key}`) ?? 0) + 1;
      hits.set(`${name}:${key}`, n);
      return { totalHits: n, timeToExpire: ttl / 1000, isBlocked: n > limit, timeToBlockExpire: n > limit ? 42 : 0 };
    },
  };
  return { storage: storage as unknown as DbThrottlerStorage, calls };
}

class TestGuard extends ClientAccountThrottleGuard {
  lookups = 0;
  protected limits(): ClientAccountLimits {
    return { name: 'test', windowMs: 60_000, perClient: 3, perAccount: 2 };
  }
  protected async accountKey(req: FastifyRequest): Promise<string | null> {
    this.lookups++;
    const email = (req.body as { email?: string }).email;
    return email ? `user:${email.toLowerCase()}` : null;
  }
}

function context(ip: string, body: unknown, headers: Record<string, string>): ExecutionContext {
  return {
    switchToHttp: () => ({
      getRequest: () => ({ ip, body }),
      getResponse: () => ({ header: (k: string, v: string) => void (headers[k] = v) }),
    }),
  } as unknown as ExecutionContext;
}

describe('ClientAccountThrottleGuard', () => {
  it('counts per account across clients, every spelling the account key makes one', async () => {
    const { storage, calls } = counters();
    const guard = new TestGuard(storage);
    const headers: Record<string, string> = {};
    await guard.canActivate(context('203.0.113.1', { email: 'Kari@x.no' }, headers));
    await guard.canActivate(context('203.0.113.2', { email: 'kari@x.no' }, headers));
    const third = guard.canActivate(context('203.0.113.3', { email: 'KARI@X.NO' }, headers));
    await expect(third).rejects.toMatchObject({ status: 429 });
    await expect(third).rejects.toBeInstanceOf(AppError);
    expect(headers['retry-after']).toBe('42');
    expect(calls.filter((c) => c.startsWith('test:acct:'))).toEqual(Array(3).fill('test:acct:user:kari@x.no'));
  });

  it('counts per client (an IPv6 client by its /64) and looks up no account for a client already blocked', async () => {
    const { storage } = counters();
    const guard = new TestGuard(storage);
    const headers: Record<string, string> = {};
    for (let i = 1; i <= 3; i++) await guard.canActivate(context(`2001:db8:1:2::${i}`, {}, headers));
    expect(guard.lookups).toBe(3);
    await expect(guard.canActivate(context('2001:db8:1:2::99', { email: 'ola@x.no' }, headers))).rejects.toMatchObject({
      status: 429,
    });
    expect(guard.lookups).toBe(3);
    // Another /64 is another client.
    await expect(guard.canActivate(context('2001:db8:1:3::1', {}, headers))).resolves.toBe(true);
  });
});
