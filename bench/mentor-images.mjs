// node bench/mentor-images.mjs: the memory of chart images under load (issue 33). The production
// build (`npm run build` first) on MariaDB gets six parallel replies in one mentor thread, each with
// four PNGs of BENCH_IMAGE_SIDE × BENCH_IMAGE_SIDE pixels (default 10 000: a small file, a huge
// canvas); the server's resident memory is sampled every 20 ms from /proc. Prints the baseline, the
// peak, the memory 5 s after the last answer, the answers' statuses and the time they took.
// Traffic goes to 127.0.0.1 only; every request is bounded by BENCH_TIMEOUT_MS (default 120 000).
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import sharp from 'sharp';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIDE = Number(process.env.BENCH_IMAGE_SIDE ?? 10_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 6);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 4);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 120_000);
const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
const MAIN = join(ROOT, 'backend/dist/main.js');
if (!existsSync(MAIN)) throw new Error('backend/dist/main.js is missing: run `npm run build` first');

const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });

const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A chart-like PNG: a solid canvas with a few lines, compressed hard (small on the wire, huge decoded). */
async function makePng(side) {
  const cache = join(tmpdir(), `ta-bench-chart-${side}.png`);
  if (existsSync(cache)) return readFileSync(cache);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="100%" height="100%" fill="#102030"/>` +
      `<polyline fill="none" stroke="#3c6" stroke-width="8" points="0,${side * 0.8} ${side * 0.3},${side * 0.5} ${side * 0.6},${side * 0.6} ${side},${side * 0.2}"/></svg>`,
  );
  const png = await sharp(svg, { limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
  writeFileSync(cache, png);
  return png;
}

const png = await makePng(SIDE);
console.log(`Image: ${SIDE} × ${SIDE} px, ${(png.length / 1024).toFixed(0)} KB PNG; ${REPLIES} replies × ${IMAGES} images`);

const server = new URL(MYSQL);
const dbName = `ta_bench_img_${Date.now().toString(36)}`;
const admin = await createConnection({
  host: server.hostname,
  port: Number(server.port || 3306),
  user: decodeURIComponent(server.username || 'root'),
  password: decodeURIComponent(server.password || ''),
});
await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
const dbUrl = new URL(MYSQL);
dbUrl.pathname = `/${dbName}`;
const uploadDir = mkdtempSync(join(tmpdir(), 'ta-bench-uploads-'));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, [...NODE_FLAGS, '--enable-source-maps', MAIN], {
  cwd: ROOT,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    MAIL_DISABLED: 'true',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-12345',
    SELLER_NAME: 'Bench Trading AS',
    SELLER_ORG_NR: '923456789',
    SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: dbUrl.toString(),
    UPLOAD_DIR: uploadDir,
    ADMIN_EMAIL: 'bench-admin@example.no',
    ADMIN_PASSWORD: 'bench-admin-passord',
    RATE_LIMIT_WRITES: '10000000',
    RATE_LIMIT_LOGIN: '10000000',
    LOG_LEVEL: 'warn',
    // glibc's allocator keeps an arena per thread; try BENCH_MALLOC_ARENA_MAX=2 to see what it holds.
    ...(process.env.BENCH_MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let samples = [];
let sampler;
let code = 0;
try {
  const end = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the server stopped (${app.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > end) throw new Error('the server did not start');
    await sleep(200);
  }

  // A signed-in student with Accelerator (chart review), signed in the way the mailed link does it.
  const email = 'bench-mentor-elev@example.no';
  const signUp = await fetch(`${base}/api/create-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, courseType: 'starter', trafficSource: 'A' }),
  });
  if (!signUp.ok) throw new Error(`create-user: ${signUp.status}`);
  const conn = await createConnection(dbUrl.toString());
  const [[user]] = await conn.query('SELECT id FROM users WHERE email = ?', [email]);
  const token = randomBytes(32).toString('base64url');
  await conn.query(
    "INSERT INTO login_tokens (tokenHash, userId, purpose, createdAt, expiresAt, usedAt) VALUES (?, ?, 'login', NOW(3), NOW(3) + INTERVAL 15 MINUTE, NULL)",
    [createHash('sha256').update(token).digest('hex'), user.id],
  );
  await conn.query("INSERT INTO grants (userId, courseId, source, grantedAt) VALUES (?, 'accelerator', 'manual', NOW(3))", [
    user.id,
  ]);
  await conn.end();
  const login = await fetch(`${base}/api/auth/token-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!login.ok) throw new Error(`token-login: ${login.status}`);
  const headers = {
    cookie: login.headers.get('set-cookie').split(';')[0],
    origin: base,
    'x-requested-with': 'XMLHttpRequest',
  };
  const started = await fetch(`${base}/api/mentor/threads`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benk', body: 'Tråden svarene går i' }),
  });
  if (started.status !== 201) throw new Error(`new thread: ${started.status} ${await started.text()}`);
  const threadId = (await started.json()).id;

  await sleep(1000);
  const baseline = rssMb(app.pid);
  samples = [];
  sampler = setInterval(() => samples.push(rssMb(app.pid)), 20);
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REPLIES }, async (_, i) => {
      const form = new FormData();
      form.append('body', `Svar ${i + 1}`);
      for (let k = 0; k < IMAGES; k++) form.append('images', new Blob([png], { type: 'image/png' }), `chart-${i}-${k}.png`);
      const res = await fetch(`${base}/api/mentor/threads/${threadId}/messages`, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - t0, message: res.status >= 400 ? text.slice(0, 200) : '' };
    }),
  );
  const elapsed = performance.now() - t0;
  const peak = Math.max(...samples);
  await sleep(5000);
  clearInterval(sampler);
  const after = rssMb(app.pid);

  console.log(`RSS before: ${baseline.toFixed(0)} MB`);
  console.log(`RSS peak during the replies: ${peak.toFixed(0)} MB`);
  console.log(`RSS 5 s after the last reply: ${after.toFixed(0)} MB`);
  console.log(`Time to the last reply: ${(elapsed / 1000).toFixed(1)} s`);
  for (const a of answers) console.log(`  ${a.status} after ${(a.ms / 1000).toFixed(1)} s ${a.message}`);
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  clearInterval(sampler);
  app.kill('SIGTERM');
  await new Promise((r) => (app.exitCode !== null ? r() : app.once('exit', r)));
  await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.end();
  rmSync(uploadDir, { recursive: true, force: true });
}
process.exit(code);
