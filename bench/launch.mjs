// npm run bench:launch: launch day. Two production instances (the same build, NODE_ENV=production,
// default log level, metrics on) on one MariaDB seeded at the scale bench's volume
// (bench/scale-seed.mjs), sending mail to a local SMTP sink, paid through the test suites' fake
// Stripe and Vipps. For LAUNCH_SECONDS (300), all at once: visitors on the storefront across both
// instances (LAUNCH_VISITORS_PER_S), 5 new leads a second, LAUNCH_CHECKOUTS_PER_MIN checkouts (card
// and Vipps; each webhook delivered to both instances, some twice; the buyer's success page polls its
// status, every buyer from the same address as behind a CGNAT), the mentor in the panel (lists,
// searches, the overview; and every LAUNCH_MENTOR_ACTIONS_EVERY_S (12) a refund of an order paid during
// the load, a grant of a course to a student, and an answer to a question a student has just asked),
// and a broadcast to every subscriber started as the load begins
// (MARKETING_SEND_RATE a minute). Then it waits for the receipts and reports per kind: requests,
// p50/p95/p99, errors; mails sent per minute; each instance's peak RSS; and the invariants. It writes
// bench/launch-results.md. Build first (`npm run build`). Traffic goes to 127.0.0.1 only.
// LAUNCH_INSTANCES=1 starts one instance only and sends it everything, the same load: each webhook is
// still delivered twice (and every fifth three times), all to it. LAUNCH_RESULTS_JSON=<path> writes the
// run's result as JSON there instead of bench/launch-results.md (bench/launch-capacity.mjs's rounds).
// SIGINT or SIGTERM stops the instances and drops the bench's database before it exits.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { createBenchDatabase, freePort, MAIN, ROOT, rssMb, sleep, startApp, stopApp, waitFor } from './lib.mjs';
import { scaled, seed, VOLUME } from './scale-seed.mjs';
import { TARGETS, isMentorsRequest, percentile, renderResults } from './launch-report.mjs';

import { requireTs } from './launch-ts.mjs';

const { startFakeStripe, fakeStripeEnv, stripeEvent, signWebhook } = requireTs('../e2e/api/support/fake-stripe.ts');
const { startFakeVipps, fakeVippsEnv, vippsEvent, signVippsWebhook } = requireTs('../e2e/api/support/fake-vipps.ts');
const { startSmtpSink } = requireTs('../e2e/api/support/smtp-sink.ts');

const SECONDS = Number(process.env.LAUNCH_SECONDS ?? 300);
/** How many instances share the load: 2 (launch day as planned) or 1 (what one alone sustains). */
const INSTANCES_ASKED = process.env.LAUNCH_INSTANCES ?? '2';
if (!/^[12]$/.test(INSTANCES_ASKED.trim())) {
  console.error(`LAUNCH_INSTANCES must be 1 or 2 (got ${JSON.stringify(INSTANCES_ASKED)}).`);
  process.exit(1);
}
const INSTANCES = Number(INSTANCES_ASKED);
/** Where to write the result as JSON instead of the results page (unset: bench/launch-results.md). */
const RESULTS_JSON = process.env.LAUNCH_RESULTS_JSON || null;
const VISITORS_PER_S = Number(process.env.LAUNCH_VISITORS_PER_S ?? 80);
const LEADS_PER_S = Number(process.env.LAUNCH_LEADS_PER_S ?? 5);
const CHECKOUTS_PER_MIN = Number(process.env.LAUNCH_CHECKOUTS_PER_MIN ?? 100);
const SEND_RATE = Number(process.env.MARKETING_SEND_RATE ?? 6000);
/** The mentor's refund, grant and answer: each once this often (staggered), so a bounded few per run. */
const MENTOR_ACTIONS_EVERY_S = Number(process.env.LAUNCH_MENTOR_ACTIONS_EVERY_S ?? 12);
/** The bench administrator's password (bench/lib.mjs): the panel asks for it again when REAUTH_REQUIRED. */
const ADMIN_PASSWORD = 'bench-admin-passord';
/** The course the mentor grants by hand during the load. */
const GRANTED_COURSE = 'kryptovaluta';
/** LAUNCH_SCALE < 1 seeds a smaller copy of the volume (to try the bench itself quickly). */
const SCALE = Number(process.env.LAUNCH_SCALE ?? 1);
/** How long after the load the bench waits for the last receipts (the target: within 60 s of paying). */
const RECEIPT_WAIT_MS = 60_000;
const RUN = randomBytes(3).toString('hex');
const RESULTS = join(ROOT, 'bench/launch-results.md');
const BROADCAST_SUBJECT = `Lanseringen er her ${RUN}`;
/** The storefront's pages a visitor asks for: home, course pages, the catalogue's, the sign-up form. */
const PAGES = ['/', '/kurs/foundation', '/kurs/accelerator', '/gratis-trading-kurs', '/signup', '/kryptovaluta-trading-kurs'];

if (!existsSync(MAIN)) {
  console.error('backend/dist/main.js not found: run `npm run build` first.');
  process.exit(1);
}

const stripe = await startFakeStripe();
const vipps = await startFakeVipps();
const sink = await startSmtpSink();
const db = await createBenchDatabase('ta_launch');
const ports = [];
for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
const bases = ports.map((p) => `http://127.0.0.1:${p}`);
const env = (i) => ({
  ...fakeStripeEnv(stripe),
  ...fakeVippsEnv(vipps),
  MAIL_DISABLED: 'false',
  SMTP_URL: sink.url,
  MARKETING_SEND_RATE: String(SEND_RATE),
  MARKETING_POLL_INTERVAL_MS: '5000',
  ADMIN_2FA: 'optional',
  METRICS_TOKEN: 'launch-bench-metrics-token-0123456789',
  // The bench's requests all come from 127.0.0.1: the write limit as for one client behind many.
  PUBLIC_URL: bases[i],
  ...(process.env.PROF_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PROF_NODE_OPTIONS } : {}),
});
/** The instance a delivery meant for "instance i of two" goes to: with one instance, always that one. */
const instance = (i) => bases[i % bases.length];
const apps = [];
const stopAll = async () => {
  for (const a of apps) await stopApp(a).catch(() => {});
  await db.drop().catch(() => {});
  await stripe.close();
  await vipps.close();
  await sink.close();
};
/** The connection the bench seeds and checks through (closed before the database is dropped on a signal). */
let conn = null;
// Stopped from outside (Ctrl-C, or bench/launch-capacity.mjs's time bound): the instances stop and the
// database is dropped, each bounded, before the exit.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the instances and dropping ${db.name} …`);
    conn?.destroy();
    const bounded = (p) => Promise.race([p.catch(() => {}), sleep(20_000)]);
    void (async () => {
      for (const a of apps) await bounded(stopApp(a));
      await bounded(db.drop());
      process.exit(signal === 'SIGINT' ? 130 : 143);
    })();
  });

try {
  // The first instance makes the schema; the volume is seeded; then the second joins.
  apps.push(startApp({ port: ports[0], databaseUrl: db.url, env: env(0), stdio: ['ignore', 'ignore', 'inherit'] }));
  await waitFor(`${bases[0]}/api/health`, { ms: 120_000, app: apps[0] });
  conn = await createConnection({ uri: db.url.toString(), multipleStatements: true });
  const [[{ id: adminId }]] = await conn.query("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
  console.log('seeding the volume …');
  const seeded = await seed(conn, SCALE < 1 ? scaled(SCALE) : VOLUME, adminId);
  console.log(`seeded in ${seeded.toFixed(1)} s`);
  for (let i = 1; i < INSTANCES; i++) {
    apps.push(startApp({ port: ports[i], databaseUrl: db.url, env: env(i), stdio: ['ignore', 'ignore', 'inherit'] }));
    await waitFor(`${bases[i]}/api/health`, { ms: 120_000, app: apps[i] });
  }
  const adminCookie = await sessionFor(conn, adminId);
  // Warm them (the first statistics take the seeded leads in; the pages their caches). The load starts
  // once every seeded lead is in the funnel's per-address rows, as on a site that has been running (the
  // seed writes the leads alone; taking 200 000 in is the once-after-an-upgrade work of the start-up).
  await fetch(`${bases[0]}/api/admin/stats`, { headers: { cookie: adminCookie } }).catch(() => {});
  const caughtUp = Date.now();
  for (;;) {
    const [[{ n }]] = await conn.query('SELECT COUNT(*) AS n FROM leads WHERE addressId IS NULL');
    if (Number(n) === 0) break;
    if (Date.now() - caughtUp > 300_000) throw new Error(`${n} seeded leads still not taken into lead_addresses`);
    await sleep(1000);
  }
  console.log(`the seeded leads taken in ${((Date.now() - caughtUp) / 1000).toFixed(0)} s after the first statistics`);
  for (const b of bases) for (const p of PAGES) await fetch(b + p).catch(() => {});

  const result = await launch(conn, adminCookie, adminId);
  result.seeded = seeded;
  result.scale = SCALE;
  if (RESULTS_JSON) {
    writeFileSync(RESULTS_JSON, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nwritten: ${RESULTS_JSON}`);
  } else {
    writeFileSync(RESULTS, INSTANCES === 2 ? renderResults(result) : withOneInstanceNote(renderResults(result)));
    console.log(`\nwritten: ${RESULTS}`);
  }
  await conn.end();
  conn = null;
  process.exitCode = result.failures.length ? 1 : 0;
} finally {
  await stopAll();
}

/** The results page of a one-instance run: says so under the heading (the page's text speaks of two). */
function withOneInstanceNote(page) {
  const note =
    'One instance only (`LAUNCH_INSTANCES=1`): every request went to it, and each webhook delivery meant for "both instances" was delivered to it twice.';
  return page.replace('\n\n', `\n\n${note}\n\n`);
}

/** A signed-in session for a user, as the sign-in makes it (the bench plays the sign-in). */
async function sessionFor(conn, userId) {
  const token = randomBytes(32).toString('base64url');
  await conn.query(
    `INSERT INTO sessions (tokenHash, userId, createdAt, lastSeenAt, expiresAt, ip, userAgent, authenticatedAt)
     VALUES (?, ?, NOW(3), NOW(3), NOW(3) + INTERVAL 1 DAY, '127.0.0.1', 'bench', NOW(3))`,
    [createHash('sha256').update(token).digest('hex'), userId],
  );
  return `sid=${token}`;
}

async function launch(conn, adminCookie) {
  const kinds = new Map();
  const record = (kind, ms, status) => {
    let k = kinds.get(kind);
    if (!k) kinds.set(kind, (k = { ms: [], errors: 0, statuses: new Map() }));
    k.ms.push(ms);
    k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
    if (status >= 400 || status === 0) k.errors++;
  };
  /** `skip(answer)`: an answer not to count (the panel's reauth prompt). */
  async function timed(kind, url, init = {}, { skip } = {}) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      const out = { status: res.status, text, headers: res.headers };
      if (!skip?.(out)) record(kind, performance.now() - t0, res.status);
      return out;
    } catch (e) {
      record(kind, performance.now() - t0, 0);
      return { status: 0, text: String(e), headers: new Headers() };
    }
  }
  const json = (body, extra = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  let turn = 0;
  const base = () => bases[turn++ % bases.length];

  // Resident memory of each instance, sampled all along.
  const peakRss = bases.map(() => 0);
  const rssTimer = setInterval(() => {
    apps.forEach((a, i) => {
      try {
        peakRss[i] = Math.max(peakRss[i], rssMb(a.pid));
      } catch {}
    });
  }, 250);

  // The mail the sink receives: who, which kind, when (the bodies are dropped as they come).
  const mails = [];
  const drainSink = () => {
    for (const m of sink.messages.splice(0))
      mails.push({ at: Date.now(), to: m.to[0], id: m.headers['x-outbox-id'], subject: m.subject });
  };
  const sinkTimer = setInterval(drainSink, 200);

  // The broadcast, to every subscriber, due as the load begins.
  await conn.query(
    `INSERT INTO marketing_broadcasts (subject, body, segment, utm, status, sendAt, listReady, recipientCount,
       lastBatchAt, startedAt, finishedAt, createdBy, createdAt, updatedAt)
     SELECT ?, 'Hei {{fornavn}}! Kurset er åpent.', '{"audience":"all"}', 1, 'scheduled', NOW(3), 0, 0, NULL, NULL, NULL,
       id, NOW(3), NOW(3) FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
    [BROADCAST_SUBJECT],
  );

  // Whom the mentor grants a course to (seeded students without it), who asks the questions the mentor
  // answers (seeded Foundation students, one question each), and under which module (open from day one).
  const [grantees] = await conn.query(
    `SELECT u.id FROM users u WHERE u.role = 'student' AND NOT EXISTS
       (SELECT 1 FROM grants g WHERE g.userId = u.id AND g.courseId = ? AND g.revokedAt IS NULL) ORDER BY u.id LIMIT 1000`,
    [GRANTED_COURSE],
  );
  const [askers] = await conn.query(
    `SELECT DISTINCT u.id, u.email FROM users u JOIN grants g ON g.userId = u.id AND g.courseId = 'foundation' AND g.revokedAt IS NULL
      WHERE u.role = 'student' ORDER BY u.id DESC LIMIT 1000`,
  );
  const [[openModule]] = await conn.query(
    "SELECT id FROM modules WHERE courseId = 'foundation' AND published = 1 AND releaseAfterDays = 0 ORDER BY position LIMIT 1",
  );

  const start = Date.now();
  const deadline = start + SECONDS * 1000;
  const inflight = new Set();
  /** Starts `fn` `perSecond` times a second until the deadline (open loop: a slow answer does not slow the arrivals). */
  const paced = async (perSecond, fn) => {
    const gap = 1000 / perSecond;
    for (let n = 0, next = Date.now(); Date.now() < deadline; n++) {
      const p = fn(n).catch((e) => console.error(e));
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      next += gap;
      await sleep(Math.max(0, next - Date.now()));
    }
  };

  // The buyers: a checkout, the payment at the provider, its webhook to both instances (every fifth
  // twice to one), and the success page polling every 2.5 s until it reads paid.
  const buyers = [];
  async function buyer(n) {
    const method = n % 3 === 2 ? 'vipps' : 'card';
    const email = `launch-${RUN}-${n}@example.no`;
    const b = { email, method, paidAt: null, reference: null, seenPaid: false, polls: 0, settled: false };
    buyers.push(b);
    const res = await timed(
      'checkout opened',
      `${base()}/api/checkout/sessions`,
      json({
        courseId: 'foundation',
        email,
        firstName: 'Lansering',
        lastName: `Kjøper ${n}`,
        paymentMethod: method,
        acceptTerms: true,
        acceptRisk: true,
      }),
    );
    if (res.status !== 201) return;
    const reference = JSON.parse(res.text).reference;
    b.reference = reference;
    await sleep(1000 + Math.random() * 2000);
    const deliveries = [];
    if (method === 'card') {
      const session = stripe.pay(reference);
      b.paidAt = Date.now();
      const signed = signWebhook(stripeEvent('checkout.session.completed', { ...session }));
      const send = (to) =>
        timed('webhook', `${to}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
          body: signed.body,
        });
      deliveries.push(send(instance(0)), send(instance(1)));
      if (n % 5 === 0) deliveries.push(send(instance(n)));
    } else {
      vipps.approve(reference);
      b.paidAt = Date.now();
      const body = JSON.stringify(vippsEvent(vipps, reference, 'AUTHORIZED'));
      const send = (to) =>
        timed('webhook', `${to}/api/vipps/webhook`, {
          method: 'POST',
          headers: signVippsWebhook(body, { host: to.slice('http://'.length) }),
          body,
        });
      deliveries.push(send(instance(0)), send(instance(1)));
      if (n % 5 === 0) deliveries.push(send(instance(n)));
    }
    const poll = async () => {
      for (let i = 0; i < 10 && !b.seenPaid; i++) {
        const r = await timed('status poll', `${base()}/api/checkout/sessions/${encodeURIComponent(reference)}`);
        b.polls++;
        if (r.status === 200 && JSON.parse(r.text).status === 'paid') b.seenPaid = true;
        else await sleep(2500);
      }
    };
    await Promise.all([...deliveries, poll()]);
    b.settled = true;
  }

  // The mentor at work in the panel: one request every 1.5 s, round the lists, searches and the overview.
  const f = (o) => encodeURIComponent(JSON.stringify(o));
  const mentorPaths = [
    ['mentor: leads list', '/api/admin/leads'],
    ['mentor: orders list', '/api/admin/orders'],
    ['mentor: leads search', `/api/admin/leads?filter=${f({ q: 'person1234' })}`],
    ['mentor: users search', `/api/admin/users?filter=${f({ q: 'person2345' })}`],
    ['mentor: overview', '/api/admin/stats'],
    ['mentor: outbox list', '/api/admin/outbox'],
    ['mentor: broadcasts', '/api/admin/broadcasts'],
  ];
  const admin = { headers: { cookie: adminCookie } };

  // The mentor's writes, as the panel makes them: on 401 REAUTH_REQUIRED the panel asks for the password
  // again (POST /api/auth/reauth) and repeats the request; that first 401 is the panel's prompt, not an error.
  async function mentorWrite(kind, path, body) {
    const to = base();
    const send = () => timed(kind, to + path, json(body, { cookie: adminCookie }), { skip: isReauth });
    let res = await send();
    if (isReauth(res)) {
      await timed('mentor: reauth', `${to}/api/auth/reauth`, json({ password: ADMIN_PASSWORD }, { cookie: adminCookie }));
      res = await send();
    }
    return res;
  }
  const isReauth = (res) => res.status === 401 && /REAUTH_REQUIRED/.test(res.text);

  // Refunds: a card or Vipps order paid during the load (its webhooks all delivered, its success page
  // having seen it paid), refunded in full through the panel's route, each once.
  const refunded = [];
  async function refund(n) {
    const b =
      buyers.find((x) => x.settled && x.seenPaid && !x.refunding && x.method === (n % 2 ? 'vipps' : 'card')) ??
      buyers.find((x) => x.settled && x.seenPaid && !x.refunding);
    if (!b) return;
    b.refunding = true;
    const [[order]] = await conn.query('SELECT id FROM orders WHERE email = ?', [b.email]);
    const res = await mentorWrite('mentor: refund', `/api/admin/orders/${order.id}/refund`, {
      reason: 'Angrerett innen 14 dager',
    });
    if (res.status === 200) refunded.push({ ...b, orderId: order.id });
  }

  // Grants: a seeded student without the course gets it by hand (the student mailed, as the panel's default).
  const granted = [];
  async function grant(n) {
    const userId = grantees[n]?.id;
    if (!userId) return;
    const res = await mentorWrite('mentor: grant', `/api/admin/users/${userId}/grants`, {
      courseId: GRANTED_COURSE,
      note: `Lanseringen ${RUN}`,
      notify: true,
    });
    if (res.status === 201) granted.push(userId);
  }

  // Answers: a seeded Foundation student asks under an open module (the student route), the mentor answers.
  const answered = [];
  async function answer(n) {
    const asker = askers[n];
    if (!asker || !openModule) return;
    const cookie = await sessionFor(conn, asker.id);
    const asked = await timed(
      'student: question',
      `${base()}/api/courses/foundation/modules/${openModule.id}/questions`,
      json({ body: `Hvor setter jeg stoppen på lanseringsdagen? (${RUN}-${n})` }, { cookie }),
    );
    if (asked.status !== 201) return;
    const id = JSON.parse(asked.text).id;
    const res = await mentorWrite('mentor: answer', `/api/admin/questions/${id}/answer`, {
      body: 'Under siste **swing low**, og aldri mer enn 1 % av kontoen.',
    });
    if (res.status === 200) answered.push({ id, email: asker.email });
  }
  /** Starts `fn` every `everyMs` from `offsetMs` after the start until the deadline. */
  const every = async (everyMs, offsetMs, fn) => {
    for (let n = 0, next = start + offsetMs; next < deadline; n++, next += everyMs) {
      await sleep(Math.max(0, next - Date.now()));
      if (Date.now() >= deadline) break;
      const p = fn(n).catch((e) => console.error(e));
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
  };
  const actionMs = MENTOR_ACTIONS_EVERY_S * 1000;

  console.log(
    `launch: ${INSTANCES} instance${INSTANCES === 1 ? '' : 's'}, ${SECONDS} s, ${VISITORS_PER_S} visitors/s, ${LEADS_PER_S} leads/s, ${CHECKOUTS_PER_MIN} checkouts/min, broadcast at ${SEND_RATE}/min`,
  );
  await Promise.all([
    paced(VISITORS_PER_S, (n) => timed('storefront', base() + PAGES[n % PAGES.length], { headers: { 'accept-encoding': 'br' } })),
    paced(LEADS_PER_S, (n) =>
      timed(
        'new lead',
        `${base()}/api/leads`,
        json({ email: `lead-${RUN}-${n}@example.no`, courseType: 'foundation', source: '/' }),
      ),
    ),
    paced(CHECKOUTS_PER_MIN / 60, buyer),
    paced(1 / 1.5, (n) => timed(mentorPaths[n % mentorPaths.length][0], base() + mentorPaths[n % mentorPaths.length][1], admin)),
    every(actionMs, Math.min(2000, actionMs / 6), grant),
    every(actionMs, Math.min(5000, actionMs / 2.4), answer),
    every(actionMs, Math.min(8000, actionMs / 1.5), refund),
  ]);
  const loadEnded = Date.now();
  await Promise.all([...inflight]);
  console.log('load over; waiting for the receipts …');

  // The receipts: each paid buyer's, within RECEIPT_WAIT_MS of the load's end.
  const paid = buyers.filter((b) => b.paidAt);
  const receiptOf = (b) => mails.find((m) => m.to === b.email && /kvittering/i.test(m.subject));
  const refundMails = (r) => mails.filter((m) => m.to === r.email && /^Refusjon/.test(m.subject));
  const answerMails = (a) => mails.filter((m) => m.to === a.email && /^Svar på spørsmålet/.test(m.subject));
  for (const end = Date.now() + RECEIPT_WAIT_MS; Date.now() < end;) {
    drainSink();
    if (paid.every(receiptOf) && refunded.every((r) => refundMails(r).length) && answered.every((a) => answerMails(a).length))
      break;
    await sleep(500);
  }
  drainSink();
  clearInterval(sinkTimer);
  clearInterval(rssTimer);

  // The invariants, from the database and the sink.
  const [[orders]] = await conn.query(
    `SELECT COUNT(*) AS n, SUM(status IN ('paid', 'refunded')) AS paid, SUM(status = 'refunded') AS refunded FROM orders WHERE email LIKE ?`,
    [`launch-${RUN}-%`],
  );
  const [twice] = await conn.query(
    `SELECT o.id, COUNT(g.id) AS grants FROM orders o LEFT JOIN grants g ON g.orderId = o.id
      WHERE o.email LIKE ? AND o.status = 'paid' GROUP BY o.id HAVING COUNT(g.id) <> 1`,
    [`launch-${RUN}-%`],
  );
  const [[bc]] = await conn.query(
    `SELECT b.recipientCount AS recipients, b.status,
       (SELECT COUNT(*) FROM marketing_broadcast_recipients r WHERE r.broadcastId = b.id AND r.status = 'queued') AS queued
     FROM marketing_broadcasts b WHERE b.subject = ?`,
    [BROADCAST_SUBJECT],
  );
  // The mentor's writes: each refunded order refunded once (one refund row, status refunded, its grant
  // revoked) and mailed once; each grant made once; each question answered and its asker mailed once.
  const orderIds = refunded.map((r) => r.orderId);
  const [refundRows] = orderIds.length
    ? await conn.query(
        `SELECT o.id, o.status, (SELECT COUNT(*) FROM refunds r WHERE r.orderId = o.id) AS refunds,
           (SELECT COUNT(*) FROM grants g WHERE g.orderId = o.id AND g.revokedAt IS NULL) AS active
         FROM orders o WHERE o.id IN (?)`,
        [orderIds],
      )
    : [[]];
  const [grantRows] = granted.length
    ? await conn.query(
        `SELECT userId, COUNT(*) AS n FROM grants WHERE userId IN (?) AND courseId = ? AND source = 'manual' AND revokedAt IS NULL
          GROUP BY userId`,
        [granted, GRANTED_COURSE],
      )
    : [[]];
  const [[answeredRows]] = answered.length
    ? await conn.query('SELECT SUM(answered = 1 AND answerBody IS NOT NULL) AS n FROM lesson_questions WHERE id IN (?)', [
        answered.map((a) => a.id),
      ])
    : [[{ n: 0 }]];
  const ids = new Map();
  for (const m of mails) if (m.id) ids.set(m.id, (ids.get(m.id) ?? 0) + 1);
  const broadcastMails = mails.filter((m) => m.subject === BROADCAST_SUBJECT);
  const byAddress = new Map();
  for (const m of broadcastMails) byAddress.set(m.to, (byAddress.get(m.to) ?? 0) + 1);
  const receiptDelays = paid.map((b) => {
    const r = receiptOf(b);
    return r ? (r.at - b.paidAt) / 1000 : Infinity;
  });
  const fiveXx = [...kinds.values()].reduce(
    (s, k) => s + [...k.statuses].filter(([st]) => st >= 500).reduce((a, [, c]) => a + c, 0),
    0,
  );
  const bcDuringLoad = broadcastMails.filter((m) => m.at <= loadEnded);

  const rows = [...kinds].map(([kind, k]) => ({
    kind,
    requests: k.ms.length,
    p50: percentile(k.ms, 50),
    p95: percentile(k.ms, 95),
    p99: percentile(k.ms, 99),
    errors: k.errors,
    statuses: Object.fromEntries(k.statuses),
  }));
  const minutes = (loadEnded - start) / 60_000;
  const result = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    instances: INSTANCES,
    load: {
      visitors: VISITORS_PER_S,
      leads: LEADS_PER_S,
      checkouts: CHECKOUTS_PER_MIN,
      sendRate: SEND_RATE,
      mentorActionsEvery: MENTOR_ACTIONS_EVERY_S,
    },
    achievedVisitorsPerS: (kinds.get('storefront')?.ms.length ?? 0) / ((loadEnded - start) / 1000),
    rows,
    mails: {
      total: mails.length,
      broadcastDuringLoadPerMin: bcDuringLoad.length / minutes,
      broadcastTotal: broadcastMails.length,
      transactional: mails.length - broadcastMails.length,
      perMinute: perMinute(mails, start),
    },
    broadcast: bc ?? null,
    peakRss,
    receipts: {
      paid: paid.length,
      mailed: receiptDelays.filter(Number.isFinite).length,
      p95: percentile(receiptDelays.filter(Number.isFinite), 95),
      max: Math.max(0, ...receiptDelays),
    },
    invariants: {
      ordersCreated: Number(orders.n),
      ordersPaid: Number(orders.paid),
      buyersPaid: paid.length,
      fulfilledOtherThanOnce: twice.length,
      mailsSentTwice: [...ids.values()].filter((c) => c > 1).length,
      broadcastAddressesTwice: [...byAddress.values()].filter((c) => c > 1).length,
      fiveXx,
      pollsSeenPaid: paid.filter((b) => b.seenPaid).length,
      refunds: refunded.length,
      ordersRefunded: Number(orders.refunded ?? 0),
      refundedOtherThanOnce: refundRows.filter((o) => o.status !== 'refunded' || Number(o.refunds) !== 1 || Number(o.active))
        .length,
      refundMailsOtherThanOnce: refunded.filter((r) => refundMails(r).length !== 1).length,
      grants: granted.length,
      grantedOtherThanOnce: granted.length - grantRows.filter((g) => Number(g.n) === 1).length,
      answers: answered.length,
      questionsAnswered: Number(answeredRows.n ?? 0),
      answerMailsOtherThanOnce: answered.filter((a) => answerMails(a).length !== 1).length,
    },
    uptime: loadavg()
      .map((x) => x.toFixed(2))
      .join(', '),
    cores: cpus().length,
  };
  result.failures = checkTargets(result);
  printTable(result);
  return result;
}

function perMinute(mails, start) {
  const out = [];
  for (const m of mails) {
    const i = Math.floor((m.at - start) / 60_000);
    out[i] = (out[i] ?? 0) + 1;
  }
  return Array.from(out, (x) => x ?? 0);
}

function checkTargets(r) {
  const fail = [];
  for (const [kind, ms] of Object.entries(TARGETS.p95))
    for (const row of r.rows.filter((x) => x.kind === kind || (kind === 'mentor' && isMentorsRequest(x.kind))))
      if (row.p95 > ms) fail.push(`${row.kind}: p95 ${row.p95.toFixed(0)} ms > ${ms} ms`);
  for (const row of r.rows) if (row.errors) fail.push(`${row.kind}: ${row.errors} errors ${JSON.stringify(row.statuses)}`);
  if (r.receipts.mailed < r.receipts.paid) fail.push(`${r.receipts.paid - r.receipts.mailed} paid buyers without a receipt`);
  if (r.receipts.max > TARGETS.receiptSeconds) fail.push(`a receipt took ${r.receipts.max.toFixed(0)} s`);
  const inv = r.invariants;
  if (inv.fulfilledOtherThanOnce) fail.push(`${inv.fulfilledOtherThanOnce} paid orders not fulfilled exactly once`);
  if (inv.ordersPaid !== inv.buyersPaid) fail.push(`${inv.buyersPaid} buyers paid, ${inv.ordersPaid} orders paid`);
  if (inv.mailsSentTwice) fail.push(`${inv.mailsSentTwice} mails sent twice`);
  if (inv.broadcastAddressesTwice) fail.push(`${inv.broadcastAddressesTwice} addresses got the broadcast twice`);
  if (inv.fiveXx) fail.push(`${inv.fiveXx} answers 5xx`);
  if (inv.ordersRefunded !== inv.refunds) fail.push(`${inv.refunds} refunds made, ${inv.ordersRefunded} orders refunded`);
  if (inv.refundedOtherThanOnce) fail.push(`${inv.refundedOtherThanOnce} orders not refunded exactly once`);
  if (inv.refundMailsOtherThanOnce) fail.push(`${inv.refundMailsOtherThanOnce} refunds not mailed exactly once`);
  if (inv.grantedOtherThanOnce) fail.push(`${inv.grantedOtherThanOnce} grants not made exactly once`);
  if (inv.questionsAnswered !== inv.answers)
    fail.push(`${inv.answers} answers given, ${inv.questionsAnswered} questions answered`);
  if (inv.answerMailsOtherThanOnce) fail.push(`${inv.answerMailsOtherThanOnce} answers not mailed exactly once`);
  if (SECONDS >= 3 * MENTOR_ACTIONS_EVERY_S && !(inv.refunds && inv.grants && inv.answers))
    fail.push(`the mentor's writes: ${inv.refunds} refunds, ${inv.grants} grants, ${inv.answers} answers`);
  const allSent = r.broadcast && r.mails.broadcastTotal >= r.broadcast.recipients;
  if (!allSent && r.mails.broadcastDuringLoadPerMin < Math.min(r.load.sendRate, TARGETS.broadcastPerMin) * 0.9)
    fail.push(`the broadcast sent ${r.mails.broadcastDuringLoadPerMin.toFixed(0)}/min during the load`);
  r.peakRss.forEach((mb, i) => mb > TARGETS.rssMb && fail.push(`instance ${i + 1}: peak RSS ${mb.toFixed(0)} MB`));
  return fail;
}

function printTable(r) {
  console.log(
    `\n${'kind'.padEnd(26)}${'requests'.padStart(9)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'errors'.padStart(8)}`,
  );
  for (const x of r.rows)
    console.log(
      `${x.kind.padEnd(26)}${String(x.requests).padStart(9)}${x.p50.toFixed(0).padStart(8)}${x.p95.toFixed(0).padStart(8)}${x.p99.toFixed(0).padStart(8)}${String(x.errors).padStart(8)}`,
    );
  console.log(`storefront achieved ${r.achievedVisitorsPerS.toFixed(0)} req/s of ${r.load.visitors}`);
  console.log(
    `mails: ${r.mails.total} (broadcast ${r.mails.broadcastTotal}, during the load ${r.mails.broadcastDuringLoadPerMin.toFixed(0)}/min), per minute ${r.mails.perMinute.join(' ')}`,
  );
  console.log(
    `receipts: ${r.receipts.mailed}/${r.receipts.paid}, p95 ${r.receipts.p95?.toFixed(1)} s, max ${r.receipts.max.toFixed(1)} s`,
  );
  console.log(`peak RSS: ${r.peakRss.map((x) => x.toFixed(0)).join(' / ')} MB; load average ${r.uptime}`);
  console.log(`invariants: ${JSON.stringify(r.invariants)}`);
  console.log(r.failures.length ? `\nTARGETS MISSED:\n  ${r.failures.join('\n  ')}` : '\nevery target held');
}
