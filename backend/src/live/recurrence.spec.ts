import { osloLocalString, parseStartsAt, seriesStarts } from './recurrence';

const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe('live-session times (Europe/Oslo wall time, stored UTC)', () => {
  it('reads the form’s Oslo wall time on both sides of the clock changes, and ISO instants as they are', () => {
    expect(parseStartsAt('2026-03-28T18:00')?.toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(parseStartsAt('2026-03-29T18:00')?.toISOString()).toBe('2026-03-29T16:00:00.000Z');
    expect(parseStartsAt('2026-10-24T18:00')?.toISOString()).toBe('2026-10-24T16:00:00.000Z');
    expect(parseStartsAt('2026-10-25T18:00')?.toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(parseStartsAt('2026-07-01T16:30:00Z')?.toISOString()).toBe('2026-07-01T16:30:00.000Z');
    expect(parseStartsAt('2026-07-01T18:30:00+02:00')?.toISOString()).toBe('2026-07-01T16:30:00.000Z');
    for (const bad of ['', 'snart', '2026-02-30T18:00', '2026-03-01T24:00', '2026-03-01 18:00', '2026-07-01T16:30:15Z', 42, null])
      expect(parseStartsAt(bad)).toBeNull();
    expect(osloLocalString(new Date('2026-10-25T17:00:00Z'))).toBe('2026-10-25T18:00');
  });

  it('repeats weekly at the same wall time across the spring change', () => {
    expect(iso(seriesStarts(new Date('2026-03-19T17:00:00Z'), { frequency: 'weekly', count: 3 }))).toEqual([
      '2026-03-19T17:00:00.000Z',
      '2026-03-26T17:00:00.000Z',
      '2026-04-02T16:00:00.000Z',
    ]);
  });

  it('repeats on the first same weekday of each month, until a day (inclusive), across the autumn change', () => {
    // Tuesday 6 October 2026 18:00 CEST.
    expect(
      iso(seriesStarts(new Date('2026-10-06T16:00:00Z'), { frequency: 'monthly-first-weekday', until: '2027-01-05' })),
    ).toEqual(['2026-10-06T16:00:00.000Z', '2026-11-03T17:00:00.000Z', '2026-12-01T17:00:00.000Z', '2027-01-05T17:00:00.000Z']);
  });

  it('refuses series it cannot make', () => {
    const start = new Date('2026-03-19T17:00:00Z'); // the third Thursday of March
    expect(() => seriesStarts(start, { frequency: 'monthly-first-weekday', count: 3 })).toThrow();
    expect(() => seriesStarts(start, { frequency: 'weekly' })).toThrow();
    expect(() => seriesStarts(start, { frequency: 'weekly', count: 2, until: '2026-04-01' })).toThrow();
    expect(() => seriesStarts(start, { frequency: 'weekly', count: 53 })).toThrow();
    expect(() => seriesStarts(start, { frequency: 'weekly', until: '2026-03-20' })).toThrow();
    expect(() => seriesStarts(start, { frequency: 'weekly', until: '2028-01-01' })).toThrow();
    expect(() => seriesStarts(start, { frequency: 'daily' as never, count: 3 })).toThrow();
  });
});
