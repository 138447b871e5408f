// node bench/mentor-images.mjs: the memory of chart images under load (issue 33). The production
// build (`npm run build` first) on MariaDB gets six parallel replies in one mentor thread, each with
// four PNGs of BENCH_IMAGE_SIDE × BENCH_IMAGE_SIDE pixels (default 10 000: a small file, a huge
// canvas); the server's resident memory is sampled every 20 ms from /proc. Prints the baseline, the
// peak, the memory 5 s after the last answer, the answers' statuses and the time they took.
// Traffic goes to 127.0.0.1 only; every request is bounded by BENCH_TIMEOUT_MS (default 120 000).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import sharp from 'sharp';
import { createBenchDatabase, freePort, MAIN, rssMb, signInNewStudent, sleep, startApp, stopApp, waitFor } from './lib.mjs';

const SIDE = Number(process.env.BENCH_IMAGE_SIDE ?? 10_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 6);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 4);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 120_000);
if (!existsSync(MAIN)) throw new Error('backend/dist/main.js is missing: run `npm run build` first');

/** The server's resident memory in MB; 0 once it is gone. */
const appRssMb = (pid) => {
  try {
    return rssMb(pid);
  } catch {
    return 0;
  }
};

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

const db = await createBenchDatabase('ta_bench_img');
const dbUrl = db.url;
const uploadDir = mkdtempSync(join(tmpdir(), 'ta-bench-uploads-'));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = startApp({
  port,
  databaseUrl: dbUrl,
  env: {
    UPLOAD_DIR: uploadDir,
    LOG_LEVEL: 'warn',
    // The image's two malloc arenas (scripts/node-flags.mjs); BENCH_MALLOC_ARENA_MAX=8 shows what
    // glibc's arena per thread would hold instead.
    ...(process.env.BENCH_MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let samples = [];
let sampler;
let code = 0;
try {
  await waitFor(`${base}/api/health`, { ms: 60_000, app });

  // A signed-in student with Accelerator (chart review), signed in the way the mailed link does it.
  const conn = await createConnection(dbUrl.toString());
  const { cookie } = await signInNewStudent({ base, conn, email: 'bench-mentor-elev@example.no', courseId: 'accelerator' });
  await conn.end();
  const headers = {
    cookie,
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
  const baseline = appRssMb(app.pid);
  samples = [];
  sampler = setInterval(() => samples.push(appRssMb(app.pid)), 20);
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
  const after = appRssMb(app.pid);

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
  await stopApp(app);
  await db.drop();
  rmSync(uploadDir, { recursive: true, force: true });
}
process.exit(code);
