#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse 12 (mobile preset) against the production build, served by a server this
 * script starts itself (temporary SQLite database, random port), in Debian's Chromium.
 * Prints the median of 3 runs per page for performance, accessibility, best practices, SEO and CLS, and
 * exits non-zero when a score is below 95 or CLS is 0.05 or more.
 *
 *   npm run lighthouse                 # uses the existing build (builds when it is missing)
 *   npm run lighthouse -- --build      # builds first
 *   npm run lighthouse -- --runs 5 --paths /,/a
 *
 * Lighthouse is not a dependency: it runs through `npx --yes lighthouse@12` (Node 20 is enough for 12.x).
 * CHROME_PATH (default /usr/bin/chromium) picks the browser.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking';
const LIGHTHOUSE = process.env.LIGHTHOUSE_PACKAGE ?? 'lighthouse@12';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const MIN_SCORE = 95;
const MAX_CLS = 0.05;

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}
const RUNS = Number(arg('runs', '3'));
const PATHS = arg('paths', '/,/a,/b,/c,/d,/kurs/foundation').split(',');
const FORCE_BUILD = process.argv.includes('--build');

function run(cmd, args, opts = {}) {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: opts.env ?? process.env,
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (err += d));
    child.on('error', rej);
    child.on('exit', (code) =>
      code === 0 ? res(out) : rej(new Error(`${cmd} ${args.slice(0, 3).join(' ')} … exited with ${code}\n${err.slice(-2000)}`)),
    );
  });
}

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ta-lighthouse-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
      ADMIN_EMAIL: 'admin@example.no',
      ADMIN_PASSWORD: 'lighthouse-admin-123',
      MAIL_DISABLED: 'true',
      APP_SECRET: randomBytes(32).toString('hex'),
      SELLER_NAME: 'Lighthouse Trading AS',
      SELLER_ORG_NR: '923456789',
      SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}

async function lighthouse(url) {
  const out = await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile',
      '--throttling-method=simulate',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--max-wait-for-load=45000',
    ],
    { capture: true, env: { ...process.env, CHROME_PATH } },
  );
  const lhr = JSON.parse(out);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  return {
    ...scores,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 1,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue,
    tbt: lhr.audits['total-blocking-time']?.numericValue,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  if (!existsSync(CHROME_PATH)) {
    console.error(`Chromium not found at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH).`);
    process.exit(2);
  }
  const built =
    existsSync(join(ROOT, 'backend', 'dist', 'main.js')) &&
    existsSync(join(ROOT, 'frontend', 'dist', 'server', 'entry-server.cjs'));
  if (FORCE_BUILD || !built) {
    console.log('Building the production version …');
    await run('npm', ['run', 'build']);
  }
  console.log(`Fetching ${LIGHTHOUSE} with npx (the first time can take a while) …`);
  const version = (await run('npx', ['--yes', LIGHTHOUSE, '--version'], { capture: true })).trim();
  const server = await startServer();
  console.log(`Lighthouse ${version}, mobile, ${RUNS} runs per page against ${server.url}\n`);
  const rows = [];
  try {
    for (const path of PATHS) {
      const results = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await lighthouse(server.url + path);
        results.push(r);
        process.stdout.write(
          `  ${path} #${i + 1}: perf ${r.performance}, a11y ${r.accessibility}, bp ${r['best-practices']}, seo ${r.seo}, CLS ${r.cls.toFixed(3)}\n`,
        );
      }
      const m = (k) => median(results.map((r) => r[k]));
      rows.push({
        path,
        performance: m('performance'),
        accessibility: m('accessibility'),
        'best-practices': m('best-practices'),
        seo: m('seo'),
        cls: m('cls'),
        lcp: m('lcp'),
        tbt: m('tbt'),
      });
    }
  } finally {
    await server.stop();
  }

  const header = ['Page', 'Perf.', 'A11y', 'Best pr.', 'SEO', 'CLS', 'LCP ms', 'TBT ms'];
  const table = rows.map((r) => [
    r.path,
    String(r.performance),
    String(r.accessibility),
    String(r['best-practices']),
    String(r.seo),
    r.cls.toFixed(3),
    String(Math.round(r.lcp ?? 0)),
    String(Math.round(r.tbt ?? 0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nMedian of ${RUNS} runs (mobile):\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));

  const failures = rows.flatMap((r) => [
    ...CATEGORIES.filter((c) => r[c] < MIN_SCORE).map((c) => `${r.path}: ${c} ${r[c]} < ${MIN_SCORE}`),
    ...(r.cls >= MAX_CLS ? [`${r.path}: CLS ${r.cls.toFixed(3)} ≥ ${MAX_CLS}`] : []),
  ]);
  if (failures.length) {
    console.error(`\nBelow the target:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`\nAll pages ≥ ${MIN_SCORE} and CLS < ${MAX_CLS}.`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
