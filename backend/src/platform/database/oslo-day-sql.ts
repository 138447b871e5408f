import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { osloOffsetSpans } from '../time/oslo-time';
import { isMysql } from './dialect';

/**
 * The Oslo day of a UTC datetime column as SQL, on both dialects: days since 1970-01-01
 * (`dayOfNumber` turns one into `YYYY-MM-DD`), from hours since 1970 plus Oslo's offset where the value falls (a number,
 * or a CASE over the clock changes of [start, end]) divided by 24. Grouping by it counts per Oslo day
 * in the database; a year is about 370 groups per variant instead of a row per lead or order.
 * `prefix` keeps the parameter names apart when a query has two.
 */
export function osloDaySql<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  column: string,
  period: { start: Date; end: Date },
  prefix = 'oslo',
): string {
  const spans = osloOffsetSpans(period.start, period.end);
  const changes = spans
    .slice(1)
    .reverse()
    .map((s, i) => {
      qb.setParameter(`${prefix}From${i}`, s.from);
      return `WHEN ${column} >= :${prefix}From${i} THEN ${Number(s.offsetHours)} `;
    });
  const base = String(Number(spans[0].offsetHours));
  const offset = changes.length ? `CASE ${changes.join('')}ELSE ${base} END` : base;
  return isMysql(qb.connection)
    ? `(TIMESTAMPDIFF(HOUR, '1970-01-01 00:00:00', ${column}) + ${offset}) DIV 24`
    : `(CAST(strftime('%s', ${column}) AS INTEGER) / 3600 + ${offset}) / 24`;
}
