import { check, reason, type Check, type DoctorContext } from './check';

/** The oldest undelivered mail may wait this long (retries with backoff) before the outbox counts as stuck. */
export const OUTBOX_STUCK_MINUTES = 30;

/** Queues (docs/decisions.md "Going live"): the outbox moves, and no webhook was refused in the last hour. */
export async function queueChecks(ctx: DoctorContext): Promise<Check[]> {
  const out: Check[] = [];
  try {
    const s = await ctx.outboxStats();
    const minutes = Math.floor(s.oldestPendingAgeSeconds / 60);
    if (minutes >= OUTBOX_STUCK_MINUTES)
      out.push(
        check(
          'queues',
          'outbox',
          'error',
          `Den eldste e-posten i utboksen har ventet i ${minutes} ${minutes === 1 ? 'minutt' : 'minutter'} (${s.depth} venter): sjekk SMTP under E-post og se Utgående e-post i panelet.`,
        ),
      );
    else if (s.failed > 0)
      out.push(
        check(
          'queues',
          'outbox',
          'warning',
          `Utboksen går, men ${s.failed === 1 ? '1 e-post er gitt opp: se den' : `${s.failed} e-poster er gitt opp: se dem`} under Utgående e-post og send ${s.failed === 1 ? 'den' : 'dem'} på nytt.`,
        ),
      );
    else
      out.push(
        check(
          'queues',
          'outbox',
          'ok',
          `Utboksen går (${s.depth} venter, den eldste i ${minutes} ${minutes === 1 ? 'minutt' : 'minutter'}).`,
        ),
      );
  } catch (e) {
    out.push(check('queues', 'outbox', 'error', `Fikk ikke lest utboksen (${reason(e)}): sjekk databasen.`));
  }
  if (!ctx.webhookFailuresSince) {
    out.push(check('queues', 'webhooks', 'off', 'Webhook-feil telles i appen: se dem under Driftsstatus i panelet.'));
    return out;
  }
  const failures = Object.entries(ctx.webhookFailuresSince(new Date(ctx.now().getTime() - 3_600_000))).filter(([, n]) => n > 0);
  out.push(
    failures.length
      ? check(
          'queues',
          'webhooks',
          'error',
          `Webhooks ble avvist siste time (${failures.map(([p, n]) => `${p}: ${n}`).join(', ')}): se loggen (docker compose logs app) og sjekk webhook-hemmelighetene.`,
        )
      : check('queues', 'webhooks', 'ok', 'Ingen webhook ble avvist siste time.'),
  );
  return out;
}
