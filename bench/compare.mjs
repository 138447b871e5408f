// node bench/compare.mjs <other checkout>: this checkout's production build against another one's
// (an earlier commit built in its own folder), on the same machine in the same minutes. Both apps run
// at once on their own MariaDB databases and take turns under load, round after round, so that a slow
// spell of a shared machine falls on both. Prints requests/s per side and the ratio new / old.
// Traffic goes to 127.0.0.1 only; every round is bounded (COMPARE_ROUNDS × COMPARE_SECONDS per side).
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { createBenchDatabase, freePort, ROOT, signInNewStudent, startApp, stopApp, waitFor } from './lib.mjs';

const other = process.argv[2] && resolve(process.argv[2]);
if (!other || !existsSync(join(other, 'backend/dist/main.js'))) {
  console.error('Usage: node bench/compare.mjs <checkout with a production build (npm run build)>');
  process.exit(2);
}
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 6);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const cannon = (opts, duration) =>
  new Promise((res, rej) =>
    autocannon({ duration, connections: CONNECTIONS, pipelining: 1, ...opts }, (err, r) => (err ? rej(err) : res(r))),
  );

/** One side: its database, its app (this build, or the other checkout's with the same settings) and a student. */
async function side(label, root) {
  const db = await createBenchDatabase(`ta_cmp_${label}`);
  const port = await freePort();
  const app = startApp({ port, databaseUrl: db.url, stdio: ['ignore', 'ignore', 'inherit'], root });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const conn = await createConnection(db.url.toString());
  const { cookie } = await signInNewStudent({ base, conn, email: `cmp-${label}@example.no`, courseId: 'foundation' });
  const [[mod]] = await conn.query("SELECT id FROM modules WHERE courseId = 'foundation' ORDER BY position LIMIT 1");
  await conn.end();
  return { label, app, db, base, cookie, moduleId: mod.id };
}

const targets = [
  ['GET /api/catalog', (s) => ({ url: `${s.base}/api/catalog` })],
  ['GET / (landing HTML)', (s) => ({ url: `${s.base}/` })],
  [
    'GET /api/progress/foundation (signed in)',
    (s) => ({ url: `${s.base}/api/progress/foundation`, headers: { cookie: s.cookie } }),
  ],
  [
    'POST …/complete (signed in)',
    (s) => ({
      url: `${s.base}/api/progress/foundation/modules/${s.moduleId}/complete`,
      method: 'POST',
      headers: { cookie: s.cookie, 'content-type': 'application/json' },
      body: '{}',
    }),
  ],
];

const sides = [];
let failed = false;
try {
  sides.push(await side('new', ROOT), await side('old', other));
  console.log(`${ROUNDS} rounds × ${SECONDS} s × ${CONNECTIONS} connections per side and target; new = ${ROOT}, old = ${other}`);
  for (const [name, opts] of targets) {
    for (const s of sides) await cannon(opts(s), 2); // warm-up
    const totals = { new: [], old: [] };
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate who goes first, so neither side always follows the other's load.
      const order = i % 2 ? [...sides].reverse() : sides;
      for (const s of order) {
        const r = await cannon(opts(s), SECONDS);
        if (r.non2xx + r.errors + r.timeouts > 0) failed = true;
        totals[s.label].push(r.requests.total / r.duration);
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = totals.new.map((n, i) => n / totals.old[i]);
    console.log(
      `${name}: new ${median(totals.new).toFixed(0)} req/s, old ${median(totals.old).toFixed(0)} req/s, ` +
        `median of per-round ratios ×${median(ratios).toFixed(3)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
} finally {
  for (const s of sides) {
    await stopApp(s.app);
    await s.db.drop();
  }
}
process.exit(failed ? 1 : 0);
