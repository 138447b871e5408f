import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import { MysqlQueryRunner } from 'typeorm/driver/mysql/MysqlQueryRunner';

/**
 * Where the code is dialect-specific, and which suite reaches it (setupFilesAfterEnv of the API
 * suites; on only when TEST_DIALECT_TRACE names a folder). The full API pass runs on one database and
 * the other runs only the suites marked in e2e/api/dialect-suites.json; `scripts/dialect-check.mjs`
 * then fails when a dialect site that the full pass reached was not reached by any marked suite on
 * the other database. A dialect site is
 * - a function in backend/src that asks which database it runs on (`isMysql`, through
 *   e2e/api/support/dialect-shim.ts), as `path#Type.function`;
 * - a migration run or undone (each has a file per dialect), as `migrations/Name#up` or `#down`;
 * - a kind of SQL whose meaning differs between SQLite and MariaDB, on a table, as `sql <kind> <table>`:
 *   text matching (LIKE, LOWER, UPPER, COLLATE), full-text search, upserts, ignored inserts, date and
 *   time functions, string functions, JSON. (By kind and table rather than by caller: the caller of
 *   a statement is not always on the stack once the driver has waited for a connection.)
 * Each suite writes the sites it reached to `<folder>/<dialect>/<suite>.json`.
 */

/** The kinds of SQL that behave differently on the two databases, each with what gives it away on either. */
const SQL_KINDS: Array<[kind: string, pattern: RegExp]> = [
  ['upsert', /\bON\s+CONFLICT\b(?!\s+DO\s+NOTHING)|\bON\s+DUPLICATE\s+KEY\b/i],
  ['insert-ignore', /\bINSERT\s+(?:OR\s+)?IGNORE\b|\bON\s+CONFLICT\s+DO\s+NOTHING\b/i],
  ['full-text', /\bMATCH\s*\(|\bAGAINST\s*\(|\w+_fts\b/i],
  ['text-match', /\bLIKE\b|\b(?:LOWER|UPPER)\s*\(|\bCOLLATE\b/i],
  [
    'date',
    /\b(?:strftime|julianday|datetime|date|DATE_FORMAT|DATE_ADD|DATE_SUB|CONVERT_TZ|TIMESTAMPDIFF|UNIX_TIMESTAMP|NOW)\s*\(|\bCURRENT_TIMESTAMP\b/i,
  ],
  ['string', /\b(?:CHAR_LENGTH|LENGTH|CONCAT|SUBSTR|SUBSTRING|GROUP_CONCAT)\s*\(|\|\|/i],
  ['json', /\bJSON_\w+\s*\(/i],
];

/** The kinds of dialect-specific SQL in a statement (none for plain SQL). */
export function sqlKinds(sql: string): string[] {
  return SQL_KINDS.filter(([, re]) => re.test(sql)).map(([kind]) => kind);
}

/**
 * The table a statement is about: the first after FROM, INTO or UPDATE (a SQLite full-text index
 * `<table>_fts` counts as its table, as MariaDB's FULLTEXT index is on the table itself).
 */
export function sqlTable(sql: string): string {
  // A name may come with its database (`db`.`table` on MariaDB): the table is the last part.
  return (/\b(?:FROM|INTO|UPDATE)\s+(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)[`"]?/i.exec(sql)?.[1] ?? '?').replace(/_fts$/, '');
}

/** The database's own catalogue (each dialect reads its own: the backup, the drift check). */
const SYSTEM_TABLE = /^(?:sqlite_\w+|information_schema|pragma_\w+)$/i;

/** A migration run or undone: TypeORM records it in the `migrations` table, by name. */
function migrationOf(sql: string, params: unknown): string | null {
  const verb = /^\s*(INSERT\s+INTO|DELETE\s+FROM)\s+(?:[`"]?\w+[`"]?\.)?[`"]?migrations[`"]?/i.exec(sql)?.[1];
  if (!verb || !Array.isArray(params)) return null;
  const name = params.find((p) => typeof p === 'string' && /^[A-Za-z]+\d{13}$/.test(p)) as string | undefined;
  if (!name) return null;
  return `migrations/${name.replace(/\d+$/, '')}#${/^INSERT/i.test(verb) ? 'up' : 'down'}`;
}

const BACKEND = resolve(__dirname, '..', '..', '..', 'backend', 'src') + sep;
/** The database layer's own helpers (the gate, prepared statements, SQL fragments): the site is whoever called them. */
const HELPERS = join(BACKEND, 'platform', 'database') + sep;
const FRAME = /^\s*at (?:async )?(?:(\S+?)(?: \[as \w+\])? \()?(\/[^():]+):\d+:\d+\)?$/;

/** The backend frames of the stack here (source-mapped paths), innermost first: [path, function]. */
function backendFrames(): Array<[string, string | undefined]> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frames: Array<[string, string | undefined]> = [];
  for (const line of stack.split('\n')) {
    const m = FRAME.exec(line);
    if (m && m[2].startsWith(BACKEND)) frames.push([m[2], m[1]]);
  }
  return frames;
}

/** The function in backend/src that asked, as `path#Type.function` (outside the database layer's helpers). */
function callerSite(frames: Array<[string, string | undefined]>): string | null {
  for (const [path, fn] of frames) {
    if (path.startsWith(HELPERS)) continue;
    return `${relative(BACKEND, path).split(sep).join('/')}#${fn ?? 'anonymous'}`;
  }
  return null;
}

type Recorder = Set<string>;
const KEY = '__dialectSites';

function recorder(): Recorder | undefined {
  return (globalThis as unknown as Record<string, Recorder | undefined>)[KEY];
}

/** Called by the dialect shim: notes the function that asked for the dialect. */
export function noteDialectQuestion(): void {
  const sites = recorder();
  if (!sites) return;
  const site = callerSite(backendFrames());
  if (site) sites.add(site);
}

/** Called for every statement the app sends: notes a migration, or its dialect-specific kinds on its table. */
function noteStatement(sql: string, params: unknown): void {
  const sites = recorder();
  if (!sites) return;
  const migration = migrationOf(sql, params);
  if (migration) sites.add(migration);
  // Schema statements (a migration's, the drift check's) are the migration's business, not a site.
  if (/^\s*(?:CREATE|ALTER|DROP)\b/i.test(sql)) return;
  const kinds = sqlKinds(sql);
  if (!kinds.length) return;
  const table = sqlTable(sql);
  if (SYSTEM_TABLE.test(table) || table === 'migrations') return;
  for (const kind of kinds) sites.add(`sql ${kind} ${table}`);
}

function traceQueries(): void {
  // The query runners of both drivers: every statement TypeORM sends goes through `query`.
  const runners = [BetterSqlite3QueryRunner, MysqlQueryRunner] as unknown as Array<{
    prototype: { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
  }>;
  for (const runner of runners) {
    const inner = runner.prototype.query;
    runner.prototype.query = function (this: unknown, sql: string, ...rest: unknown[]) {
      if (typeof sql === 'string') noteStatement(sql, rest[0]);
      return inner.call(this, sql, ...rest);
    };
  }
}

const folder = process.env.TEST_DIALECT_TRACE;
if (folder) {
  (globalThis as unknown as Record<string, Recorder>)[KEY] = new Set();
  traceQueries();
  afterAll(() => {
    const dialect = process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite';
    const dir = join(folder, dialect);
    mkdirSync(dir, { recursive: true });
    const suite = basename(expect.getState().testPath ?? 'unknown');
    writeFileSync(join(dir, `${suite}.json`), JSON.stringify({ suite, dialect, sites: [...recorder()!].sort() }, null, 1));
  });
}
