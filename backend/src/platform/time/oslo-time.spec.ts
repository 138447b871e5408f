import { dayOfNumber, osloDate, osloDayStart, osloOffsetSpans } from './oslo-time';

const HOUR = 3_600_000;

/** What platform/database/oslo-day-sql.ts computes in SQL: hours since 1970 plus the span's offset, over 24. */
function dayNumberAsSql(spans: Array<{ from: Date; offsetHours: number }>, at: Date): number {
  let offset = spans[0].offsetHours;
  for (const s of spans) if (at >= s.from) offset = s.offsetHours;
  return Math.floor((Math.floor(at.getTime() / HOUR) + offset) / 24);
}

describe('Oslo days from the period offsets, as the SQL counts them', () => {
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
      if (dayOfNumber(dayNumberAsSql(spans, at)) !== osloDate(at)) wrong.push(at.toISOString());
    }
    expect(wrong).toEqual([]);
  });
});
