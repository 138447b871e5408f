// npm run bench:launch:capacity: the highest storefront rate launch day holds (issue 47: "storefront
// p95 ≤ 100 ms at the highest visitor rate the machine sustains with the rest running; say what rate
// that is, and how it compares with one instance alone"). For two instances, then one
// (LAUNCH_INSTANCES), it runs bench/launch.mjs round after round at rising visitor rates
// (LAUNCH_CAPACITY_RATES, default 80,120,160,200,240 a second), each round LAUNCH_CAPACITY_SECONDS (60)
// of load with everything else as launch day has it, on its own freshly seeded database. It stops rising
// at the first rate where the storefront's p95 is over 100 ms, or it achieved less than 95 % of the rate
// asked, or anything but a latency went wrong (errors, 5xx, an invariant, a receipt, the broadcast's
// rate, RSS); the other kinds' p95 misses are reported with the round but do not stop the rise (the
// rate sustained "with the rest running" is the storefront's), and writes every round and the
// conclusions to bench/launch-capacity-results.md (after each round, so an interrupted sweep keeps what
// it measured). Each round is bounded: after LAUNCH_CAPACITY_ROUND_LIMIT_S (the round's seconds + 480:
// both starts, the seed, the load, the last polls and the wait for receipts) it is sent SIGTERM (it
// stops its instances and drops its database) and, 30 s later, killed. Other LAUNCH_* settings
// (LAUNCH_SCALE, LAUNCH_CHECKOUTS_PER_MIN, …) pass through to every round. Build first (`npm run
// build`). Traffic goes to 127.0.0.1 only (the rounds' own).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { MAIN, ROOT } from './lib.mjs';
import { TARGETS, isMentorsRequest } from './launch-report.mjs';

/** Two instances first (launch day as planned), then one alone. */
const INSTANCE_COUNTS = [2, 1];
const RATES = (process.env.LAUNCH_CAPACITY_RATES ?? '80,120,160,200,240').split(',').map((x) => Number(x.trim()));
const SECONDS = Number(process.env.LAUNCH_CAPACITY_SECONDS ?? 60);
const ROUND_LIMIT_S = Number(process.env.LAUNCH_CAPACITY_ROUND_LIMIT_S ?? SECONDS + 480);
/** A round held the storefront's rate when it achieved at least this share of the rate asked. */
const ACHIEVED_SHARE = 0.95;
const RESULTS = join(ROOT, 'bench/launch-capacity-results.md');
const LAUNCH = join(ROOT, 'bench/launch.mjs');

if (!RATES.length || RATES.some((r) => !Number.isFinite(r) || r <= 0) || RATES.some((r, i) => i && r <= RATES[i - 1])) {
  console.error(
    `LAUNCH_CAPACITY_RATES must be rising positive numbers, e.g. 80,120,160 (got ${process.env.LAUNCH_CAPACITY_RATES}).`,
  );
  process.exit(1);
}
if (!(SECONDS > 0) || !(ROUND_LIMIT_S > SECONDS)) {
  console.error('LAUNCH_CAPACITY_SECONDS must be positive, and LAUNCH_CAPACITY_ROUND_LIMIT_S longer than it.');
  process.exit(1);
}
if (!existsSync(MAIN)) {
  console.error('backend/dist/main.js not found: run `npm run build` first.');
  process.exit(1);
}

const startedAt = new Date();
const loadAtStart = loadavg();
const tmp = mkdtempSync(join(tmpdir(), 'launch-capacity-'));
/** Every round run: { instances, rate, result (bench/launch.mjs's, or null), verdict: { held, reasons } }. */
const rounds = [];
/** The round running now (its child process), to stop it when the sweep itself is stopped. */
let current = null;
let interrupted = false;

for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the round running now …`);
    if (current) stopRound(current);
  });

try {
  for (const instances of INSTANCE_COUNTS) {
    for (const rate of RATES) {
      if (interrupted) break;
      const round = await runRound(instances, rate);
      if (interrupted && !round.result) break;
      rounds.push(round);
      writeFileSync(RESULTS, render({ finished: false }));
      const { held, reasons } = round.verdict;
      console.log(
        `\n── ${instances} × ${rate}/s: ${held ? 'held the storefront with the rest running' : `missed (${reasons.join('; ')})`} ──\n`,
      );
      if (!held) break;
    }
    if (interrupted) break;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
writeFileSync(RESULTS, render({ finished: !interrupted }));
console.log(`written: ${RESULTS}\n`);
for (const line of conclusions()) console.log(line);
process.exitCode = interrupted || rounds.some((r) => !r.result) ? 1 : 0;

/** One round: bench/launch.mjs with `instances` and `rate`, bounded in time; its result and verdict. */
async function runRound(instances, rate) {
  const json = join(tmp, `round-${instances}-${rate}.json`);
  rmSync(json, { force: true });
  console.log(`\n══ round: ${instances} instance${instances === 1 ? '' : 's'}, ${rate} visitors/s, ${SECONDS} s ══`);
  const child = spawn(process.execPath, [LAUNCH], {
    cwd: ROOT,
    env: {
      ...process.env,
      LAUNCH_INSTANCES: String(instances),
      LAUNCH_VISITORS_PER_S: String(rate),
      LAUNCH_SECONDS: String(SECONDS),
      LAUNCH_RESULTS_JSON: json,
    },
    stdio: 'inherit',
    // Its own process group: when the bound is reached, the instances it started go with it.
    detached: true,
  });
  current = child;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let overrun = false;
  const bound = setTimeout(() => {
    overrun = true;
    console.error(`\nthe round ran past ${ROUND_LIMIT_S} s: stopping it …`);
    stopRound(child);
  }, ROUND_LIMIT_S * 1000);
  const { code, signal } = await exited;
  clearTimeout(bound);
  current = null;
  // Anything of its group still running (an instance it could not stop): killed, so no round outlives its bound.
  try {
    process.kill(-child.pid, 0);
    console.error('the round left processes behind: killing them');
    process.kill(-child.pid, 'SIGKILL');
  } catch {}

  const result = !overrun && existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : null;
  if (!result) {
    const how = overrun
      ? `stopped after ${ROUND_LIMIT_S} s`
      : `ended without a result (${signal ? `signal ${signal}` : `exit code ${code}`})`;
    return { instances, rate, result: null, verdict: { held: false, reasons: [`the round ${how}`] } };
  }
  return { instances, rate, result, verdict: verdict(result, rate) };
}

/** SIGTERM to the round (it cleans up after itself); its whole process group killed if it is still there 30 s later. */
function stopRound(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }, 30_000).unref();
}

/**
 * Whether a round held the storefront's rate with the rest running, and if not, why (the storefront's
 * first); `alsoMissed`: the other kinds' p95 targets it missed (reported, not stopping the rise).
 */
function verdict(result, rate) {
  const reasons = [];
  const p95 = row(result, 'storefront')?.p95;
  if (p95 === undefined) reasons.push('no storefront requests');
  else if (p95 > TARGETS.p95.storefront) reasons.push(`storefront p95 ${p95.toFixed(0)} ms > ${TARGETS.p95.storefront} ms`);
  if (result.achievedVisitorsPerS < ACHIEVED_SHARE * rate)
    reasons.push(`storefront achieved ${result.achievedVisitorsPerS.toFixed(1)}/s of ${rate}/s asked`);
  const others = result.failures.filter((f) => !f.startsWith('storefront: p95'));
  const latency = others.filter((f) => /: p95 \d+ ms > /.test(f));
  const hard = others.filter((f) => !latency.includes(f));
  if (hard.length) reasons.push(...hard);
  const alsoMissed = latency.map((f) => f.replace(/ > \d+ ms$/, ''));
  return { held: reasons.length === 0, reasons, alsoMissed };
}

// (Declared as functions: the sweep above runs before any `const` down here is initialised.)
function row(result, kind) {
  return result.rows.find((x) => x.kind === kind);
}
function ms(x) {
  return x === undefined ? '–' : x.toFixed(0);
}
function instancesWord(n) {
  return n === 1 ? 'One instance' : 'Two instances';
}

/** The mentor's slowest request by p95: "p95 ms (kind)". */
function mentorsWorst(result) {
  const worst = result.rows.filter((x) => isMentorsRequest(x.kind)).sort((a, b) => b.p95 - a.p95)[0];
  return worst ? `${ms(worst.p95)} (${worst.kind.replace(/^mentor: /, '')})` : '–';
}

/** Per instance count: the highest rate that held (null if none did), and the round that stopped the rise. */
function limits() {
  return INSTANCE_COUNTS.map((instances) => {
    const mine = rounds.filter((r) => r.instances === instances);
    const held = mine.filter((r) => r.verdict.held);
    return {
      instances,
      ran: mine.length > 0,
      highest: held.length ? held[held.length - 1].rate : null,
      stoppedBy: mine.find((r) => !r.verdict.held) ?? null,
      /** Every rate asked was run (or the rise stopped): false when the sweep was stopped part-way. */
      complete: mine.length === RATES.length || mine.some((r) => !r.verdict.held),
    };
  });
}

function conclusions() {
  const lines = [];
  const ls = limits();
  for (const l of ls) {
    if (!l.ran) {
      lines.push(`${instancesWord(l.instances)}: not run${interrupted ? ' (the sweep was stopped first)' : ''}.`);
      continue;
    }
    const stop = l.stoppedBy
      ? `; at ${l.stoppedBy.rate}/s it missed: ${l.stoppedBy.verdict.reasons.join('; ')}`
      : l.complete
        ? `; every rate asked held, so the limit is above ${RATES[RATES.length - 1]}/s (ask higher rates to find it)`
        : '; the sweep was stopped before the next rate';
    lines.push(
      l.highest === null
        ? `${instancesWord(l.instances)}: none of the rates asked held the storefront with the rest running (the lowest, ${RATES[0]}/s, missed: ${l.stoppedBy.verdict.reasons.join('; ')}).`
        : `${instancesWord(l.instances)}: the highest visitor rate at which the storefront held p95 ≤ ${TARGETS.p95.storefront} ms with the rest running, without an error, was ${l.highest}/s${stop}.`,
    );
  }
  const [two, one] = ls;
  if (two.ran && one.ran) {
    const bound = (l) => (l.stoppedBy ? '' : ' (at least)');
    if (two.highest !== null && one.highest !== null)
      lines.push(
        `One instance alone held ${one.highest}/s${bound(one)} and two held ${two.highest}/s${bound(two)}: ` +
          (two.highest === one.highest
            ? 'the second instance added no storefront capacity at the rates asked (on one machine both share its cores and MariaDB).'
            : two.highest > one.highest
              ? `the second instance added ${two.highest - one.highest}/s (${(two.highest / one.highest).toFixed(2)}× one alone; both share the machine's cores and MariaDB).`
              : `one alone held ${one.highest - two.highest}/s more than two (both share the machine's cores and MariaDB).`),
      );
    else if (two.highest !== null)
      lines.push(`Two instances held ${two.highest}/s; one alone held none of the rates asked (from ${RATES[0]}/s).`);
    else if (one.highest !== null)
      lines.push(`One instance alone held ${one.highest}/s; two held none of the rates asked (from ${RATES[0]}/s).`);
    else lines.push(`Neither held the lowest rate asked (${RATES[0]}/s): ask lower rates to compare them.`);
  }
  return lines;
}

function render({ finished }) {
  const first = rounds.find((r) => r.result)?.result;
  const scale = first?.scale ?? Number(process.env.LAUNCH_SCALE ?? 1);
  const fmtLoad = (xs) => xs.map((x) => x.toFixed(2)).join(', ');
  const lines = [
    '# Launch day: the highest visitor rate (`npm run bench:launch:capacity`)',
    '',
    `Sweep started ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores` +
      ` (${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB), Node ${process.version};` +
      ` load average ${fmtLoad(loadAtStart)} at the start, ${fmtLoad(loadavg())} at the end.`,
    `Each round is \`npm run bench:launch\` for ${SECONDS} s on its own freshly seeded database` +
      (scale < 1
        ? ` at ${scale} of the volume (LAUNCH_SCALE: a trial of the sweep, not the launch's figures)`
        : ' at the full volume') +
      `, with everything else running as launch day has it` +
      (first
        ? ` (${first.load.leads} new leads/s, ${first.load.checkouts} checkouts/min with their webhooks and polls, the mentor's panel, a broadcast at ${first.load.sendRate}/min).`
        : '.'),
    `Rates asked: ${RATES.join(', ')} visitors/s, for two instances and then one; an instance count stops rising at the first rate where the`,
    `storefront's p95 is over ${TARGETS.p95.storefront} ms, it achieved less than ${ACHIEVED_SHARE * 100} % of the rate asked, or anything but a latency went wrong`,
    "(errors, 5xx, an invariant, a receipt, the broadcast, RSS); the other kinds' p95 misses are listed per round and do not stop the rise.",
    'Every instance and MariaDB share the one machine with the bench itself.',
    '',
    finished ? '' : '**The sweep did not finish** (stopped, or still running): the rounds below are those run so far.',
    '',
    '| instances | asked /s | achieved /s | storefront p50 ms | storefront p95 ms | checkout opened p95 ms | webhook p95 ms | status poll p95 ms | mentor worst p95 ms | peak RSS MB | failures | load avg after | held |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | --- | --- |',
    ...rounds.map(({ instances, rate, result: r, verdict: v }) =>
      r
        ? `| ${instances} | ${rate} | ${r.achievedVisitorsPerS.toFixed(1)} | ${ms(row(r, 'storefront')?.p50)} | ${ms(row(r, 'storefront')?.p95)} | ${ms(row(r, 'checkout opened')?.p95)} | ${ms(row(r, 'webhook')?.p95)} | ${ms(row(r, 'status poll')?.p95)} | ${mentorsWorst(r)} | ${r.peakRss.map((x) => x.toFixed(0)).join(' / ')} | ${r.failures.length} | ${r.uptime} | ${v.held ? 'yes' : 'no'} |`
        : `| ${instances} | ${rate} | – | – | – | – | – | – | – | – | – | – | no: ${v.reasons.join('; ')} |`,
    ),
    '',
  ];
  const missed = rounds.filter((r) => r.result?.failures.length);
  if (missed.length) {
    lines.push('Targets missed, per round:', '');
    for (const r of missed) lines.push(`- ${r.instances} × ${r.rate}/s: ${r.result.failures.join('; ')}`);
    lines.push('');
  }
  lines.push(...conclusions(), '');
  return lines.filter((x, i, a) => !(x === '' && a[i - 1] === '')).join('\n');
}
