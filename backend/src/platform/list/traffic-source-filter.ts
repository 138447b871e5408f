import type { ObjectLiteral } from 'typeorm';
import { TRAFFIC_SOURCES } from '@academy/contracts';
import { parse, type FilterDef } from './list-query';

/** Variant filter on an attribution column (leads, users and orders lists): A, B, C, D, starter, or `ukjent` for rows without one; one value or several. */
export function trafficSourceFilter<E extends ObjectLiteral>(column: string): FilterDef<E> {
  return {
    parse: parse.list(parse.oneOf([...TRAFFIC_SOURCES, 'ukjent'] as const), 10),
    apply: (qb, v: string[], p) => {
      const known = v.filter((s) => s !== 'ukjent');
      const parts: string[] = [];
      if (known.length) parts.push(`${column} IN (:...${p})`);
      if (v.includes('ukjent')) parts.push(`${column} IS NULL`);
      qb.andWhere(`(${parts.join(' OR ')})`, known.length ? { [p]: known } : {});
    },
  };
}
