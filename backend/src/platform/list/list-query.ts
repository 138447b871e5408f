import type { FastifyReply } from 'fastify';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { MSG } from '@academy/contracts';
import { badRequest } from '../errors/app-error';
import { osloDayEnd, osloDayStart } from '../time/oslo-time';

/**
 * The ra-data-simple-rest dialect, parsed defensively:
 * `?sort=["field","ASC"]&range=[0,24]&filter={"q":"…","id":[1,2]}` → a validated {@link ListParams}.
 * Anything malformed answers 400 in the error shape, never 500.
 */

export type SortOrder = 'ASC' | 'DESC';

/** Most rows one list request may ask for. */
export const MAX_PAGE_SIZE = 500;
/** Most ids one `filter={"id":[…]}` may name. */
export const MAX_IDS = 500;
const DEFAULT_RANGE: [number, number] = [0, 24];
const MAX_Q_LENGTH = 200;

export interface ListParams {
  sort: { field: string; order: SortOrder };
  /** Inclusive, like the `range` parameter. */
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  start: number;
  /**
   * The total was counted only up to a bound (a filter on other tables, see {@link FilterDef.costly}):
   * there are at least `total` rows. `X-Total-Capped: 1` tells the panel, which says «over …».
   */
  totalCapped?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Query parameters

/** One query-string value: absent → undefined, a repeated parameter → 400. */
export function singleParam(query: Record<string, unknown>, name: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest(MSG.listParamOnce(name));
  return v;
}

function jsonParam(query: Record<string, unknown>, name: string): unknown {
  const raw = singleParam(query, name);
  if (raw === undefined || raw === '') return undefined;
  if (raw.length > 20_000) throw badRequest(MSG.listParamTooLong(name));
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(MSG.listParamJson(name));
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The `filter` parameter alone (also used by the CSV export). */
export function parseFilterParam(query: Record<string, unknown>): Record<string, unknown> {
  const filter = jsonParam(query, 'filter');
  if (filter === undefined) return {};
  if (!isPlainObject(filter)) throw badRequest(MSG.listFilterObject);
  return filter;
}

export function parseSortParam(
  query: Record<string, unknown>,
  sortable: readonly string[],
  defaultSort: [string, SortOrder],
): ListParams['sort'] {
  const sort = jsonParam(query, 'sort');
  if (sort === undefined) return { field: defaultSort[0], order: defaultSort[1] };
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string')
    throw badRequest(MSG.listSortShape);
  const field = sort[0];
  const order = sort[1].toUpperCase();
  if (!sortable.includes(field)) throw badRequest(MSG.listSortField(field.slice(0, 64)));
  if (order !== 'ASC' && order !== 'DESC') throw badRequest(MSG.listSortOrder);
  return { field, order };
}

export function parseRangeParam(query: Record<string, unknown>): ListParams['range'] {
  const range = jsonParam(query, 'range');
  // Only an array is destructured: `range={}` or `range=5` must answer 400, not throw a TypeError.
  const [start, end] = Array.isArray(range) ? (range as unknown[]) : DEFAULT_RANGE;
  if (
    (range !== undefined && (!Array.isArray(range) || range.length !== 2)) ||
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    (start as number) < 0 ||
    (end as number) < (start as number)
  )
    throw badRequest(MSG.listRangeShape);
  if ((end as number) - (start as number) + 1 > MAX_PAGE_SIZE) throw badRequest(MSG.listRangeMax(MAX_PAGE_SIZE));
  return { start: start as number, end: end as number };
}

export function parseListParams(
  query: Record<string, unknown>,
  sortable: readonly string[],
  defaultSort: [string, SortOrder],
): ListParams {
  return {
    sort: parseSortParam(query, sortable, defaultSort),
    range: parseRangeParam(query),
    filter: parseFilterParam(query),
  };
}

/** `Content-Range: leads 0-24/319`, the header ra-data-simple-rest reads the total from. */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}

export function sendContentRange(reply: FastifyReply, resource: string, result: ListResult<unknown>): void {
  reply.header('Content-Range', contentRange(resource, result.start, result.rows.length, result.total));
  if (result.totalCapped) reply.header('X-Total-Capped', '1');
}

// ---------------------------------------------------------------------------------------------
// Filters

/** Parses one filter value and narrows the query with it. `p` is a parameter name unique in the query. */
export interface FilterDef<E extends ObjectLiteral> {
  parse(raw: unknown, key: string): unknown;
  apply(qb: SelectQueryBuilder<E>, value: never, p: string): void;
  /**
   * A condition that looks rows up in other tables, one lookup per row: with it the total is
   * counted only up to {@link COUNT_AHEAD} rows past the page, so the answer costs about the page.
   */
  costly?: boolean;
  /**
   * A condition tested on every row (a "contains" search): the page and the total come from one walk
   * over the ids (an index that holds the searched column), the total counted up to COUNT_AHEAD past the page.
   */
  scans?: boolean;
}

export interface ListSpec<E extends ObjectLiteral> {
  /** API field name → column expression (`alias.propertyPath`), or several to sort by in turn. */
  sort: Record<string, string | string[]>;
  defaultSort: [string, SortOrder];
  filters: Record<string, FilterDef<E>>;
}

const invalid = (key: string) => badRequest(MSG.listFilterValue(key));

export const parse = {
  string(raw: unknown, key: string, max = 254): string {
    if (typeof raw !== 'string' || raw.length > max) throw invalid(key);
    return raw;
  },
  int(raw: unknown, key: string): number {
    const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647) throw invalid(key);
    return n;
  },
  bool(raw: unknown, key: string): boolean {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw invalid(key);
  },
  oneOf<T extends string>(values: readonly T[]) {
    return (raw: unknown, key: string): T => {
      if (typeof raw !== 'string' || !(values as readonly string[]).includes(raw)) throw invalid(key);
      return raw as T;
    };
  },
  /** One value or a non-empty array of them. */
  list<T>(one: (raw: unknown, key: string) => T, max = MAX_IDS) {
    return (raw: unknown, key: string): T[] => {
      const arr = Array.isArray(raw) ? raw : [raw];
      if (arr.length === 0 || arr.length > max) throw invalid(key);
      return arr.map((v) => one(v, key));
    };
  },
  /** `YYYY-MM-DD` (a day in Oslo) or a full ISO timestamp. */
  date(raw: unknown, key: string, edge: 'start' | 'end'): Date {
    if (typeof raw !== 'string' || raw.length > 40) throw invalid(key);
    if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
      const d = edge === 'start' ? osloDayStart(raw) : osloDayEnd(raw);
      if (!d) throw invalid(key);
      return d;
    }
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) throw invalid(key);
    const d = new Date(raw);
    if (Number.isNaN(d.getTime())) throw invalid(key);
    return d;
  },
};

/**
 * The one text search of the panel's lists: any of `columns` contains the pattern bound to `:param`
 * (from {@link likeContains}: lower case, wildcards escaped with `!`), in any case. `LOWER` folds
 * every letter on both databases (MariaDB's by itself, SQLite's as the app registers it:
 * data-source-options `unicodeLower`), so «Ødegård», «Åse» and «VINTERÆØÅ» are found however typed.
 */
export function containsSql(columns: string[], param: string): string {
  return `(${columns.map((c) => `LOWER(${c}) LIKE :${param} ESCAPE '!'`).join(' OR ')})`;
}

/** Escapes LIKE wildcards; used with `ESCAPE '!'` (the same on MySQL and SQLite). */
export function likeContains(s: string): string {
  return `%${s.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

export const filter = {
  /** Column equals the value, or is one of the values when an array is given. */
  equals<E extends ObjectLiteral>(column: string, one: (raw: unknown, key: string) => unknown): FilterDef<E> {
    return {
      parse: parse.list(one),
      apply: (qb, v: unknown[], p) => {
        if (v.length === 1) qb.andWhere(`${column} = :${p}`, { [p]: v[0] });
        else qb.andWhere(`${column} IN (:...${p})`, { [p]: v });
      },
    };
  },
  ids<E extends ObjectLiteral>(column: string, kind: 'int' | 'string' = 'int'): FilterDef<E> {
    return filter.equals<E>(column, kind === 'int' ? parse.int : (raw, key) => parse.string(raw, key, 64));
  },
  oneOf<E extends ObjectLiteral>(column: string, values: readonly string[]): FilterDef<E> {
    return filter.equals<E>(column, parse.oneOf(values));
  },
  boolColumn<E extends ObjectLiteral>(column: string): FilterDef<E> {
    return {
      parse: parse.bool,
      apply: (qb, v: boolean, p) => qb.andWhere(`${column} = :${p}`, { [p]: v ? 1 : 0 }),
    };
  },
  /** true → the column is set, false → it is null. */
  isSet<E extends ObjectLiteral>(column: string): FilterDef<E> {
    return {
      parse: parse.bool,
      apply: (qb, v: boolean) => qb.andWhere(`${column} ${v ? 'IS NOT NULL' : 'IS NULL'}`),
    };
  },
  /** The same filter, marked {@link FilterDef.costly}. */
  costly<E extends ObjectLiteral>(def: FilterDef<E>): FilterDef<E> {
    return { ...def, costly: true };
  },
  /** A yes/no condition written as SQL (e.g. an EXISTS subquery); false negates it. */
  condition<E extends ObjectLiteral>(sql: (qb: SelectQueryBuilder<E>) => string): FilterDef<E> {
    return {
      parse: parse.bool,
      apply: (qb, v: boolean) => qb.andWhere(v ? `(${sql(qb)})` : `NOT (${sql(qb)})`),
    };
  },
  from<E extends ObjectLiteral>(column: string): FilterDef<E> {
    return {
      parse: (raw, key) => parse.date(raw, key, 'start'),
      apply: (qb, v: Date, p) => qb.andWhere(`${column} >= :${p}`, { [p]: v }),
    };
  },
  /** Up to and including the given day (or before the given instant). */
  to<E extends ObjectLiteral>(column: string): FilterDef<E> {
    return {
      parse: (raw, key) => parse.date(raw, key, 'end'),
      apply: (qb, v: Date, p) => qb.andWhere(`${column} < :${p}`, { [p]: v }),
    };
  },
  /** Case-insensitive "contains" over one or more text columns. */
  search<E extends ObjectLiteral>(columns: string[]): FilterDef<E> {
    return {
      scans: true,
      parse: (raw, key) => parse.string(raw, key, MAX_Q_LENGTH).trim(),
      apply: (qb, v: string, p) => {
        if (v === '') return;
        qb.andWhere(containsSql(columns, p), { [p]: likeContains(v) });
      },
    };
  },
};

/**
 * Parses every filter first (so a bad one rejects the request before any query), then applies them.
 * Returns whether a {@link FilterDef.costly} one is among them, and whether one {@link FilterDef.scans}.
 */
export function applyFilters<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  raw: Record<string, unknown>,
  defs: Record<string, FilterDef<E>>,
): { costly: boolean; scans: boolean } {
  const parsed: Array<[FilterDef<E>, unknown]> = [];
  for (const [key, value] of Object.entries(raw)) {
    const def = Object.prototype.hasOwnProperty.call(defs, key) ? defs[key] : undefined;
    if (!def) throw badRequest(MSG.listUnknownFilter(key.slice(0, 64)));
    // react-admin leaves cleared inputs as empty strings or null: treat them as "no filter".
    if (value === undefined || value === null || value === '') continue;
    parsed.push([def, def.parse(value, key)]);
  }
  parsed.forEach(([def, value], i) => def.apply(qb, value as never, `f${i}`));
  return {
    costly: parsed.some(([def]) => def.costly === true),
    scans: parsed.some(([def, value]) => def.scans === true && value !== ''),
  };
}

/**
 * How far past the page a total is counted under a costly filter. At 200 000 leads the exact
 * COUNT under "har kjøpt" took 721 ms and under "har konto" 605 ms in MariaDB, against 49 ms for
 * the page (ANALYZE, bench/scale-results.md); counting to the page end + 1 000 reads about as much
 * as the page does.
 */
export const COUNT_AHEAD = 1000;

/** COUNT of the filtered rows, stopping at `limit` + 1 (more than `limit`: the count is capped). */
async function countUpTo<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  limit: number,
): Promise<{ total: number; capped: boolean }> {
  const [sql, params] = qb
    .clone()
    .select(`${qb.alias}.id`, 'id')
    .orderBy()
    .offset(undefined)
    .limit(limit + 1)
    .getQueryAndParameters();
  const [row] = (await qb.connection.query(`SELECT COUNT(*) AS n FROM (${sql}) counted`, params)) as Array<{
    n: number | string;
  }>;
  const total = Number(row.n);
  return { total, capped: total > limit };
}

/** Filters, sorts (with the id as tie-breaker) and pages a query; returns the page and the total. */
export async function runList<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  params: ListParams,
  spec: ListSpec<E>,
): Promise<ListResult<E>> {
  const { costly, scans } = applyFilters(qb, params.filter, spec.filters);
  const s = spec.sort[params.sort.field];
  const columns = Array.isArray(s) ? [...s] : [s];
  const idColumn = `${qb.alias}.id`;
  if (!columns.includes(idColumn)) columns.push(idColumn);
  columns.forEach((c, i) => (i === 0 ? qb.orderBy(c, params.sort.order) : qb.addOrderBy(c, params.sort.order)));
  qb.offset(params.range.start).limit(params.range.end - params.range.start + 1);
  const start = params.range.start;
  const byIds = (start >= DEFERRED_PAGE_FROM || scans) && qb.expressionMap.joinAttributes.length === 0;
  if (!byIds && !costly) {
    const [rows, total] = await qb.getManyAndCount();
    return { rows, total, start };
  }
  if (scans && !costly && byIds) return searchPage(qb, idColumn, params.range);
  const rows = byIds ? await deepPage(qb, idColumn) : await qb.getMany();
  if (!costly) return { rows, total: await qb.getCount(), start };
  const { total, capped } = await countUpTo(qb, params.range.end + 1 + COUNT_AHEAD);
  return withTotal(rows, start, total, capped);
}

/** A page with its total, marked when the total is only a lower bound (`X-Total-Capped`). */
function withTotal<E>(rows: E[], start: number, total: number, capped: boolean): ListResult<E> {
  return capped ? { rows, total, start, totalCapped: true } : { rows, total, start };
}

/** The rows of a page whose ids were read first, by the query's own filters and order. */
function rowsByIds<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, idColumn: string, ids: number[]): Promise<E[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return qb
    .clone()
    .offset(undefined)
    .limit(undefined)
    .andWhere(`${idColumn} IN (:...listPageIds)`, { listPageIds: ids })
    .getMany();
}

/**
 * A page read by its ids first: the offset (or a search tested on every row) is walked over the ids
 * alone (an index), then only the page's rows are read. Walking it over whole rows read every row
 * before the page: the last page of 200 000 leads took 218 ms in MariaDB for the rows, 34 ms for the
 * ids (ANALYZE, bench/scale-results.md); a search of the addresses 220 ms for the rows, 57 for the ids.
 */
async function deepPage<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, idColumn: string): Promise<E[]> {
  const ids = (await qb.clone().select(idColumn, 'id').getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  return rowsByIds(qb, idColumn, ids);
}

/**
 * A search tested on every row: one walk over the ids in the list's order (an index holding the
 * searched column) gives both the page and the total, counted up to {@link COUNT_AHEAD} past the page;
 * then only the page's rows are read. A page and an exact COUNT each walked all 200 000 addresses for
 * a rare word: 260 and 150 ms under launch load, for 632 ms at p95 (bench:launch).
 */
async function searchPage<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  idColumn: string,
  range: ListParams['range'],
): Promise<ListResult<E>> {
  const limit = range.end + 1 + COUNT_AHEAD;
  const ids = (
    await qb
      .clone()
      .select(idColumn, 'id')
      .offset(undefined)
      .limit(limit + 1)
      .getRawMany<{ id: number | string }>()
  ).map((r) => Number(r.id));
  const rows = await rowsByIds(qb, idColumn, ids.slice(range.start, range.end + 1));
  return withTotal(rows, range.start, ids.length, ids.length > limit);
}

/** From which offset a page is read by its ids first (below it the plain query is as fast). */
const DEFERRED_PAGE_FROM = 1000;

/** Parses the request's list parameters against a spec (sortable fields come from the spec). */
export function listParamsFor<E extends ObjectLiteral>(query: Record<string, unknown>, spec: ListSpec<E>): ListParams {
  return parseListParams(query, Object.keys(spec.sort), spec.defaultSort);
}
