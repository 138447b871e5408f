// npm run test:quick [-- NAME …] [-- --since REF]: the quick loop while editing. Runs the unit specs
// related to what changed (jest --findRelatedTests) and the API suites (SQLite) that touch it: a
// changed suite; the suites that import a changed support file; for a change in backend/src/<area>/,
// the suites that import from that area or are named after it or after the changed file. With NAMEs,
// the suites and specs whose file names contain them instead. What changed: the uncommitted and
// untracked files, plus the commits since REF when given. No build, no browser, no MariaDB:
// `npm test` runs everything.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT, run } from './lib.mjs';

const args = process.argv.slice(2);
const sinceAt = args.indexOf('--since');
const since = sinceAt >= 0 ? args[sinceAt + 1] : null;
const names = args.filter((a, i) => !a.startsWith('--') && (sinceAt < 0 || i !== sinceAt + 1));
const started = Date.now();

const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const API = join(ROOT, 'e2e', 'api');
const suites = readdirSync(API).filter((f) => f.endsWith('.e2e-spec.ts'));
const source = Object.fromEntries(suites.map((s) => [s, readFileSync(join(API, s), 'utf8')]));
const stem = (f) =>
  basename(f)
    .replace(/(\.e2e-spec|\.spec)?\.(ts|tsx|mjs|js)$/, '')
    .replace(/\.(service|controller|entity|module|dto)$/, '');

let apiSuites = new Set();
let unitArgs = [];
if (names.length) {
  for (const s of suites) if (names.some((n) => s.includes(n))) apiSuites.add(s);
  unitArgs = ['--testPathPatterns', names.join('|')];
} else {
  const changed = [
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
    ...(since ? git('diff', '--name-only', `${since}...HEAD`) : []),
  ];
  const files = [...new Set(changed)];
  const backend = files.filter((f) => f.startsWith('backend/src/') && /\.tsx?$/.test(f));
  for (const f of files) {
    if (f.startsWith('e2e/api/') && f.endsWith('.e2e-spec.ts')) apiSuites.add(basename(f));
    else if (f.startsWith('e2e/api/support/')) {
      const mod = `./support/${stem(f)}`;
      for (const s of suites) if (source[s].includes(`'${mod}'`)) apiSuites.add(s);
    }
  }
  for (const f of backend) {
    const area = f.split('/')[2];
    const name = stem(f);
    for (const s of suites)
      if (source[s].includes(`backend/src/${area}/`) || s.startsWith(`${area}`) || s.startsWith(name)) apiSuites.add(s);
  }
  unitArgs = backend.length ? ['--findRelatedTests', ...backend.map((f) => join(ROOT, f))] : [];
  if (!files.length) console.log('• Nothing changed (uncommitted or untracked); name suites, or give --since REF.');
}

let failed = 0;
if (unitArgs.length) {
  console.log(`\n━━ unit (${names.length ? names.join(', ') : 'related to the change'}) ━━`);
  failed += run('npx', ['jest', '--config', 'backend/jest.config.js', '--passWithNoTests', ...unitArgs]) ? 1 : 0;
}
apiSuites = [...apiSuites].sort();
if (apiSuites.length) {
  console.log(`\n━━ API on SQLite: ${apiSuites.join(', ')} ━━`);
  failed += run('npx', [
    'jest',
    '--config',
    'e2e/jest.api.config.js',
    '--runTestsByPath',
    ...apiSuites.map((s) => `e2e/api/${s}`),
  ])
    ? 1
    : 0;
}
console.log(`\n━━ quick loop: ${((Date.now() - started) / 1000).toFixed(0)} s, ${failed ? 'FAILED' : 'passed'} ━━`);
process.exit(failed ? 1 : 0);
