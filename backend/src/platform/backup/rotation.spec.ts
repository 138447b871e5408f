import { archiveName, archivesToDelete, archiveTime, isoWeek } from './rotation';

describe('backup rotation: 7 daily and 4 weekly archives', () => {
  const day = (d: string, hh = '02') => archiveName(new Date(`${d}T${hh}:30:00Z`), false);

  it('names archives by their UTC time and reads it back', () => {
    const at = new Date('2026-03-01T02:30:05.123Z');
    expect(archiveName(at, false)).toBe('academy-2026-03-01T02-30-05Z.tar.gz');
    expect(archiveName(at, true)).toBe('academy-2026-03-01T02-30-05Z.tar.gz.enc');
    expect(archiveTime(archiveName(at, true))).toEqual(new Date('2026-03-01T02:30:05Z'));
    expect(archiveTime('notes.txt')).toBeNull();
  });

  it('ISO weeks: Monday starts the week; the first week has the year’s first Thursday', () => {
    expect(isoWeek(new Date('2026-01-01T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2025-12-29T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2026-03-01T12:00:00Z'))).toBe('2026-W09');
    expect(isoWeek(new Date('2026-03-02T12:00:00Z'))).toBe('2026-W10');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
  });

  it('after 60 nightly runs: the last 7 days, and the newest of each of the last 4 weeks', () => {
    const names: string[] = [];
    for (let i = 0; i < 60; i++) names.push(day(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)));
    const deleted = new Set(archivesToDelete([...names, 'README.txt'], 7, 4));
    const kept = names.filter((n) => !deleted.has(n));
    expect(deleted.has('README.txt')).toBe(false);
    // 2026-03-01 is the newest (a Sunday, week 9); the 7 days are 2026-02-23 … 2026-03-01 (all of week 9).
    expect(kept).toEqual([
      day('2026-02-08'), // newest of week 6
      day('2026-02-15'), // week 7
      day('2026-02-22'), // week 8
      day('2026-02-23'),
      day('2026-02-24'),
      day('2026-02-25'),
      day('2026-02-26'),
      day('2026-02-27'),
      day('2026-02-28'),
      day('2026-03-01'), // newest of week 9 (and a daily one)
    ]);
  });

  it('several archives on one day: the newest counts for the day, the others go', () => {
    const names = [day('2026-03-01', '02'), day('2026-03-01', '14'), day('2026-02-28', '02')];
    expect(archivesToDelete(names, 7, 4)).toEqual([day('2026-03-01', '02')]);
  });

  it('keeps everything while there are fewer archives than days', () => {
    const names = [day('2026-03-01'), day('2026-02-27')];
    expect(archivesToDelete(names, 7, 4)).toEqual([]);
  });
});
