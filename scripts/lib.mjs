// Small helpers shared by the root scripts (no dependencies).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  return r.status ?? 1;
}

export function must(cmd, args, opts) {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

export const built = {
  contracts: () => existsSync(join(ROOT, 'contracts/dist/index.js')),
  backend: () => existsSync(join(ROOT, 'backend/dist/main.js')),
  frontend: () =>
    existsSync(join(ROOT, 'frontend/dist/client/index.html')) && existsSync(join(ROOT, 'frontend/dist/server/entry-server.cjs')),
  admin: () => existsSync(join(ROOT, 'admin/dist/index.html')),
};

/** Builds the parts that have no build output yet. */
export function buildMissing() {
  for (const ws of ['contracts', 'frontend', 'admin', 'backend']) {
    if (!built[ws]()) {
      console.log(`• Building ${ws} …`);
      must('npm', ['run', 'build', '-w', ws]);
    }
  }
}

export function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((res) => {
    const s = connect({ host, port });
    const done = (ok) => {
      s.destroy();
      res(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Makes sure MariaDB answers on 127.0.0.1:3306, starting the local server if it is installed but down. */
export async function ensureMariaDb() {
  if (await canConnect('127.0.0.1', 3306)) return true;
  if (existsSync('/usr/sbin/mariadbd') && process.getuid?.() === 0) {
    console.log('• Starting MariaDB …');
    run('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd']);
    for (let i = 0; i < 60; i++) {
      if (await canConnect('127.0.0.1', 3306)) return true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}

/**
 * Makes sure Debian's Chromium is there for the browser tests (installs it when running as root):
 * its headless shell, which the journeys run in (e2e/browser/support/browser.ts), and the full
 * browser (Lighthouse and a person's own look). `CHROMIUM_PATH` names another binary instead.
 */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH);
  const packages = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
  ].filter(([path]) => !existsSync(path));
  if (packages.length && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`• Installing ${packages.map(([, name]) => name).join(' and ')} from Debian …`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...packages.map(([, name]) => name)], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  }
  // The shell only makes the run faster; the full browser is needed (the back/forward cache journey).
  return existsSync('/usr/bin/chromium');
}
