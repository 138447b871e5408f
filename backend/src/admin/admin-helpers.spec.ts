import { HttpException } from '@nestjs/common';
import { contentRange, likeContains, parse, parseListParams, MAX_PAGE_SIZE } from '../platform/list/list-query';
import { osloDayEnd, osloDayStart, osloDate, isoWeekLabel, weekStart, formatOslo } from '../platform/time/oslo-time';
import { csvCell, csvLine } from './leads/leads-csv';
import { normalizeVideoId } from './content/dto/admin-content.dto';

const status = (fn: () => unknown): number | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof HttpException ? e.getStatus() : -1;
  }
};

describe('list parameters (ra-data-simple-rest)', () => {
  const sortable = ['id', 'email'];
  it('reads sort, range and filter, with defaults', () => {
    expect(parseListParams({}, sortable, ['id', 'DESC'])).toEqual({
      sort: { field: 'id', order: 'DESC' },
      range: { start: 0, end: 24 },
      filter: {},
    });
    expect(
      parseListParams({ sort: '["email","asc"]', range: '[25,49]', filter: '{"q":"ola"}' }, sortable, ['id', 'DESC']),
    ).toEqual({ sort: { field: 'email', order: 'ASC' }, range: { start: 25, end: 49 }, filter: { q: 'ola' } });
  });

  it.each([
    [{ sort: '["email"' }],
    [{ sort: '["password","ASC"]' }],
    [{ sort: '["email","UP"]' }],
    [{ sort: '{"field":"email"}' }],
    [{ range: '[-1,5]' }],
    [{ range: '[5,1]' }],
    [{ range: `[0,${MAX_PAGE_SIZE}]` }],
    [{ range: '[0]' }],
    [{ range: '"0-24"' }],
    [{ filter: '[]' }],
    [{ filter: 'null' }],
    [{ filter: '{' }],
    [{ sort: ['["id","ASC"]', '["id","ASC"]'] }],
  ])('rejects %j with 400', (query) => {
    expect(status(() => parseListParams(query as Record<string, unknown>, sortable, ['id', 'ASC']))).toBe(400);
  });

  it('allows a page of exactly MAX_PAGE_SIZE rows', () => {
    expect(parseListParams({ range: `[0,${MAX_PAGE_SIZE - 1}]` }, sortable, ['id', 'ASC']).range.end).toBe(MAX_PAGE_SIZE - 1);
  });

  it('formats Content-Range', () => {
    expect(contentRange('leads', 0, 25, 319)).toBe('leads 0-24/319');
    expect(contentRange('leads', 50, 0, 3)).toBe('leads */3');
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_Rabatt!')).toBe('%50!%!_rabatt!!%');
  });

  it('parses filter values strictly', () => {
    expect(parse.int('12', 'id')).toBe(12);
    expect(status(() => parse.int('1 OR 1=1', 'id'))).toBe(400);
    expect(status(() => parse.int(-1, 'id'))).toBe(400);
    expect(parse.bool('true', 'x')).toBe(true);
    expect(status(() => parse.bool('ja', 'x'))).toBe(400);
    expect(status(() => parse.date('2025-02-29', 'd', 'start'))).toBe(400);
    expect(parse.date('2025-03-03T10:00:00Z', 'd', 'start').toISOString()).toBe('2025-03-03T10:00:00.000Z');
  });
});

describe('Oslo time', () => {
  it('finds where an Oslo day starts and ends, summer and winter', () => {
    expect(osloDayStart('2025-01-15')!.toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(osloDayStart('2025-07-15')!.toISOString()).toBe('2025-07-14T22:00:00.000Z');
    expect(osloDayEnd('2025-03-30')!.toISOString()).toBe('2025-03-30T22:00:00.000Z'); // clocks go forward that night
    expect(osloDayStart('2025-02-30')).toBeNull();
  });
  it('names days and weeks', () => {
    expect(osloDate(new Date('2025-03-04T23:30:00Z'))).toBe('2025-03-05');
    expect(weekStart('2025-03-09')).toBe('2025-03-03');
    expect(isoWeekLabel('2025-03-03')).toBe('2025-U10');
    expect(isoWeekLabel('2024-12-30')).toBe('2025-U01');
    expect(formatOslo(new Date('2025-07-01T10:05:00Z'))).toBe('01.07.2025 12:05');
  });
});

describe('CSV cells', () => {
  it('quotes every cell, doubles quotes, and defuses formulas (more in leads/leads-csv.spec.ts)', () => {
    expect(csvCell('Bjørn; Ærlig')).toBe('"Bjørn; Ærlig"');
    expect(csvCell('sa "hei"')).toBe('"sa ""hei"""');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell(true)).toBe('"Ja"');
    expect(csvCell(null)).toBe('""');
    expect(csvLine(['a', 1, false])).toBe('"a";"1";"Nei"\r\n');
  });
});

describe('YouTube ids', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'dQw4w9WgXcQ'],
    ['youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  ', null],
    ['https://vimeo.com/1', 'https://vimeo.com/1'],
  ])('%s → %s', (input, out) => {
    expect(normalizeVideoId(input)).toBe(out);
  });
});
