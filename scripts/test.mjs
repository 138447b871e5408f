// npm test: every test, in order — unit specs, the full API pass on SQLite, the dialect suites on
// MariaDB and the check that they reach every dialect-specific site, load, and the browser journeys
// on the production build. Prints each stage's minutes and ends with the stage table and one line
// "Tests: N passed, N failed" (also in test-results/).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, ensureMariaDb, must, ROOT, run } from './lib.mjs';
import { startTestMariaDb } from './test-mariadb.mjs';
import { checkDialects, dialectSuites } from './dialect-check.mjs';

const out = mkdtempSync(join(tmpdir(), 'ta-test-'));
const trace = join(out, 'dialect-trace');
const stages = [];

function stage(name, fn) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const r = fn() ?? {};
  const s = { name, seconds: (Date.now() - started) / 1000, passed: r.passed ?? 0, failed: r.failed ?? 0 };
  stages.push(s);
  console.log(`━━ ${name}: ${(s.seconds / 60).toFixed(1)} min, ${s.passed} passed, ${s.failed} failed ━━`);
  return s;
}

function jest(name, args, env = {}) {
  return stage(name, () => {
    const file = join(out, `${name}.json`);
    const code = run('npx', ['jest', ...args, '--json', `--outputFile=${file}`], { env });
    let passed = 0;
    let failed = 0;
    try {
      const r = JSON.parse(readFileSync(file, 'utf8'));
      passed = r.numPassedTests;
      failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    } catch {
      failed = 1;
    }
    if (code !== 0 && failed === 0) failed = 1;
    return { passed, failed };
  });
}

let mariadb = null;
const stopMariaDb = async () => {
  const m = mariadb;
  mariadb = null;
  await m?.stop();
};
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    void stopMariaDb().finally(() => process.exit(130));
  });

let mysqlUrl = process.env.TEST_MYSQL_URL;
if (!mysqlUrl) {
  mariadb = await startTestMariaDb();
  if (mariadb) console.log(`• MariaDB for this run on tmpfs: ${mariadb.url}`);
  else if (await ensureMariaDb()) mysqlUrl = 'mysql://root@127.0.0.1:3306/';
  else {
    console.error(
      'MariaDB/MySQL does not answer on 127.0.0.1:3306 (user root without a password). Start it, or set TEST_MYSQL_URL.',
    );
    process.exit(1);
  }
  mysqlUrl ??= mariadb.url;
}
if (!ensureChromium()) {
  console.error(
    'Chromium not found (/usr/bin/chromium). Install the Debian packages chromium and chromium-headless-shell, or set CHROMIUM_PATH.',
  );
  await stopMariaDb();
  process.exit(1);
}
// Every suite that needs MariaDB whatever the pass's dialect (two instances, load) uses this server.
process.env.TEST_MYSQL_URL = mysqlUrl;

stage('build', () => {
  console.log('• Building everything (the browser tests use the production build) …');
  must('npm', ['run', 'build']);
});
jest('unit', ['--config', 'backend/jest.config.js']);
jest('api-sqlite', ['--config', 'e2e/jest.api.config.js'], { TEST_DIALECT_TRACE: trace });
jest('api-mariadb', ['--config', 'e2e/jest.api.config.js', '--runTestsByPath', ...dialectSuites().map((s) => `e2e/api/${s}`)], {
  TEST_DATABASE_URL: mysqlUrl,
  TEST_DIALECT_TRACE: trace,
});
stage('dialect-check', () => {
  const problems = checkDialects(trace);
  for (const p of problems) console.error(`✗ ${p}`);
  if (!problems.length) console.log('✓ every dialect-specific site the full pass reached was reached on MariaDB too');
  return { passed: problems.length ? 0 : 1, failed: problems.length };
});
// Load on the production build and MariaDB, bounded: LOAD_SECONDS (default 20; 60 for the full run).
jest('load', ['--config', 'e2e/jest.load.config.js'], { TEST_DATABASE_URL: mysqlUrl });
jest('browser', ['--config', 'e2e/jest.browser.config.js']);
await stopMariaDb();
rmSync(out, { recursive: true, force: true });

const passed = stages.reduce((a, r) => a + r.passed, 0);
const failed = stages.reduce((a, r) => a + r.failed, 0);
const total = stages.reduce((a, r) => a + r.seconds, 0);
const table = [
  '| stage | minutes | passed | failed |',
  '|---|---:|---:|---:|',
  ...stages.map((s) => `| ${s.name} | ${(s.seconds / 60).toFixed(1)} | ${s.passed} | ${s.failed} |`),
  `| npm test | ${(total / 60).toFixed(1)} | ${passed} | ${failed} |`,
].join('\n');
const summary = `Tests: ${passed} passed, ${failed} failed`;
console.log(`\n━━ Result ━━\n${table}\n${summary}`);
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
writeFileSync(join(ROOT, 'test-results', 'summary.txt'), summary + '\n');
writeFileSync(
  join(ROOT, 'test-results', 'stages.tsv'),
  stages.map((s) => [s.name, s.seconds.toFixed(0), s.passed, s.failed].join('\t')).join('\n') + '\n',
);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
