// npm test: every test, in order — unit specs, API suites on SQLite and on MariaDB, browser journeys
// on the production build. Ends with one line "N passed, N failed".
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, ensureMariaDb, must, ROOT, run } from './lib.mjs';

const out = mkdtempSync(join(tmpdir(), 'ta-test-'));
const mysqlUrl = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
const results = [];

function jest(name, args, env = {}) {
  const file = join(out, `${name}.json`);
  console.log(`\n━━ ${name} ━━`);
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
  results.push({ name, passed, failed });
}

if (!(await ensureMariaDb())) {
  console.error(
    'MariaDB/MySQL does not answer on 127.0.0.1:3306 (user root without a password). Start it, or set TEST_MYSQL_URL.',
  );
  process.exit(1);
}
if (!ensureChromium()) {
  console.error('Chromium not found (/usr/bin/chromium). Install the Debian package chromium, or set CHROMIUM_PATH.');
  process.exit(1);
}
console.log('• Building everything (the browser tests use the production build) …');
must('npm', ['run', 'build']);

jest('unit', ['--config', 'backend/jest.config.js']);
jest('api-sqlite', ['--config', 'e2e/jest.api.config.js']);
jest('api-mariadb', ['--config', 'e2e/jest.api.config.js'], { TEST_DATABASE_URL: mysqlUrl });
// Load on the production build and MariaDB, bounded: LOAD_SECONDS (default 20; 60 for the full run).
jest('load', ['--config', 'e2e/jest.load.config.js'], { TEST_DATABASE_URL: mysqlUrl });
jest('browser', ['--config', 'e2e/jest.browser.config.js']);

console.log('\n━━ Result ━━');
for (const r of results) console.log(`${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const summary = `Tests: ${passed} passed, ${failed} failed`;
console.log(summary);
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
writeFileSync(join(ROOT, 'test-results', 'summary.txt'), summary + '\n');
process.exit(failed === 0 && passed > 0 ? 0 : 1);
