import { dayOfNumber, osloDate, osloDayNumber, osloDayStart, osloOffsetSpans } from './oslo-time';

const HOUR = 3_600_000;

describe('Oslo days by arithmetic on the period offsets', () => {
  it('finds the clock changes of a year at the hour they happen', () => {
    const spans = osloOffsetSpans(new Date('2025-01-01T00:00:00Z'), new Date('2025-12-31T23:00:00Z'));
    expect(spans.map((s) => [s.from.toISOString(), s.offsetHours])).toEqual([
      ['2025-01-01T00:00:00.000Z', 1],
      ['2025-03-30T01:00:00.000Z', 2],
      ['2025-10-26T01:00:00.000Z', 1],
    ]);
  });

  it('a period inside summer time has one span', () => {
    const spans = osloOffsetSpans(new Date('2025-06-01T00:00:00Z'), new Date('2025-06-30T00:00:00Z'));
    expect(spans).toEqual([{ from: new Date('2025-06-01T00:00:00Z'), offsetHours: 2 }]);
  });

  it('gives the same day as Intl for every quarter hour of 366 days, across both changes', () => {
    const start = osloDayStart('2025-11-20')!;
    const end = new Date(osloDayStart('2026-11-21')!.getTime() - 1);
    const spans = osloOffsetSpans(start, end);
    expect(spans).toHaveLength(3);
    const wrong: string[] = [];
    for (let t = start.getTime(); t <= end.getTime(); t += HOUR / 4) {
      const at = new Date(t);
      if (dayOfNumber(osloDayNumber(spans, at)) !== osloDate(at)) wrong.push(at.toISOString());
    }
    expect(wrong).toEqual([]);
  });
});
