import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  afterEach(() => jest.useRealTimers());

  it('callers while a read is in flight share it; the value is reused for the ttl, then read again', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const reads = new SingleFlight<number>(3000);
    let n = 0;
    const read = jest.fn(async () => ++n);
    const all = await Promise.all(Array.from({ length: 50 }, () => reads.get('a', read)));
    expect(all).toEqual(Array(50).fill(1));
    expect(read).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_002_999);
    expect(await reads.get('a', read)).toBe(1);
    jest.setSystemTime(1_003_001);
    expect(await reads.get('a', read)).toBe(2);
    expect(await reads.get('b', read)).toBe(3);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('a failed read is shared by those waiting for it, and not kept', async () => {
    const reads = new SingleFlight<string>(3000);
    const fail = jest.fn(async () => {
      throw new Error('nede');
    });
    const results = await Promise.allSettled([reads.get('a', fail), reads.get('a', fail)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fail).toHaveBeenCalledTimes(1);
    expect(await reads.get('a', async () => 'ok')).toBe('ok');
  });

  it('holds at most maxEntries keys', async () => {
    const reads = new SingleFlight<number>(60_000, 3);
    for (let i = 0; i < 10; i++) await reads.get(`k${i}`, async () => i);
    const again = jest.fn(async () => -1);
    expect(await reads.get('k9', again)).toBe(9);
    expect(await reads.get('k0', again)).toBe(-1);
  });
});
