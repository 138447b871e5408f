// What the benches (run.mjs, scale.mjs, mentor-images.mjs) share: a throwaway MariaDB database, the
// production build started on it the way the image runs it, a student signed in the way the mailed
// link signs one in, and the small waits and probes around them. Traffic goes to 127.0.0.1 only.
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { NODE_ENV_VARS, NODE_FLAGS } from '../scripts/node-flags.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
/** The production build's entry point (`npm run build` makes it). */
export const MAIN = join(ROOT, 'backend/dist/main.js');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });

/** Waits until `url` answers 2xx; fails after `ms`, or at once if `app` (a child process) has stopped. */
export async function waitFor(url, { ms = 30_000, app } = {}) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (app && app.exitCode !== null) throw new Error(`the server stopped (${app.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

/** A process's resident memory in MB, from /proc (throws when the process is gone). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/**
 * A fresh database named `<prefix>_<time>` on the BENCH_MYSQL_URL server. `url` reaches it;
 * `drop()` drops it and closes the administrative connection.
 */
export async function createBenchDatabase(prefix) {
  const server = new URL(MYSQL);
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = await createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username || 'root'),
    password: decodeURIComponent(server.password || ''),
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(MYSQL);
  url.pathname = `/${name}`;
  return {
    name,
    url,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

/**
 * The production build on 127.0.0.1:`port` against `databaseUrl`, with the image's V8 flags and
 * environment (scripts/node-flags.mjs), mail off,
 * a bench administrator and rate limits out of the way. `env` adds to (or overrides) those settings;
 * `root` runs another checkout's build with the same settings (bench/compare.mjs).
 */
export function startApp({ port, databaseUrl, env = {}, stdio, root = ROOT }) {
  const main = root === ROOT ? MAIN : join(root, 'backend/dist/main.js');
  return spawn(process.execPath, [...NODE_FLAGS, '--enable-source-maps', main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...NODE_ENV_VARS,
      NODE_ENV: 'production',
      MAIL_DISABLED: 'true',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-12345',
      SELLER_NAME: 'Bench Trading AS',
      SELLER_ORG_NR: '923456789',
      SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl.toString(),
      ADMIN_EMAIL: 'bench-admin@example.no',
      ADMIN_PASSWORD: 'bench-admin-passord',
      RATE_LIMIT_WRITES: '10000000',
      RATE_LIMIT_LOGIN: '10000000',
      ...env,
    },
    stdio,
  });
}

/** Stops the app and waits until it has exited. */
export async function stopApp(app) {
  app.kill('SIGTERM');
  await new Promise((r) => (app.exitCode !== null ? r() : app.once('exit', r)));
}

/**
 * A new student who owns `courseId`, signed in. The free sign-up answers no token (the sign-in link
 * goes out by e-mail): the bench plays the mailed link by storing a one-time token for the new account
 * through `conn`, then uses it as the link would. Returns the user's id and the session cookie.
 */
export async function signInNewStudent({ base, conn, email, courseId }) {
  const signUp = await fetch(`${base}/api/create-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, courseType: 'starter', trafficSource: 'A' }),
  });
  if (!signUp.ok) throw new Error(`create-user: ${signUp.status}`);
  const [[user]] = await conn.query('SELECT id FROM users WHERE email = ?', [email]);
  const token = randomBytes(32).toString('base64url');
  await conn.query(
    "INSERT INTO login_tokens (tokenHash, userId, purpose, createdAt, expiresAt, usedAt) VALUES (?, ?, 'login', NOW(3), NOW(3) + INTERVAL 15 MINUTE, NULL)",
    [createHash('sha256').update(token).digest('hex'), user.id],
  );
  await conn.query("INSERT INTO grants (userId, courseId, source, grantedAt) VALUES (?, ?, 'manual', NOW(3))", [
    user.id,
    courseId,
  ]);
  const login = await fetch(`${base}/api/auth/token-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!login.ok) throw new Error(`token-login: ${login.status}`);
  return { userId: user.id, cookie: login.headers.get('set-cookie').split(';')[0] };
}
