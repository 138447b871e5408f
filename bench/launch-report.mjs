// bench/launch.mjs's targets (issue 47) and its results page, bench/launch-results.md.

/** What launch day must hold on the 2-core machine, both instances and MariaDB on it. */
export const TARGETS = {
  p95: { storefront: 100, 'checkout opened': 500, webhook: 500, 'status poll': 200, mentor: 300 },
  /** A receipt leaves within this of its payment, whatever else is sending. */
  receiptSeconds: 60,
  /** The broadcast's rate to hold during the load (or the operator's MARKETING_SEND_RATE, if lower). */
  broadcastPerMin: 3334,
  rssMb: 300,
};

/** A request the mentor makes in the panel, the overview included (each held to `TARGETS.p95.mentor`). */
export const isMentorsRequest = (kind) => kind.startsWith('mentor:');

export const percentile = (xs, p) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const ms = (x) => x.toFixed(0);

export function renderResults(r) {
  const targetOf = (kind) =>
    kind in TARGETS.p95 ? `≤ ${TARGETS.p95[kind]}` : isMentorsRequest(kind) ? `≤ ${TARGETS.p95.mentor}` : '–';
  const lines = [
    '# Launch day (`npm run bench:launch`)',
    '',
    `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.seconds} s of load on ${r.cores} cores (both instances, MariaDB,`,
    `the fakes and the bench on the same machine; load average after the run ${r.uptime}). Seeded in ${r.seeded?.toFixed(0) ?? '?'} s`,
    r.scale < 1
      ? `at ${r.scale} of the volume (LAUNCH_SCALE: a trial of the bench, not the launch's figures).`
      : 'at the full volume.',
    `Load: ${r.load.visitors} storefront requests/s asked (${r.achievedVisitorsPerS.toFixed(0)} achieved), ${r.load.leads} new leads/s,`,
    `${r.load.checkouts} checkouts/min (card and Vipps, each webhook to both instances, every fifth twice), the mentor's`,
    `panel every 1.5 s (and every ${r.load.mentorActionsEvery} s a refund, a grant and an answer to a student's question), a broadcast`,
    `to every subscriber at MARKETING_SEND_RATE=${r.load.sendRate}.`,
    '',
    '| kind | requests | p50 ms | p95 ms | p99 ms | errors | p95 target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows.map(
      (x) => `| ${x.kind} | ${x.requests} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${x.errors} | ${targetOf(x.kind)} |`,
    ),
    '',
    `- Mail: ${r.mails.total} sent (${r.mails.transactional} transactional, ${r.mails.broadcastTotal} of the broadcast); the broadcast`,
    `  ${r.mails.broadcastDuringLoadPerMin.toFixed(0)}/min during the load; per minute from the start: ${r.mails.perMinute.join(', ')}.`,
    r.broadcast
      ? `- Broadcast: ${r.broadcast.recipients} recipients, ${r.broadcast.queued} queued to the outbox, status ${r.broadcast.status}.`
      : '- Broadcast: not found.',
    `- Receipts: ${r.receipts.mailed} of ${r.receipts.paid} paid buyers, p95 ${r.receipts.p95.toFixed(1)} s and at most ${r.receipts.max.toFixed(1)} s after paying (target ≤ ${TARGETS.receiptSeconds} s).`,
    `- Peak RSS: ${r.peakRss.map((x) => `${x.toFixed(0)} MB`).join(' / ')} (target ≤ ${TARGETS.rssMb} MB each).`,
    `- Invariants: ${r.invariants.ordersPaid} orders paid for ${r.invariants.buyersPaid} paying buyers; fulfilled other than once: ${r.invariants.fulfilledOtherThanOnce};`,
    `  mails sent twice: ${r.invariants.mailsSentTwice}; addresses mailed the broadcast twice: ${r.invariants.broadcastAddressesTwice};`,
    `  5xx answers: ${r.invariants.fiveXx}; success pages that saw their payment: ${r.invariants.pollsSeenPaid}.`,
    `- The mentor's writes: ${r.invariants.refunds} refunds (${r.invariants.ordersRefunded} orders refunded; refunded other than once:`,
    `  ${r.invariants.refundedOtherThanOnce}; refund mailed other than once: ${r.invariants.refundMailsOtherThanOnce}); ${r.invariants.grants} grants`,
    `  (made other than once: ${r.invariants.grantedOtherThanOnce}); ${r.invariants.answers} answers (${r.invariants.questionsAnswered} questions`,
    `  answered; mailed other than once: ${r.invariants.answerMailsOtherThanOnce}).`,
    '',
    r.failures.length ? `Targets missed:\n\n${r.failures.map((x) => `- ${x}`).join('\n')}` : 'Every target held.',
    '',
  ];
  return lines.join('\n');
}
