import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';

/**
 * Where the code is dialect-specific, and which suite reaches it (setupFilesAfterEnv of the API
 * suites; on only when TEST_DIALECT_TRACE names a folder). The full API pass runs on one database and
 * the other runs only the suites marked in e2e/api/dialect-suites.json; `scripts/dialect-check.mjs`
 * then fails when a dialect site that the full pass reached was not reached by any marked suite on
 * the other database. A dialect site is a function in backend/src that
 * - asks which database it runs on (`isMysql`, through e2e/api/support/dialect-shim.ts), or
 * - sends SQL whose meaning differs between SQLite and MariaDB: text matching (LIKE, LOWER, UPPER,
 *   COLLATE), full-text search, upserts and ignored inserts, locks, date and time functions, string
 *   length and concatenation, JSON and GROUP_CONCAT.
 * Each suite writes the sites it reached to `<folder>/<dialect>/<suite>.json`.
 */

export const DIALECT_SQL = new RegExp(
  [
    String.raw`\b(?:LIKE|COLLATE|AGAINST|ON\s+CONFLICT|ON\s+DUPLICATE\s+KEY|INSERT\s+(?:OR\s+)?IGNORE|REPLACE\s+INTO|FOR\s+UPDATE|LOCK\s+IN\s+SHARE\s+MODE|CURRENT_TIMESTAMP)\b`,
    String.raw`\b(?:LOWER|UPPER|MATCH|GET_LOCK|RELEASE_LOCK|strftime|julianday|datetime|date|DATE_FORMAT|DATE_ADD|DATE_SUB|CONVERT_TZ|TIMESTAMPDIFF|UNIX_TIMESTAMP|NOW|CHAR_LENGTH|LENGTH|CONCAT|GROUP_CONCAT|JSON_\w+|SUBSTR|SUBSTRING|IFNULL|GREATEST|LEAST)\s*\(`,
    String.raw`\w+_fts\b`,
    String.raw`\|\|`,
  ].join('|'),
  'i',
);

const BACKEND = resolve(__dirname, '..', '..', '..', 'backend', 'src') + sep;
/** The database layer's own helpers (the gate, prepared statements, SQL fragments): the site is whoever called them. */
const HELPERS = join(BACKEND, 'platform', 'database') + sep;
const MIGRATIONS = join(HELPERS, 'migrations') + sep;

type Recorder = Set<string>;
const KEY = '__dialectSites';

function recorder(): Recorder | undefined {
  return (globalThis as unknown as Record<string, Recorder | undefined>)[KEY];
}

/**
 * The first function in backend/src on the stack, as `path#Type.function`, the same on both
 * databases (a migration, which has a file per dialect, as `migrations/Name#up`).
 */
export function backendSite(): string | null {
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  let frames: NodeJS.CallSite[] = [];
  try {
    Error.stackTraceLimit = 60;
    Error.prepareStackTrace = (_e, calls) => calls;
    const holder: { stack?: NodeJS.CallSite[] } = {};
    Error.captureStackTrace(holder, backendSite);
    frames = holder.stack ?? [];
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
  for (const f of frames) {
    const file = f.getFileName();
    if (!file || !file.startsWith(BACKEND) || (file.startsWith(HELPERS) && !file.startsWith(MIGRATIONS))) continue;
    const path = relative(BACKEND, file).split(sep).join('/');
    const fn = f.getFunctionName() ?? f.getMethodName();
    // A migration has a file (and a class) per dialect, with its own timestamp: the site is its name.
    const migration = /\/migrations\/(?:mysql|sqlite)\/\d+-(\w+)\.ts$/.exec(path);
    if (migration) return `migrations/${migration[1]}#${fn?.split('.').pop() ?? 'up'}`;
    const type = f.getTypeName();
    const name = fn ? (type && type !== 'Object' && !fn.includes('.') ? `${type}.${fn}` : fn) : `line ${f.getLineNumber()}`;
    return `${path}#${name}`;
  }
  return null;
}

/** Called by the dialect shim and the query runners: notes the calling site when tracing. */
export function noteDialectSite(): void {
  const sites = recorder();
  if (!sites) return;
  const site = backendSite();
  if (site) sites.add(site);
}

function traceQueries(): void {
  // The query runners of both drivers: every statement TypeORM sends goes through `query`.
  const runners = [
    require('typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner').BetterSqlite3QueryRunner,
    require('typeorm/driver/mysql/MysqlQueryRunner').MysqlQueryRunner,
  ] as Array<{ prototype: { query: (sql: string, ...rest: unknown[]) => Promise<unknown> } }>;
  for (const runner of runners) {
    const inner = runner.prototype.query;
    runner.prototype.query = function (this: unknown, sql: string, ...rest: unknown[]) {
      if (typeof sql === 'string' && DIALECT_SQL.test(sql)) noteDialectSite();
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
