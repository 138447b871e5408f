import { osloDate, osloDayEnd, osloDayStart } from '../../platform/time/oslo-time';
import { osloDateIn } from './sales-report.service';

describe("osloDateIn (the report's dates from the period's offsets)", () => {
  it.each([
    ['a year over both clock changes', '2025-11-28', '2026-11-28'],
    ['a two-month term with the autumn change', '2026-09-01', '2026-10-31'],
    ['a term with the spring change', '2026-03-01', '2026-04-30'],
  ])('%s: every minute around each hour gives the Oslo date', (_, from, to) => {
    const period = { start: osloDayStart(from)!, end: osloDayEnd(to)! };
    const dateOf = osloDateIn(period);
    for (let t = period.start.getTime(); t < period.end.getTime(); t += 3_600_000)
      for (const d of [new Date(t), new Date(t + 59_999), new Date(t - 1)]) expect(dateOf(d)).toBe(osloDate(d));
  });

  it('an instant outside the period still gets its Oslo date', () => {
    const dateOf = osloDateIn({ start: osloDayStart('2026-09-01')!, end: osloDayEnd('2026-10-31')! });
    for (const iso of ['2026-03-29T00:30:00Z', '2026-12-31T23:30:00Z', '2026-08-31T21:59:59.999Z'])
      expect(dateOf(new Date(iso))).toBe(osloDate(new Date(iso)));
  });
});
