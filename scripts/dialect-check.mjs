// The API suites run in full on SQLite; on MariaDB only the suites marked in
// e2e/api/dialect-suites.json. This check keeps that honest (docs/architecture.md "Tests"):
// - every function in backend/src that the full pass saw asking for the dialect or sending
//   dialect-specific SQL (e2e/api/support/dialect-trace.ts) was reached on MariaDB by a marked suite;
// - every suite that fires requests at once (Promise.all and friends: concurrency is where the two
//   databases differ most) is marked;
// - every marked suite exists and left its trace on MariaDB (it ran).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const API = join(ROOT, 'e2e', 'api');
const LIST = join(API, 'dialect-suites.json');

/** The marked suites' file names. */
export function dialectSuites() {
  return Object.keys(JSON.parse(readFileSync(LIST, 'utf8')).suites);
}

function traces(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

/** The problems found (empty when all is well). */
export function checkDialects(traceDir) {
  const problems = [];
  const marked = new Set(dialectSuites());
  const suites = readdirSync(API).filter((f) => f.endsWith('.e2e-spec.ts'));
  for (const s of marked) if (!suites.includes(s)) problems.push(`${s} is marked in dialect-suites.json but is not a suite`);
  for (const s of suites) {
    const text = readFileSync(join(API, s), 'utf8');
    if (/Promise\.(all|allSettled|race|any)\(/.test(text) && !marked.has(s))
      problems.push(`${s} fires requests at once (Promise.all…) but is not marked in e2e/api/dialect-suites.json`);
  }
  const full = traces(join(traceDir, 'sqlite'));
  const other = traces(join(traceDir, 'mysql'));
  if (!full.length) problems.push('the full pass left no dialect trace (did it run with TEST_DIALECT_TRACE?)');
  const ran = new Set(other.map((t) => t.suite));
  for (const s of marked) if (!ran.has(s)) problems.push(`${s} is marked but did not run on MariaDB`);
  const reached = new Set(other.flatMap((t) => t.sites));
  const missing = new Map();
  for (const t of full)
    for (const site of t.sites) if (!reached.has(site)) missing.set(site, [...(missing.get(site) ?? []), t.suite]);
  for (const [site, by] of [...missing].sort())
    problems.push(
      `${site} is dialect-specific and reached by ${by.join(', ')} on SQLite, but by no suite on MariaDB: mark one in e2e/api/dialect-suites.json`,
    );
  return problems;
}

// `node scripts/dialect-check.mjs <trace folder>`: the check alone, on the traces of a run.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const problems = checkDialects(process.argv[2] ?? '');
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(problems.length ? 1 : 0);
}
